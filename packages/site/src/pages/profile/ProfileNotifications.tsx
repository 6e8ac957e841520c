/**
 * The notification messages of /profile (spec 3 §2 "Settings": "profile … and notification
 * messages"): the newest few notifications with a link to the full list, or "You have no
 * notifications" with its hint. Reading them here does not mark them read; opening /notifications does.
 * @module
 */
import { loadNotifications, NO_NOTIFICATIONS_HINT, NO_NOTIFICATIONS_TEXT } from '@sportspyder/core';
import { useClient, useResource } from '@sportspyder/react';
import { RouterLink } from '../../components/RouterLink.js';
import { NotificationItem } from '../notifications/NotificationItem.js';
import '../notifications/notifications.css';

/** How many notifications the profile shows. */
export const PROFILE_NOTIFICATIONS = 5;

/** The profile's notifications card. */
export function ProfileNotifications() {
  const client = useClient();
  const list = useResource('site/profile/notifications', () => loadNotifications(client));
  const notifications = list.data?.notifications.slice(0, PROFILE_NOTIFICATIONS) ?? [];
  return (
    <section className="ss-card" aria-labelledby="profile-notifications">
      <h2 id="profile-notifications" className="ss-card__title">
        Notifications
      </h2>
      {list.status === 'error' && !list.data ? (
        <p role="status">We could not load your notifications. Please reload the page.</p>
      ) : !list.data ? (
        <p className="ss-loading-text">Loading…</p>
      ) : notifications.length === 0 ? (
        <div className="ss-notifications-empty">
          <p className="ss-notifications-empty__title">{NO_NOTIFICATIONS_TEXT}</p>
          <p className="ss-notifications-empty__hint">{NO_NOTIFICATIONS_HINT}</p>
        </div>
      ) : (
        <>
          <ul className="ss-notifications" aria-label="Latest notifications">
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} />
            ))}
          </ul>
          <RouterLink href="/notifications">See all notifications</RouterLink>
        </>
      )}
    </section>
  );
}
