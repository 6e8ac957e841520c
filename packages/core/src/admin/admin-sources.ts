/**
 * The admin's source management as the `/admin/sources` page runs it (issue 44, "Managing sources while
 * the server runs"): the health table's query, one source with its latest items, the preview of a URL,
 * add, edit, enable and disable, fetch now, remove (its articles kept or removed), OPML import and the
 * OPML export's address. Also the table's small rules: how a column header toggles the sort, what
 * `aria-sort` it then carries, and when the page should poll for a source's first fetch.
 * Refusals reject with the `ApiError` for the page's error boxes; 404s and 429s stay on the page.
 * @module
 */
import type {
  AdminOpmlImportResult,
  AdminSource,
  AdminSourceCreateBody,
  AdminSourceDetail,
  AdminSourceList,
  AdminSourcePreview,
  AdminSourceQuery,
  AdminSourceSort,
  AdminSourceUpdateBody,
} from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import type { RequestOptions } from '../transport.js';

/** The part of the client the admin source calls use. */
export type AdminSourceClient = Pick<SportSpyderClient, 'api' | 'toasts'>;

/**
 * The columns the health table sorts by, as the contract lists them (its union is built at run time,
 * so its static type is only `string`); a sort is a column, or `-` and a column for descending.
 */
export type AdminSourceSortColumn =
  | 'title'
  | 'kind'
  | 'state'
  | 'lastFetchedAt'
  | 'failureCount'
  | 'itemsPerDay'
  | 'medianFetchMs'
  | 'nextFetchAt'
  | 'articleCount'
  | 'createdAt';

/** What happens to a removed source's articles. */
export type AdminSourceArticles = 'keep' | 'delete';

/** The toast after a source is added. */
export const ADMIN_SOURCE_ADDED_TOAST = 'Source added';
/** The toast after a source is edited (sport, teams, title). */
export const ADMIN_SOURCE_SAVED_TOAST = 'Source saved';
/** The toast after a source is enabled. */
export const ADMIN_SOURCE_ENABLED_TOAST = 'Source enabled';
/** The toast after a source is disabled. */
export const ADMIN_SOURCE_DISABLED_TOAST = 'Source disabled';
/** The toast after a source is removed. */
export const ADMIN_SOURCE_REMOVED_TOAST = 'Source removed';
/** The toast after "Fetch now". */
export const ADMIN_SOURCE_FETCH_TOAST = 'Fetch queued: the source is fetched within seconds';

/**
 * How often the page re-reads the table while a source it shows has not been fetched yet: the
 * scheduler's round is about 5 s, so a new source's first items appear within one or two polls.
 */
export const ADMIN_SOURCES_POLL_MS = 3000;

/** The health table's page size when the query names none (the contract's default). */
export const ADMIN_SOURCES_PER_PAGE = 50;

const SOURCES = '/api/v1/admin/sources';
const SOURCE = '/api/v1/admin/sources/:id';
const OPML_EXPORT = '/api/v1/admin/sources.opml';

// A 404 (a source removed in another tab) or a 429 is the page's to show beside the control that
// asked, never a navigation away from the admin's work.
const STAY: RequestOptions = { handleNotFound: false, handleRateLimit: false };

/** `GET api/v1/admin/sources`: one page of the health table, with the count of each state. */
export function listAdminSources(
  client: AdminSourceClient,
  query: AdminSourceQuery = {},
  signal?: AbortSignal,
): Promise<AdminSourceList> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    // Empty filters are "any": the server would refuse `state=` as not one of the states.
    if (value !== undefined && value !== null && value !== '') params[key] = value as string | number;
  }
  return client.api.get<AdminSourceList>(apiPath(SOURCES), { ...STAY, query: params, signal });
}

/** `GET api/v1/admin/sources/:id`: one source with its health and latest stored items. */
export function getAdminSource(
  client: AdminSourceClient,
  id: number,
  signal?: AbortSignal,
): Promise<AdminSourceDetail> {
  return client.api.get<AdminSourceDetail>(apiPath(SOURCE, { id }), { ...STAY, signal });
}

/**
 * `POST api/v1/admin/sources/preview`: finds the feed of a feed or page URL, reads its first items and
 * suggests sport and teams. A 422 names the field `url` with the reason (no feed found, refused address).
 */
export function previewAdminSource(client: AdminSourceClient, url: string): Promise<AdminSourcePreview> {
  return client.api.post<AdminSourcePreview>(apiPath(`${SOURCES}/preview`), { url: url.trim() }, STAY);
}

/** `POST api/v1/admin/sources`: adds a source (fetched at once by the server); shows the toast. */
export async function createAdminSource(
  client: AdminSourceClient,
  body: AdminSourceCreateBody,
): Promise<AdminSourceDetail> {
  const detail = await client.api.post<AdminSourceDetail>(apiPath(SOURCES), body, STAY);
  client.toasts.show(ADMIN_SOURCE_ADDED_TOAST, 'success');
  return detail;
}

/**
 * `PATCH api/v1/admin/sources/:id`: enables, disables, renames or re-tags a source; the toast says
 * which (an `enabled` change wins, as it is what the admin sees change in the row).
 */
export async function updateAdminSource(
  client: AdminSourceClient,
  id: number,
  body: AdminSourceUpdateBody,
): Promise<AdminSourceDetail> {
  const detail = await client.api.patch<AdminSourceDetail>(apiPath(SOURCE, { id }), body, STAY);
  const toast =
    body.enabled === true
      ? ADMIN_SOURCE_ENABLED_TOAST
      : body.enabled === false
        ? ADMIN_SOURCE_DISABLED_TOAST
        : ADMIN_SOURCE_SAVED_TOAST;
  client.toasts.show(toast, 'success');
  return detail;
}

/** `DELETE api/v1/admin/sources/:id?articles=keep|delete`: removes a source; shows the toast. */
export async function deleteAdminSource(
  client: AdminSourceClient,
  id: number,
  articles: AdminSourceArticles,
): Promise<{ removedArticles: number }> {
  const result = await client.api.delete<{ removedArticles: number }>(apiPath(SOURCE, { id }), undefined, {
    ...STAY,
    query: { articles },
  });
  client.toasts.show(ADMIN_SOURCE_REMOVED_TOAST, 'success');
  return result;
}

/** `POST api/v1/admin/sources/:id/fetch`: makes the source due now; shows the toast. */
export async function fetchAdminSourceNow(client: AdminSourceClient, id: number): Promise<AdminSourceDetail> {
  const detail = await client.api.post<AdminSourceDetail>(
    apiPath(`${SOURCE}/fetch`, { id }),
    undefined,
    STAY,
  );
  client.toasts.show(ADMIN_SOURCE_FETCH_TOAST, 'success');
  return detail;
}

/** `POST api/v1/admin/sources/opml`: imports an OPML document's text; answers what was created. */
export function importAdminSourcesOpml(
  client: AdminSourceClient,
  opml: string,
): Promise<AdminOpmlImportResult> {
  return client.api.post<AdminOpmlImportResult>(apiPath(`${SOURCES}/opml`), { opml }, STAY);
}

/**
 * The address of the OPML export (`GET api/v1/admin/sources.opml`), for a download link: the browser
 * sends the session cookie with it. `baseUrl` is the API origin when it is not the page's own.
 */
export function adminSourcesOpmlUrl(baseUrl = ''): string {
  return `${baseUrl.replace(/\/+$/, '')}${OPML_EXPORT}`;
}

/** The column and direction a sort names. */
export function parseAdminSourceSort(sort: AdminSourceSort | undefined): {
  column: AdminSourceSortColumn | null;
  descending: boolean;
} {
  if (!sort) return { column: null, descending: false };
  const descending = sort.startsWith('-');
  return { column: (descending ? sort.slice(1) : sort) as AdminSourceSortColumn, descending };
}

// Columns where the largest (or latest) first is what an operator looks for first.
const DESCENDING_FIRST: ReadonlySet<AdminSourceSortColumn> = new Set([
  'failureCount',
  'itemsPerDay',
  'medianFetchMs',
  'lastFetchedAt',
  'articleCount',
  'createdAt',
]);

/**
 * The sort after a click on a column header: the same column flips its direction, another column
 * starts with its natural direction (numbers and dates largest first, names A to Z).
 */
export function nextAdminSourceSort(
  current: AdminSourceSort | undefined,
  column: AdminSourceSortColumn,
): AdminSourceSort {
  const { column: was, descending } = parseAdminSourceSort(current);
  const nowDescending = was === column ? !descending : DESCENDING_FIRST.has(column);
  return (nowDescending ? `-${column}` : column) as AdminSourceSort;
}

/** The `aria-sort` of a column header under the current sort. */
export function adminSourceAriaSort(
  current: AdminSourceSort | undefined,
  column: AdminSourceSortColumn,
): 'ascending' | 'descending' | 'none' {
  const { column: sorted, descending } = parseAdminSourceSort(current);
  if (sorted !== column) return 'none';
  return descending ? 'descending' : 'ascending';
}

/**
 * Whether the page should keep polling: a source it shows is enabled but has not been fetched yet
 * (just added, or "fetch now" pressed and still due), so its first items are on their way.
 */
export function awaitingFirstFetch(sources: readonly AdminSource[]): boolean {
  return sources.some((source) => source.enabled && source.lastFetchedAt === null);
}
