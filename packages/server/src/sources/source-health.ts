/**
 * A source's health as the admin's table shows it, from its stored row: its state (active, failing,
 * disabled), the median of its last fetch times, and the contract's `AdminSource` shape. Pure: the
 * queries (`admin-source-queries.ts`) read the rows, this decides what they mean.
 * @module
 */
import type {
  AdminSource,
  AdminSourceKind,
  AdminSourceOrigin,
  AdminSourceState,
  AdminTagRef,
  AdminWebSub,
} from '@sportspyder/contract';

/** The columns of a source that its health is made of (the admin queries select them). */
export interface SourceHealthRow {
  id: number;
  kind: AdminSourceKind;
  title: string;
  feedUrl: string;
  siteUrl: string | null;
  origin: AdminSourceOrigin;
  sport: AdminTagRef | null;
  teams: AdminTagRef[];
  enabled: boolean;
  lastFetchedAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  failureCount: number;
  failingSince: Date | null;
  disabledReason: string | null;
  itemsPerDay: number;
  fetchMs: readonly number[];
  nextFetchAt: Date | null;
  articleCount: number;
  createdAt: Date;
}

/**
 * A source's state: `disabled` when it is not fetched, `failing` when its last fetch failed (consecutive
 * failures), else `active`.
 * @example
 * sourceState({ enabled: true, failureCount: 2 }); // 'failing'
 */
export function sourceState(row: Pick<SourceHealthRow, 'enabled' | 'failureCount'>): AdminSourceState {
  if (!row.enabled) return 'disabled';
  if (row.failureCount > 0) return 'failing';
  return 'active';
}

/**
 * The median of fetch durations in whole milliseconds (the mean of the two middle values for an even
 * count), or null when there are none.
 * @example
 * medianMs([120, 80, 400]); // 120
 */
export function medianMs(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.max(0, Math.round(median));
}

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/**
 * The contract's `AdminSource` of a row (with its WebSub subscription, when it has one).
 * @example
 * const source = toAdminSource(row, null);
 */
export function toAdminSource(row: SourceHealthRow, websub: AdminWebSub | null = null): AdminSource {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    feedUrl: row.feedUrl,
    siteUrl: row.siteUrl,
    origin: row.origin,
    sport: row.sport,
    teams: row.teams,
    state: sourceState(row),
    enabled: row.enabled,
    lastFetchedAt: iso(row.lastFetchedAt),
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastErrorAt: iso(row.lastErrorAt),
    failureCount: Math.max(0, row.failureCount),
    failingSince: iso(row.failingSince),
    disabledReason: row.disabledReason,
    itemsPerDay: Math.max(0, Math.round(row.itemsPerDay * 100) / 100),
    medianFetchMs: medianMs(row.fetchMs),
    nextFetchAt: row.enabled ? iso(row.nextFetchAt) : null,
    articleCount: Math.max(0, row.articleCount),
    websub,
    createdAt: iso(row.createdAt) ?? new Date(0).toISOString(),
  };
}
