/**
 * The sport and teams a new feed is about, suggested from its items by the tagger, so the admin who
 * adds a team blog does not type its team's slug. Pure: the tagger's index in, ids out.
 *
 * Rule: a team is suggested when {@link MIN_SHARE} of the items name it, and at least {@link MIN_ITEMS}
 * of them (all of them in a one-item feed). A team blog names its team in most headlines; a story about
 * a rival names the rival once or twice; a league-wide outlet names each team in a few items only, so it
 * gets no team, only its sport. The sport is the sport of the suggested teams (the most common one),
 * else the sport the most items are tagged with, by the same threshold.
 * @module
 */
import type { TagIndex } from '../ingest/tagging/build-index.js';
import { tagArticle } from '../ingest/tagging/tag-article.js';

/** Items that must name a team (or sport) for it to be suggested (fewer in a feed of fewer items)... */
export const MIN_ITEMS = 2;
/** ...and the share of the items that must. */
export const MIN_SHARE = 0.3;

/** An item as the tagger reads it. */
export interface SuggestItem {
  /** Its title. */
  title: string;
  /** Its summary (plain text). */
  summary?: string | null;
}

/** What {@link suggestTags} suggests (database ids, as the index holds them). */
export interface SuggestedTags {
  /** Teams, most named first. */
  teamIds: number[];
  /** The sport, or null. */
  sportId: number | null;
}

function mostCommon<K>(counts: Map<K, number>): K | null {
  let best: K | null = null;
  let bestCount = 0;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Suggests the teams and sport of a feed from its items.
 * @example
 * suggestTags(index, [{ title: 'Green Bay Packers sign a kicker' }, { title: 'Packers practice notes' }]);
 * // { teamIds: [12], sportId: 1 }
 */
export function suggestTags(index: TagIndex, items: readonly SuggestItem[]): SuggestedTags {
  if (items.length === 0) return { teamIds: [], sportId: null };
  const teamCounts = new Map<number, number>();
  const sportCounts = new Map<number, number>();
  for (const item of items) {
    const tags = tagArticle(index, { title: item.title, summary: item.summary ?? null });
    for (const id of new Set(tags.teamIds.map(Number))) teamCounts.set(id, (teamCounts.get(id) ?? 0) + 1);
    for (const id of new Set(tags.sportIds.map(Number))) sportCounts.set(id, (sportCounts.get(id) ?? 0) + 1);
  }
  const needed = Math.min(items.length, Math.max(MIN_ITEMS, MIN_SHARE * items.length));
  const enough = (count: number) => count >= needed;
  const teamIds = [...teamCounts]
    .filter(([, count]) => enough(count))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([id]) => id);

  const sportOfTeams = new Map<number, number>();
  for (const id of teamIds) {
    const team = index.teams[index.teamById.get(id) ?? -1];
    const sport = team ? index.sports[team.sport] : undefined;
    if (sport)
      sportOfTeams.set(
        Number(sport.id),
        (sportOfTeams.get(Number(sport.id)) ?? 0) + (teamCounts.get(id) ?? 0),
      );
  }
  let sportId = mostCommon(sportOfTeams);
  if (sportId === null) {
    const sport = mostCommon(sportCounts);
    sportId = sport !== null && enough(sportCounts.get(sport) ?? 0) ? sport : null;
  }
  return { teamIds, sportId };
}
