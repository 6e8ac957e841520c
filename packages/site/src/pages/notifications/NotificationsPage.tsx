/**
 * /notifications (spec 1 §3 "Notification", §4.1, §8): the member's notifications, newest first.
 * Opening it with unread notifications marks them read and refetches the session (the bell's badge
 * clears); with none, "You have no notifications" and its hint.
 * @module
 */
import type { NotificationList } from '@sportspyder/contract';
import {
  loadNotifications,
  markNotificationsRead,
  NO_NOTIFICATIONS_HINT,
  NO_NOTIFICATIONS_TEXT,
  shouldMarkNotificationsRead,
} from '@sportspyder/core';
import { useClient, useSession } from '@sportspyder/react';
import { useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { NotificationItem } from './NotificationItem.js';
import './notifications.css';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; list: NotificationList };

/** The notifications page. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const client = useClient();
  const { user } = useSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [listKey, setListKey] = useState(0);
  const unread = user?.notificationsCount ?? 0;
  const marking = useRef(false);
  const markedOnce = useRef(false);
  const reloaded = useRef(false);

  useEffect(() => {
    let live = true;
    // listKey: a reload after a live push keeps the shown list until the new one is there.
    void listKey;
    loadNotifications(client).then(
      (list) => live && setLoad({ state: 'ready', list }),
      () => live && setLoad((current) => (current.state === 'ready' ? current : { state: 'error' })),
    );
    return () => {
      live = false;
    };
  }, [client, listKey]);

  // Opening the list reads it: once it is shown, unread notifications are marked read. When new ones
  // arrive while it is open (a live push refetched the session), the list is loaded again first.
  useEffect(() => {
    if (
      load.state !== 'ready' ||
      marking.current ||
      !shouldMarkNotificationsRead({ notificationsCount: unread })
    )
      return;
    if (markedOnce.current && !reloaded.current) {
      reloaded.current = true;
      setListKey((key) => key + 1);
      return;
    }
    marking.current = true;
    markNotificationsRead(client)
      .then(() => {
        markedOnce.current = true;
        reloaded.current = false;
      })
      .catch(() => undefined)
      .finally(() => {
        marking.current = false;
      });
  }, [client, load, unread]);

  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Notifications</h1>
      </header>
      {load.state === 'loading' ? <p className="ss-loading-text">Loading…</p> : null}
      {load.state === 'error' ? (
        <p role="status">We could not load your notifications. Please reload the page.</p>
      ) : null}
      {load.state === 'ready' && load.list.notifications.length === 0 ? (
        <div className="ss-card ss-notifications-empty">
          <h2 className="ss-notifications-empty__title">{NO_NOTIFICATIONS_TEXT}</h2>
          <p className="ss-notifications-empty__hint">{NO_NOTIFICATIONS_HINT}</p>
        </div>
      ) : null}
      {load.state === 'ready' && load.list.notifications.length > 0 ? (
        <ul className="ss-notifications" aria-label="Notifications">
          {load.list.notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} />
          ))}
        </ul>
      ) : null}
    </article>
  );
}
