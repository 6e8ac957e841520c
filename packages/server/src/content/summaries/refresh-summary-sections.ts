/**
 * Builds and stores a team's summary sections: the team's biggest stories of the last 48 hours
 * (clusters ranked by distinct sources, then articles, then recency), one section (pill) per story
 * with an extractive summary, highlights and the story's article ids. The route computes them on
 * read when missing or stale; the scheduler may call {@link refreshSummarySections} ahead of time.
 * @module
 */
import type { Database } from '../../db/database.js';
import { toId } from '../players/refs.js';
import { type ClusterArticle, summariseCluster } from './summarise-cluster.js';

/** Hours of news the summaries cover. */
export const SUMMARY_WINDOW_HOURS = 48;
/** Stories (sections) per team. */
export const SUMMARY_SECTIONS = 5;
/** Articles of a story read by the summariser and linked from the summary. */
export const SUMMARY_ARTICLES = 6;
/** Minutes after which stored sections are rebuilt on read. */
export const SUMMARY_STALE_MINUTES = 30;
/** Longest section label (a pill). */
export const SUMMARY_LABEL_CHARS = 28;

/** One summary as stored in `summary_sections.summaries`. */
export interface StoredSummary {
  /** The story id (cluster id, or the article id of a story with one article). */
  id: number;
  /** The extractive summary. */
  text: string;
  /** Names and terms to highlight. */
  highlights: string[];
  /** The story's articles, lead first. */
  articleIds: number[];
}

interface StoryRow {
  cluster_id: number | null;
  article_id: number | null;
}

/**
 * A pill label: the story's main full name (a highlight of two or more words, e.g. a player), else
 * its lead headline cut at a word boundary.
 */
export function sectionLabel(highlights: readonly string[], title: string): string {
  const name = highlights.find((h) => h.includes(' ') && h.length <= SUMMARY_LABEL_CHARS);
  if (name) return name;
  if (title.length <= SUMMARY_LABEL_CHARS) return title;
  const cut = title.slice(0, SUMMARY_LABEL_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_LABEL_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A section before it is stored: its pill label and its stories. */
export interface SectionDraft {
  /** The pill's label. */
  label: string;
  /** The stories the pill opens, biggest first. */
  summaries: StoredSummary[];
}

/**
 * Stories that earn the same pill label (two unclustered stories about one player both read
 * "Nolan Corliss") share one pill with both summaries, in rank order, so a team never shows the same
 * pill twice; at most `max` pills are kept.
 */
export function mergeSectionsByLabel(sections: readonly SectionDraft[], max: number): SectionDraft[] {
  const byLabel = new Map<string, SectionDraft>();
  for (const section of sections) {
    const key = section.label.toLocaleLowerCase('en-US');
    const same = byLabel.get(key);
    if (same) same.summaries.push(...section.summaries);
    else byLabel.set(key, { label: section.label, summaries: [...section.summaries] });
  }
  return [...byLabel.values()].slice(0, max);
}

/**
 * Recomputes and stores the summary sections of a team from its news of the 48 hours before `now`
 * (replacing the old ones in one transaction); answers how many sections were stored.
 *
 * @example
 * ```ts
 * await refreshSummarySections(db, team.id, new Date());
 * ```
 */
export async function refreshSummarySections(db: Database, teamId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SUMMARY_WINDOW_HOURS * 3_600_000).toISOString();
  // The team's stories: one index range on article_teams (team_id, kind, published_at); an article
  // outside any cluster is a story of its own.
  const { rows: stories } = await db.query<StoryRow>(
    `SELECT max(a.cluster_id) AS cluster_id, CASE WHEN max(a.cluster_id) IS NULL THEN max(a.id) END AS article_id
     FROM article_teams at JOIN articles a ON a.id = at.article_id
     WHERE at.team_id = $1 AND at.kind = 'article' AND at.published_at > $2::timestamptz
       AND at.published_at <= $3::timestamptz
     GROUP BY COALESCE(a.cluster_id, -a.id)
     ORDER BY count(DISTINCT a.source_id) DESC, count(*) DESC, max(at.published_at) DESC, min(a.id)
     LIMIT $4`,
    // Twice the pills: stories sharing a label merge into one pill below.
    [teamId, since, now.toISOString(), SUMMARY_SECTIONS * 2],
  );
  const clusterIds = stories.flatMap((s) => (s.cluster_id === null ? [] : [toId(s.cluster_id)]));
  const singleIds = stories.flatMap((s) => (s.article_id === null ? [] : [toId(s.article_id)]));
  // The articles of all stories at once: each cluster's lead first, then newest.
  const { rows: articles } = await db.query<{
    id: number;
    cluster_id: number | null;
    title: string;
    summary: string | null;
    rn: number;
  }>(
    `SELECT * FROM (
       SELECT a.id, a.cluster_id, a.title, a.summary,
         row_number() OVER (PARTITION BY COALESCE(a.cluster_id, -a.id)
                            ORDER BY a.is_lead DESC, a.published_at DESC, a.id DESC) AS rn
       FROM articles a
       WHERE (a.cluster_id = ANY($1::bigint[]) OR a.id = ANY($2::bigint[])) AND a.published_at <= $3::timestamptz
     ) s WHERE rn <= $4 ORDER BY rn`,
    [clusterIds, singleIds, now.toISOString(), SUMMARY_ARTICLES],
  );
  const byStory = new Map<number, ClusterArticle[]>();
  for (const row of articles) {
    const key = row.cluster_id === null ? -toId(row.id) : toId(row.cluster_id);
    const list = byStory.get(key) ?? [];
    list.push({ id: toId(row.id), title: row.title, summary: row.summary });
    byStory.set(key, list);
  }
  const drafts = stories.flatMap((story): SectionDraft[] => {
    const key = story.cluster_id === null ? -toId(story.article_id) : toId(story.cluster_id);
    const storyArticles = byStory.get(key) ?? [];
    const lead = storyArticles[0];
    if (!lead) return [];
    const { text, highlights } = summariseCluster(storyArticles);
    const summary: StoredSummary = {
      id: Math.abs(key),
      text,
      highlights,
      articleIds: storyArticles.map((a) => a.id),
    };
    return [{ label: sectionLabel(highlights, lead.title), summaries: [summary] }];
  });
  const sections = mergeSectionsByLabel(drafts, SUMMARY_SECTIONS);

  await db.transaction(async (tx) => {
    // Two refreshes of one team never interleave their delete and inserts.
    await tx.query('SELECT pg_advisory_xact_lock(7301, $1::int)', [teamId]);
    await tx.query('DELETE FROM summary_sections WHERE team_id = $1', [teamId]);
    for (const [position, section] of sections.entries()) {
      await tx.query(
        `INSERT INTO summary_sections (team_id, label, position, summaries, generated_at)
         VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)`,
        [teamId, section.label, position, JSON.stringify(section.summaries), now.toISOString()],
      );
    }
  });
  return sections.length;
}
