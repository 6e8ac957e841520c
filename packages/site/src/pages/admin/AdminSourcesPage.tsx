/**
 * /admin/sources (issue 44, "Managing sources while the server runs"): the admin's source management
 * while the server runs. A health table of every source (sortable, filtered, paged for thousands), per
 * row enable or disable, edit sport and teams, fetch now, remove (its articles kept or removed) and the
 * latest items; "Add a source" by a feed or site URL with a preview; OPML export and import. Filters,
 * sort and page live in the URL. The table re-reads itself every few seconds while a source it shows
 * has not been fetched yet, so a new source's first fetch shows without a reload.
 * Signed out, the route's guard sends the visitor to sign in; a member who is not an admin gets the
 * 403 page.
 * @module
 */
import type { AdminSource, AdminSourceDetail, AdminSourceList, AdminSourceSort } from '@sportspyder/contract';
import {
  ADMIN_SOURCES_POLL_MS,
  type AdminSourceSortColumn,
  adminSourceAriaSort,
  awaitingFirstFetch,
  fetchAdminSourceNow,
  formErrors,
  isApiError,
  listAdminSources,
  nextAdminSourceSort,
  updateAdminSource,
} from '@sportspyder/core';
import { Pagination, useClient, useSession } from '@sportspyder/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AddSourcePanel } from './AddSourcePanel.js';
import { DeleteSourceDialog } from './DeleteSourceDialog.js';
import { EditSourceDialog } from './EditSourceDialog.js';
import { ForbiddenPage } from './ForbiddenPage.js';
import { OpmlPanel } from './OpmlPanel.js';
import { SourceFilters, type SourceFilterValues } from './SourceFilters.js';
import { SourceRow, type SourceRowAction } from './SourceRow.js';
import '../account/account.css';
import '../chat/chat.css';
import './admin-sources.css';

/** The table's columns: header text and the sort it toggles (null: not sortable). */
const COLUMNS: readonly (readonly [string, AdminSourceSortColumn | null])[] = [
  ['Source', 'title'],
  ['Kind', 'kind'],
  ['Teams', null],
  ['State', 'state'],
  ['Last fetch', 'lastFetchedAt'],
  ['Last error', null],
  ['Failures', 'failureCount'],
  ['Items / day', 'itemsPerDay'],
  ['Median fetch', 'medianFetchMs'],
  ['Next fetch', 'nextFetchAt'],
  ['Articles', 'articleCount'],
  ['Actions', null],
];

const SORTABLE: ReadonlySet<string> = new Set(
  [...COLUMNS.map(([, column]) => column), 'createdAt'].filter((c): c is string => c !== null),
);

type Dialog = { type: 'edit' | 'delete'; source: AdminSource } | null;

/** The query of the table, read from the page's URL. */
function useTableQuery() {
  const [params, setParams] = useSearchParams();
  const filters: SourceFilterValues = {
    q: params.get('q') ?? '',
    state: params.get('state') ?? '',
    kind: params.get('kind') ?? '',
    origin: params.get('origin') ?? '',
    sport: params.get('sport') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  // A sort the table does not know (an edited URL) is left out rather than refused by the server.
  const asked = params.get('sort') ?? '';
  const sort = SORTABLE.has(asked.replace(/^-/, '')) ? (asked as AdminSourceSort) : undefined;
  const setParam = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          // A new filter or sort starts at its first page.
          if (name !== 'page') next.delete('page');
          return next;
        },
        { replace: name === 'q' },
      ),
    [setParams],
  );
  const showNewest = useCallback(() => setParams(new URLSearchParams({ sort: '-createdAt' })), [setParams]);
  return { params, filters, page, sort, setParam, showNewest };
}

/** The admin's source management, or the 403 page for a member. */
export function AdminSourcesPage() {
  const { user } = useSession();
  useDocumentTitle(user?.admin ? 'Sources' : null);
  if (!user?.admin) return <ForbiddenPage />;
  return <SourcesManager />;
}

function SourcesManager() {
  const client = useClient();
  const { params, filters, page, sort, setParam, showNewest } = useTableQuery();
  const [list, setList] = useState<AdminSourceList | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [forbidden, setForbidden] = useState(false);
  const [tick, setTick] = useState(0);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rowErrors, setRowErrors] = useState<readonly string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [fetchAsked, setFetchAsked] = useState<ReadonlyMap<number, string | null>>(new Map());
  const reload = useCallback(() => setTick((n) => n + 1), []);

  const query = useMemo(
    () => ({
      page,
      q: filters.q || undefined,
      state: (filters.state || undefined) as AdminSource['state'] | undefined,
      kind: (filters.kind || undefined) as AdminSource['kind'] | undefined,
      origin: (filters.origin || undefined) as AdminSource['origin'] | undefined,
      sport: filters.sport || undefined,
      sort,
    }),
    [page, filters.q, filters.state, filters.kind, filters.origin, filters.sport, sort],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the reload trigger
  useEffect(() => {
    const abort = new AbortController();
    listAdminSources(client, query, abort.signal).then(
      (answer) => {
        if (abort.signal.aborted) return;
        setList(answer);
        setLoadError(false);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (isApiError(error) && (error.status === 403 || error.status === 401)) setForbidden(true);
        else setLoadError(true);
      },
    );
    return () => abort.abort();
  }, [client, query, tick]);

  // "Fetch now" is done once the source shows a fetch newer than the one it had when asked.
  useEffect(() => {
    if (!list || fetchAsked.size === 0) return;
    const still = new Map(fetchAsked);
    for (const s of list.sources)
      if (still.has(s.id) && s.lastFetchedAt !== still.get(s.id)) still.delete(s.id);
    if (still.size !== fetchAsked.size) setFetchAsked(still);
  }, [list, fetchAsked]);

  const polling = list !== null && (awaitingFirstFetch(list.sources) || fetchAsked.size > 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new list answer schedules the next poll
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(reload, ADMIN_SOURCES_POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, list, reload]);

  const replace = (detail: AdminSourceDetail) =>
    setList((current) =>
      current
        ? { ...current, sources: current.sources.map((s) => (s.id === detail.source.id ? detail.source : s)) }
        : current,
    );

  const onAction = async (action: SourceRowAction, source: AdminSource) => {
    if (action === 'edit' || action === 'delete') {
      setDialog({ type: action, source });
      return;
    }
    setBusyId(source.id);
    setRowErrors([]);
    try {
      if (action === 'toggle') {
        replace(await updateAdminSource(client, source.id, { enabled: !source.enabled }));
      } else {
        setFetchAsked((m) => new Map(m).set(source.id, source.lastFetchedAt));
        replace(await fetchAdminSourceNow(client, source.id));
      }
      // The state counts move with an enable or disable.
      reload();
    } catch (error) {
      setRowErrors(formErrors(error).titles.map((t) => `${source.title}: ${t}`));
    } finally {
      setBusyId(null);
    }
  };

  const toggleOpen = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onCreated = (detail: AdminSourceDetail) => {
    // Newest first, no filters: the new source is the table's first row, opened to show its items.
    setOpen((current) => new Set(current).add(detail.source.id));
    showNewest();
    reload();
  };

  if (forbidden) return <ForbiddenPage />;

  const pagination = list?.meta.pagination;
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    const search = next.toString();
    return `/admin/sources${search ? `?${search}` : ''}`;
  };

  return (
    <article className="ss-page ss-admin-sources">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Sources</h1>
        <p className="ss-page__description">
          Every feed SportSpyder reads, with its health. Changes apply at once, while the server runs.
        </p>
      </header>
      <div className="ss-admin-sources__panels">
        <AddSourcePanel onCreated={onCreated} />
        <OpmlPanel onImported={reload} />
      </div>
      <section className="ss-card ss-admin-table-card" aria-labelledby="admin-sources-table-title">
        <h2 id="admin-sources-table-title">Health of the sources</h2>
        <SourceFilters value={filters} onChange={setParam} states={list?.meta.states ?? null} />
        <ErrorBox titles={rowErrors} />
        <p className="ss-admin-summary" role="status">
          {loadError
            ? ''
            : pagination
              ? `${pagination.totalCount} ${pagination.totalCount === 1 ? 'source' : 'sources'}${
                  pagination.totalPages > 1 ? `, page ${pagination.page} of ${pagination.totalPages}` : ''
                }${polling ? ' · refreshing while a source waits for its first fetch' : ''}`
              : 'Loading the sources…'}
        </p>
        {loadError ? (
          <p role="alert">
            The sources could not be loaded.{' '}
            <button type="button" className="ss-admin-link-button" onClick={reload}>
              Try again
            </button>
          </p>
        ) : null}
        {list && list.sources.length === 0 ? <p>No source matches these filters.</p> : null}
        {list && list.sources.length > 0 ? (
          <section
            className="ss-admin-scroll"
            aria-label="Sources table (scrolls sideways)"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus to scroll by keyboard
            tabIndex={0}
          >
            <table className="ss-admin-table">
              <thead>
                <tr>
                  {COLUMNS.map(([label, column]) => {
                    const aria = column ? adminSourceAriaSort(sort, column) : 'none';
                    return (
                      <th key={label} scope="col" aria-sort={aria === 'none' ? undefined : aria}>
                        {column ? (
                          <button
                            type="button"
                            className="ss-admin-sort"
                            onClick={() => setParam('sort', nextAdminSourceSort(sort, column))}
                          >
                            {label}
                            <span aria-hidden="true" className="ss-admin-sort__arrow">
                              {aria === 'ascending' ? '▲' : aria === 'descending' ? '▼' : '↕'}
                            </span>
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {list.sources.map((source) => (
                  <SourceRow
                    key={source.id}
                    source={source}
                    open={open.has(source.id)}
                    onToggleOpen={() => toggleOpen(source.id)}
                    onAction={onAction}
                    busy={busyId === source.id}
                    columns={COLUMNS.length}
                  />
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
        {pagination ? (
          <Pagination
            page={pagination.page}
            totalPages={pagination.totalPages}
            hrefFor={hrefFor}
            label="Pages of sources"
          />
        ) : null}
      </section>
      {dialog?.type === 'edit' ? (
        <EditSourceDialog
          source={dialog.source}
          onClose={() => setDialog(null)}
          onSaved={(detail) => {
            setDialog(null);
            replace(detail);
          }}
        />
      ) : null}
      {dialog?.type === 'delete' ? (
        <DeleteSourceDialog
          source={dialog.source}
          onClose={() => setDialog(null)}
          onRemoved={() => {
            setDialog(null);
            reload();
          }}
        />
      ) : null}
    </article>
  );
}
