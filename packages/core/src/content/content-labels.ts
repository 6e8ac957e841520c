/**
 * Labels of podcast and source cards (spec 2 §2, §9): the last-episode label ("New episode today",
 * "Last episode N days ago"), the source's last-article label, and volumes ("N articles/day",
 * "N podcasts/month"). Days are calendar days in the reader's time zone.
 * @module
 */

const DAY_MS = 86_400_000;

/**
 * Calendar days from `date` to `now` in the runtime's time zone (0 today, 1 yesterday); dates in
 * the future count as today.
 */
export function calendarDaysAgo(date: string | Date, now: Date = new Date()): number {
  const then = new Date(date);
  const a = new Date(then.getFullYear(), then.getMonth(), then.getDate()).getTime();
  const b = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  // Rounding absorbs the 23- and 25-hour days of daylight-saving changes.
  return Math.max(0, Math.round((b - a) / DAY_MS));
}

/**
 * A podcast card's last-episode label: "No episodes", "New episode today", "New episode
 * yesterday" or "Last episode N days ago".
 *
 * @example
 * ```ts
 * lastEpisodeLabel(null); // 'No episodes'
 * ```
 */
export function lastEpisodeLabel(
  publishedAt: string | Date | null | undefined,
  now: Date = new Date(),
): string {
  if (publishedAt == null || publishedAt === '') return 'No episodes';
  const days = calendarDaysAgo(publishedAt, now);
  if (days === 0) return 'New episode today';
  if (days === 1) return 'New episode yesterday';
  return `Last episode ${days} days ago`;
}

/**
 * A source card's last-article label (spec 2 §9: none, today, yesterday, N days): "No articles",
 * "New article today", "New article yesterday" or "Last article N days ago".
 */
export function sourceLastArticleLabel(
  createdAt: string | Date | null | undefined,
  now: Date = new Date(),
): string {
  if (createdAt == null || createdAt === '') return 'No articles';
  const days = calendarDaysAgo(createdAt, now);
  if (days === 0) return 'New article today';
  if (days === 1) return 'New article yesterday';
  return `Last article ${days} days ago`;
}

// Whole numbers as they are; fractions to one decimal ("0.5"), never "-0".
function volumeNumber(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** A source's volume: "N articles/day" (one decimal below whole numbers, e.g. "0.5 articles/day"). */
export function articlesPerDayLabel(dailyVolume: number): string {
  return `${volumeNumber(dailyVolume)} articles/day`;
}

/** A podcast's volume in a custom feed: "N podcasts/month" (episodes per month). */
export function podcastsPerMonthLabel(monthlyVolume: number): string {
  return `${volumeNumber(monthlyVolume)} podcasts/month`;
}
