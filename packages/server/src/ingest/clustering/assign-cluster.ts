/**
 * The database step of clustering, run by the pipeline for each new article before it is stored:
 * find a recent lead article (48 h window) from another source that tells the same story (see
 * `story-signature.ts`), create the story's cluster on the first match, count the new source and
 * update the hot flag. The new article then becomes a sub-article (`is_lead` false) of that cluster.
 *
 * Candidates come through `article_teams` (index on team, kind, published_at), so the cost depends on
 * the tagged teams' recent articles, not on the table size. Articles without a team tag never cluster.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import {
  CLUSTER_WINDOW_MS,
  isHotStory,
  isSameStory,
  type StorySignature,
  signatureText,
  storySignature,
  storySimilarity,
} from './story-signature.js';

/** The new article, as clustering sees it. */
export interface ClusterCandidateArticle {
  /** Its source. */
  sourceId: number;
  /** Its headline. */
  title: string;
  /** Its team tags. */
  teamIds: readonly number[];
  /** Its player tags. */
  playerIds?: readonly number[];
  /** Its publication time. */
  publishedAt: Date;
}

/** Where the new article goes. */
export interface ClusterAssignment {
  /** The story it joins, or null (a lead without a story yet). */
  clusterId: number | null;
  /** True when it leads (no earlier article of the story). */
  isLead: boolean;
  /** The story's hot flag after this article. */
  hot: boolean;
}

/** Most recent lead articles compared with a new article. */
const MAX_CANDIDATES = 200;

interface CandidateRow {
  id: number | string;
  title: string;
  clusterId: number | string | null;
  publishedAt: Date;
  teamIds: (number | string)[];
}

/**
 * Decides the cluster of a new article and updates the story (create, sources count, last seen, hot).
 * Call inside the feed's transaction, before inserting the article.
 * @example
 * const { clusterId, isLead } = await assignCluster(tx, { sourceId, title, teamIds, publishedAt });
 */
export async function assignCluster(
  tx: Queryable,
  article: ClusterCandidateArticle,
): Promise<ClusterAssignment> {
  const none: ClusterAssignment = { clusterId: null, isLead: true, hot: false };
  if (article.teamIds.length === 0) return none;
  const signature = storySignature(article);
  if (signature.terms.length === 0) return none;
  const from = new Date(article.publishedAt.getTime() - CLUSTER_WINDOW_MS);
  const to = new Date(article.publishedAt.getTime() + CLUSTER_WINDOW_MS);
  const { rows } = await tx.query<CandidateRow>(
    `SELECT a.id, a.title, a.cluster_id AS "clusterId", a.published_at AS "publishedAt",
            (SELECT array_agg(t2.team_id) FROM article_teams t2 WHERE t2.article_id = a.id) AS "teamIds"
       FROM articles a
      WHERE a.id IN (SELECT at.article_id FROM article_teams at
                      WHERE at.team_id = ANY($1::int[]) AND at.kind IN ('article', 'video') AND at.is_lead
                        AND at.published_at BETWEEN $2 AND $3)
        AND a.source_id <> $4
      ORDER BY a.published_at DESC
      LIMIT ${MAX_CANDIDATES}`,
    [[...article.teamIds], from, to, article.sourceId],
  );
  let best: { row: CandidateRow; score: number } | null = null;
  for (const row of rows) {
    const candidate: StorySignature = storySignature({ title: row.title, teamIds: row.teamIds ?? [] });
    if (!isSameStory(signature, candidate)) continue;
    const score = storySimilarity(signature, candidate);
    if (!best || score > best.score) best = { row, score };
  }
  if (!best) return none;

  const lead = best.row;
  let clusterId = lead.clusterId === null ? null : Number(lead.clusterId);
  if (clusterId === null) {
    const leadSignature = storySignature({ title: lead.title, teamIds: lead.teamIds ?? [] });
    const created = await tx.query<{ id: number | string }>(
      `INSERT INTO clusters (lead_article_id, sources_count, first_seen_at, last_seen_at, signature)
       VALUES ($1, 1, $2, $2, $3) RETURNING id`,
      [Number(lead.id), lead.publishedAt, signatureText(leadSignature)],
    );
    clusterId = Number(created.rows[0]!.id);
    await tx.query('UPDATE articles SET cluster_id = $1 WHERE id = $2', [clusterId, Number(lead.id)]);
  }
  const { rows: clusterRows } = await tx.query<{
    sourcesCount: number;
    firstSeenAt: Date;
    hot: boolean;
    sourceIn: boolean;
  }>(
    `SELECT c.sources_count AS "sourcesCount", c.first_seen_at AS "firstSeenAt", c.hot,
            EXISTS (SELECT 1 FROM articles a WHERE a.cluster_id = c.id AND a.source_id = $2) AS "sourceIn"
       FROM clusters c WHERE c.id = $1`,
    [clusterId, article.sourceId],
  );
  const cluster = clusterRows[0]!;
  const sourcesCount = Number(cluster.sourcesCount) + (cluster.sourceIn ? 0 : 1);
  const hot = isHotStory({
    sourcesCount,
    firstSeenAt: cluster.firstSeenAt,
    latestAt: article.publishedAt,
    wasHot: cluster.hot,
  });
  await tx.query(
    `UPDATE clusters SET sources_count = $2, last_seen_at = GREATEST(last_seen_at, $3), hot = $4 WHERE id = $1`,
    [clusterId, sourcesCount, article.publishedAt, hot],
  );
  if (hot && !cluster.hot) await tx.query('UPDATE articles SET hot = true WHERE id = $1', [Number(lead.id)]);
  return { clusterId, isLead: false, hot };
}
