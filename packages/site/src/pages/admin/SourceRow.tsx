/**
 * One source in the health table of /admin/sources: its facts in cells, its actions (details, enable
 * or disable, edit, fetch now, remove), and, when opened, a detail row with its latest stored items
 * that re-reads itself while the source has not brought any yet, so a new source's items appear.
 * @module
 */
import type { AdminFeedItem, AdminSource } from '@sportspyder/contract';
import { ADMIN_SOURCES_POLL_MS, getAdminSource } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useEffect, useState } from 'react';
import {
  exactTime,
  formatDuration,
  formatRate,
  KIND_LABELS,
  ORIGIN_LABELS,
  relativeTime,
  STATE_LABELS,
} from './adminSourceFormat.js';

/** What a row asks of the page. */
export type SourceRowAction = 'toggle' | 'edit' | 'fetch' | 'delete';

/** Props of {@link SourceRow}. */
export interface SourceRowProps {
  /** The source. */
  source: AdminSource;
  /** Whether the detail row is open. */
  open: boolean;
  /** Opens or closes the detail row. */
  onToggleOpen: () => void;
  /** Runs an action. */
  onAction: (action: SourceRowAction, source: AdminSource) => void;
  /** A row action is running (its buttons wait). */
  busy: boolean;
  /** Columns of the table, for the detail row's span. */
  columns: number;
}

/** A time cell: relative, with the exact time in the title. */
function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="ss-admin-muted">—</span>;
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}

/** The state badge, with the reason of a disabled source and the start of a failing one. */
function StateBadge({ source }: { source: AdminSource }) {
  return (
    <>
      <span className={`ss-admin-badge ss-admin-badge--${source.state}`}>{STATE_LABELS[source.state]}</span>
      {/* Active only means "fetched on schedule": a source not fetched yet says so (a new catalogue or feed). */}
      {source.state === 'active' && !source.lastFetchedAt ? (
        <span className="ss-admin-cell-note">Not fetched yet</span>
      ) : null}
      {source.state === 'disabled' && source.disabledReason ? (
        <span className="ss-admin-cell-note">{source.disabledReason}</span>
      ) : null}
      {source.state === 'failing' && source.failingSince ? (
        <span className="ss-admin-cell-note">
          since <When iso={source.failingSince} />
        </span>
      ) : null}
    </>
  );
}

/** The detail row: more facts and the latest items. */
function SourceDetail({ source, id, columns }: { source: AdminSource; id: string; columns: number }) {
  const client = useClient();
  const [items, setItems] = useState<AdminFeedItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [polls, setPolls] = useState(0);
  // Read again whenever the table sees a new fetch of the source.
  const fetchedAt = source.lastFetchedAt;
  const articles = source.articleCount;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetchedAt, articles and polls are the re-read triggers
  useEffect(() => {
    const abort = new AbortController();
    getAdminSource(client, source.id, abort.signal).then(
      (detail) => {
        setItems(detail.items);
        setFailed(false);
      },
      () => {
        if (!abort.signal.aborted) setFailed(true);
      },
    );
    return () => abort.abort();
  }, [client, source.id, fetchedAt, articles, polls]);

  // A source just added or asked to fetch brings its items within a scheduler round or two: keep
  // looking for a while, then leave it to the table's own refreshes.
  const waiting = items !== null && items.length === 0 && source.enabled && polls < 20;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setPolls((n) => n + 1), ADMIN_SOURCES_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  return (
    <tr className="ss-admin-detail" id={id}>
      <td colSpan={columns}>
        <div className="ss-admin-detail__grid">
          <dl className="ss-admin-detail__facts">
            <dt>Feed</dt>
            <dd>
              <a href={source.feedUrl} target="_blank" rel="noreferrer noopener" className="ss-admin-url">
                {source.feedUrl}
              </a>
            </dd>
            <dt>Site</dt>
            <dd>{source.siteUrl ? <span className="ss-admin-url">{source.siteUrl}</span> : '—'}</dd>
            <dt>Origin</dt>
            <dd>{ORIGIN_LABELS[source.origin]}</dd>
            <dt>Sport</dt>
            <dd>{source.sport?.name ?? '—'}</dd>
            <dt>Added</dt>
            <dd>
              <When iso={source.createdAt} />
            </dd>
            <dt>Last error</dt>
            <dd>{source.lastError ? `${source.lastError} (${exactTime(source.lastErrorAt)})` : '—'}</dd>
            <dt>WebSub</dt>
            <dd>
              {source.websub
                ? `${source.websub.state} at ${source.websub.hub}; ${source.websub.pushes} pushes, ${source.websub.rejectedPushes} rejected`
                : 'No hub'}
            </dd>
          </dl>
          <div className="ss-admin-detail__items">
            <h3>Latest items</h3>
            {failed ? (
              <p role="alert">The latest items could not be loaded.</p>
            ) : items === null ? (
              <p aria-busy="true">Loading the latest items…</p>
            ) : items.length === 0 ? (
              <p className="ss-admin-muted" role="status">
                {source.lastFetchedAt
                  ? 'No items stored yet.'
                  : 'Not fetched yet: the items appear here after the first fetch.'}
              </p>
            ) : (
              <ol className="ss-admin-items" aria-label={`Latest items of ${source.title}`}>
                {items.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items without a URL may share a title; the list is redrawn whole
                  <li key={`${item.url ?? ''}-${index}`}>
                    {item.url ? (
                      <a href={item.url} target="_blank" rel="noreferrer noopener">
                        {item.title}
                      </a>
                    ) : (
                      item.title
                    )}
                    {item.publishedAt ? (
                      <span className="ss-admin-muted">
                        {' '}
                        · <When iso={item.publishedAt} />
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      </td>
    </tr>
  );
}

/** A button whose visible word is completed by the source's name for screen readers. */
function RowButton({
  label,
  title,
  onClick,
  disabled,
  danger,
}: {
  label: string;
  title: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={`ss-admin-action${danger ? ' ss-admin-action--danger' : ''}`}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
      <span className="ss-visually-hidden"> {title}</span>
    </button>
  );
}

/** One source's row (and its detail row when open). */
export function SourceRow({ source, open, onToggleOpen, onAction, busy, columns }: SourceRowProps) {
  const detailId = `admin-source-${source.id}-detail`;
  return (
    <>
      <tr data-testid="admin-source-row" data-source-id={source.id} data-state={source.state}>
        <th scope="row" className="ss-admin-source">
          <span className="ss-admin-source__title">{source.title}</span>
          <span className="ss-admin-url ss-admin-source__feed">{source.feedUrl}</span>
        </th>
        <td>{KIND_LABELS[source.kind]}</td>
        <td className="ss-admin-teams">
          {source.teams.length > 0 ? source.teams.map((t) => t.name).join(', ') : (source.sport?.name ?? '—')}
        </td>
        <td>
          <StateBadge source={source} />
        </td>
        <td>
          <When iso={source.lastFetchedAt} />
          {source.lastStatus !== null ? (
            <span className="ss-admin-cell-note">HTTP {source.lastStatus}</span>
          ) : null}
        </td>
        <td className="ss-admin-error-cell">
          {source.lastError ? <span title={source.lastError}>{source.lastError}</span> : '—'}
        </td>
        <td className="ss-admin-num">{source.failureCount}</td>
        <td className="ss-admin-num">{formatRate(source.itemsPerDay)}</td>
        <td className="ss-admin-num">{formatDuration(source.medianFetchMs)}</td>
        <td>
          {source.enabled ? <When iso={source.nextFetchAt} /> : <span className="ss-admin-muted">—</span>}
        </td>
        <td className="ss-admin-num">{source.articleCount}</td>
        <td>
          <div className="ss-admin-actions">
            <button
              type="button"
              className="ss-admin-action"
              aria-expanded={open}
              aria-controls={open ? detailId : undefined}
              onClick={onToggleOpen}
            >
              {open ? 'Hide' : 'Details'}
              <span className="ss-visually-hidden"> {source.title}</span>
            </button>
            <RowButton
              label={source.enabled ? 'Disable' : 'Enable'}
              title={source.title}
              onClick={() => onAction('toggle', source)}
              disabled={busy}
            />
            <RowButton
              label="Edit"
              title={source.title}
              onClick={() => onAction('edit', source)}
              disabled={busy}
            />
            <RowButton
              label="Fetch now"
              title={source.title}
              onClick={() => onAction('fetch', source)}
              disabled={busy || !source.enabled}
            />
            <RowButton
              label="Remove"
              title={source.title}
              onClick={() => onAction('delete', source)}
              disabled={busy}
              danger
            />
          </div>
        </td>
      </tr>
      {open ? <SourceDetail source={source} id={detailId} columns={columns} /> : null}
    </>
  );
}
