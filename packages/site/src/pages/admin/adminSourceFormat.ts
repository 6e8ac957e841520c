/**
 * How the admin's source table words its facts: times relative to now ("3 min ago", "in 5 min") with
 * the exact time for a tooltip, durations in ms or s, rates, states and kinds as operators read them.
 * @module
 */
import type {
  AdminSourceKind,
  AdminSourceOrigin,
  AdminSourceState,
  DiscoveredBy,
} from '@sportspyder/contract';

/** The labels of the states, in the order the filter and counts list them. */
export const STATE_LABELS: Readonly<Record<AdminSourceState, string>> = {
  active: 'Active',
  failing: 'Failing',
  disabled: 'Disabled',
};

/** The labels of the kinds (`mastodon` is how social feeds are stored). */
export const KIND_LABELS: Readonly<Record<AdminSourceKind, string>> = {
  news: 'News',
  video: 'Video',
  podcast: 'Podcast',
  mastodon: 'Social',
};

/** The labels of the origins. */
export const ORIGIN_LABELS: Readonly<Record<AdminSourceOrigin, string>> = {
  demo: 'Demo',
  catalogue: 'Catalogue',
  admin: 'Added by an admin',
};

/** How the preview found the feed, as a sentence. */
export const DISCOVERED_BY_TEXT: Readonly<Record<DiscoveredBy, string>> = {
  feed: 'The address is a feed itself.',
  link: 'Found in the page’s <link rel="alternate">.',
  path: 'Found at one of the usual feed paths of the site.',
  youtube: 'The feed of the YouTube channel.',
};

/** "just now", "3 min ago", "in 5 min", "2 h ago", "4 d ago"; "—" when there is no time. */
export function relativeTime(iso: string | null, now: number = Date.now()): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const seconds = Math.round((at - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return seconds <= 0 ? 'just now' : 'now';
  const [value, unit] =
    abs < 3600
      ? [Math.round(abs / 60), 'min']
      : abs < 86_400
        ? [Math.round(abs / 3600), 'h']
        : [Math.round(abs / 86_400), 'd'];
  return seconds < 0 ? `${value} ${unit} ago` : `in ${value} ${unit}`;
}

/** The exact time for a tooltip and `<time dateTime>`. */
export function exactTime(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toLocaleString();
}

/** "120 ms", "2.4 s"; "—" when unknown. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Items per day with one decimal below 10 ("0.4", "12"). */
export function formatRate(perDay: number): string {
  return perDay < 10 ? String(Math.round(perDay * 10) / 10) : String(Math.round(perDay));
}
