/**
 * /admin (issue 48): the admin home — links to the other admin pages and the moderation queue. The
 * queue lists the reported messages and comments, the most recently reported first, each with its
 * reports (reason, 'Other' text, reporter, when), where it was said (channel, article, episode) and
 * the messages around it, and the actions Delete, Dismiss and "Ban from chat" for a number of days.
 * Reports arrive while the page is open (core's queue store listens to `AdminModerationChannel`).
 * Signed out, the route's guard sends the visitor to sign in; a member gets the 403 page.
 * @module
 */
import type { ModerationItem } from '@sportspyder/contract';
import {
  chatAuthorName,
  createModerationQueue,
  isApiError,
  MODERATION_BAN_DAYS,
  REPORT_REASONS,
} from '@sportspyder/core';
import { useClient, useSession, useStore } from '@sportspyder/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { messageLinkPath } from '../chat/chatPaths.js';
import { ForbiddenPage } from './ForbiddenPage.js';
import '../account/account.css';
import './admin-sources.css';

const TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const when = (iso: string | undefined) => (iso ? TIME.format(new Date(iso)) : '');
const reasonLabel = (id: number) => REPORT_REASONS.find((r) => r.id === id)?.label ?? `Reason ${id}`;

/** The admin pages the home links to. */
const ADMIN_PAGES = [{ to: '/admin/sources', label: 'Sources', text: 'Feeds, their health, OPML.' }] as const;

/** The admin home, or the 403 page for a member. */
export function AdminHomePage() {
  const { user } = useSession();
  useDocumentTitle(user?.admin ? 'Admin' : null);
  if (!user?.admin) return <ForbiddenPage />;
  return <AdminHome />;
}

function AdminHome() {
  const client = useClient();
  const queue = useMemo(() => createModerationQueue(client), [client]);
  const snapshot = useStore(queue);
  if (snapshot.status === 'forbidden') return <ForbiddenPage />;
  return (
    <article className="ss-page ss-admin-sources ss-admin-home">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Admin</h1>
      </header>
      <nav aria-label="Admin pages" className="ss-card">
        <ul>
          {ADMIN_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link> — {page.text}
            </li>
          ))}
        </ul>
      </nav>
      <section className="ss-card" aria-labelledby="ss-moderation-title">
        <h2 id="ss-moderation-title">Moderation queue</h2>
        <p className="ss-admin-muted" aria-live="polite">
          {snapshot.status === 'loading'
            ? 'Loading reports…'
            : snapshot.status === 'error'
              ? 'The reports could not be loaded. Try again later.'
              : snapshot.items.length === 0
                ? 'Nothing reported. New reports appear here as they arrive.'
                : `${snapshot.items.length} reported ${snapshot.items.length === 1 ? 'message' : 'messages'}`}
        </p>
        <ol className="ss-moderation-list" aria-label="Reported messages">
          {snapshot.items.map((item) => (
            <QueueItem
              key={item.message.id}
              item={item}
              onAct={(body) => queue.act(item.message.id, body).then(() => null)}
            />
          ))}
        </ol>
      </section>
    </article>
  );
}

function Place({ item }: { item: ModerationItem }) {
  const { channel, article, episode } = item.place;
  if (channel) {
    return (
      <>
        in channel <Link to={messageLinkPath(item.message)}># {channel.name}</Link>
      </>
    );
  }
  if (article) {
    return (
      <>
        on article <Link to={`/articles/${article.id}?messageId=${item.message.id}`}>{article.title}</Link>
      </>
    );
  }
  if (episode) {
    return (
      <>
        on episode{' '}
        <Link to={`/podcasts/${episode.podcastId}/episodes/${episode.id}?messageId=${item.message.id}`}>
          {episode.title}
        </Link>
      </>
    );
  }
  return null;
}

function QueueItem({
  item,
  onAct,
}: {
  item: ModerationItem;
  onAct: (body: { action: 'delete' | 'dismiss' | 'ban'; banDays?: number }) => Promise<null>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [days, setDays] = useState(MODERATION_BAN_DAYS[1] ?? 7);
  const { message } = item;
  const author = chatAuthorName(message.user);
  const run = (body: { action: 'delete' | 'dismiss' | 'ban'; banDays?: number }) => {
    setBusy(true);
    setError(null);
    onAct(body).catch((e: unknown) => {
      setBusy(false);
      setError(isApiError(e) ? e.firstError.title : 'That did not work. Try again.');
    });
  };
  const labelId = `ss-moderation-${message.id}`;
  return (
    <li className="ss-moderation-item" aria-labelledby={labelId} data-testid="moderation-item">
      <h3 id={labelId}>
        {author} <span className="ss-admin-muted">({when(message.createdAt)})</span> <Place item={item} />
      </h3>
      <blockquote className="ss-moderation-item__message">{message.content}</blockquote>
      {item.context.length > 0 && (
        <details>
          <summary>Context ({item.context.length} messages around it)</summary>
          <ol className="ss-moderation-item__context">
            {[...item.context, message]
              .sort((a, b) => a.id - b.id)
              .map((m) => (
                <li key={m.id} className={m.id === message.id ? 'ss-moderation-item__reported' : undefined}>
                  <strong>{chatAuthorName(m.user)}</strong>: {m.content}
                </li>
              ))}
          </ol>
        </details>
      )}
      <ul className="ss-moderation-item__reports" aria-label="Reports">
        {item.reports.map((report) => (
          <li key={report.id}>
            {reasonLabel(report.reasonId)}
            {report.text ? `: “${report.text}”` : ''} — reported by {report.reporter.username},{' '}
            {when(report.createdAt)}
          </li>
        ))}
      </ul>
      {item.authorBannedUntil && (
        <p className="ss-admin-muted">Author banned from chat until {when(item.authorBannedUntil)}.</p>
      )}
      <div className="ss-moderation-item__actions">
        <button type="button" className="ss-button" disabled={busy} onClick={() => run({ action: 'delete' })}>
          Delete
        </button>
        <button
          type="button"
          className="ss-button ss-button--secondary"
          disabled={busy}
          onClick={() => run({ action: 'dismiss' })}
        >
          Dismiss
        </button>
        <label>
          Ban for{' '}
          <select value={days} onChange={(e) => setDays(Number(e.currentTarget.value))} disabled={busy}>
            {MODERATION_BAN_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} {d === 1 ? 'day' : 'days'}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="ss-button ss-button--secondary"
          disabled={busy}
          onClick={() => run({ action: 'ban', banDays: days })}
        >
          Ban from chat
        </button>
      </div>
      {error && (
        <p className="ss-form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
