/**
 * The database step of clustering, run by the pipeline for the new articles of one feed before they
 * are stored: for each, find a recent lead article (48 h window) that tells the same story (see
 * `story-signature.ts`), create the story's cluster on the first match, count the source once per
 * story and update the hot flag. A matched article becomes a sub-article (`is_lead` false) of that
 * cluster.
 *
 * A lead may come from any source, the feed's own included: an outlet that rewrites its own story
 * ("Corliss doubtful" three ways) gets one card with the rewrites as more coverage, and the source
 * still counts once. Articles of the same feed are candidates for each other too, oldest first: a
 * later item joins an earlier item's story, and the earlier item leads a cluster that is created
 * before it is stored (its `lead_article_id` is set by {@link linkStoryLeads} once it has an id).
 *
 * The whole feed costs a fixed number of queries: one reads the candidate leads of every tagged team
 * over the feed's time span (through `article_teams`' index on team, kind and published_at, so the
 * cost depends on those teams' recent articles, not on the table size), the matching happens in
 * memory, and the cluster rows are written with one statement per kind of change.
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

/** A new article, as clustering sees it. */
export interface ClusterCandidateArticle {
  /** Its headline. */
  title: string;
  /** Its team tags. */
  teamIds: readonly number[];
  /** Its player tags. */
  playerIds?: readonly number[];
  /** Its publication time. */
  publishedAt: Date;
}

/** Where a new article goes. */
export interface ClusterAssignment {
  /** The story it joins, or null (a lead without a story yet). */
  clusterId: number | null;
  /** True when it leads (no earlier article of the story). */
  isLead: boolean;
  /** The story's hot flag after this feed. */
  hot: boolean;
}

/** Most candidate leads read for one feed (the most recent first); a safety net for huge backfills. */
export const MAX_CANDIDATES = 5000;

interface CandidateRow {
  id: number | string;
  title: string;
  clusterId: number | string | null;
  publishedAt: Date | string;
  teamIds: (number | string)[] | null;
  playerIds: (number | string)[] | null;
}

interface Candidate {
  /** The stored article's id; null for an article of this feed (not stored yet). */
  id: number | null;
  /** Its index in this feed, for an article of this feed. */
  batchIndex: number | null;
  clusterId: number | null;
  publishedAt: Date;
  signature: StorySignature;
}

/** What this feed adds to one story. */
interface StoryChange {
  lead: Candidate;
  earliest: Date;
  latest: Date;
}

const NONE: ClusterAssignment = { clusterId: null, isLead: true, hot: false };

/**
 * Decides the cluster of each new article of a feed from `sourceId` and updates the stories (create,
 * sources count, last seen, hot). Answers one assignment per article, in order. Call inside the
 * feed's transaction, before inserting the articles.
 * @example
 * const [first] = await assignClusters(tx, sourceId, [{ title, teamIds, publishedAt }]);
 */
export async function assignClusters(
  tx: Queryable,
  sourceId: number,
  articles: readonly ClusterCandidateArticle[],
): Promise<ClusterAssignment[]> {
  const signatures = articles.map((a) => storySignature(a));
  const eligible = articles.filter((a, i) => a.teamIds.length > 0 && (signatures[i]?.terms.length ?? 0) > 0);
  if (eligible.length === 0) return articles.map(() => NONE);

  const times = eligible.map((a) => a.publishedAt.getTime());
  const from = new Date(Math.min(...times) - CLUSTER_WINDOW_MS);
  const to = new Date(Math.max(...times) + CLUSTER_WINDOW_MS);
  const teams = [...new Set(eligible.flatMap((a) => a.teamIds))];
  const { rows } = await tx.query<CandidateRow>(
    `SELECT a.id, a.title, a.cluster_id AS "clusterId", a.published_at AS "publishedAt",
            (SELECT array_agg(t2.team_id) FROM article_teams t2 WHERE t2.article_id = a.id) AS "teamIds",
            (SELECT array_agg(p2.player_id) FROM article_players p2 WHERE p2.article_id = a.id) AS "playerIds"
       FROM articles a
      WHERE a.id IN (SELECT at.article_id FROM article_teams at
                      WHERE at.team_id = ANY($1::int[]) AND at.kind IN ('article', 'video') AND at.is_lead
                        AND at.published_at BETWEEN $2 AND $3)
      ORDER BY a.published_at DESC
      LIMIT ${MAX_CANDIDATES}`,
    [teams, from.toISOString(), to.toISOString()],
  );
  const candidates: Candidate[] = rows.map((row) => ({
    id: Number(row.id),
    batchIndex: null,
    clusterId: row.clusterId === null ? null : Number(row.clusterId),
    publishedAt: new Date(row.publishedAt),
    signature: storySignature({
      title: row.title,
      teamIds: row.teamIds ?? [],
      playerIds: row.playerIds ?? [],
    }),
  }));

  // Match in memory, the feed's articles oldest first: the most similar lead within the window of
  // each article; an article that joins nothing leads, and later articles of the feed may join it.
  const order = articles.map((_, i) => i);
  order.sort(
    (i, j) =>
      (articles[i] as ClusterCandidateArticle).publishedAt.getTime() -
        (articles[j] as ClusterCandidateArticle).publishedAt.getTime() || i - j,
  );
  const leadOf: (Candidate | null)[] = articles.map(() => null);
  for (const i of order) {
    const article = articles[i] as ClusterCandidateArticle;
    const signature = signatures[i] as StorySignature;
    if (article.teamIds.length === 0 || signature.terms.length === 0) continue;
    const at = article.publishedAt.getTime();
    let best: { candidate: Candidate; score: number } | null = null;
    for (const candidate of candidates) {
      if (Math.abs(candidate.publishedAt.getTime() - at) > CLUSTER_WINDOW_MS) continue;
      if (!isSameStory(signature, candidate.signature)) continue;
      const score = storySimilarity(signature, candidate.signature);
      if (!best || score > best.score) best = { candidate, score };
    }
    leadOf[i] = best?.candidate ?? null;
    if (!best)
      candidates.push({
        id: null,
        batchIndex: i,
        clusterId: null,
        publishedAt: article.publishedAt,
        signature,
      });
  }
  if (leadOf.every((lead) => lead === null)) return articles.map(() => NONE);

  // One change per story: leads that share a cluster are the same story.
  const changes = new Map<string, StoryChange>();
  leadOf.forEach((lead, i) => {
    if (!lead) return;
    const key =
      lead.batchIndex !== null
        ? `batch:${lead.batchIndex}`
        : lead.clusterId === null
          ? `lead:${lead.id}`
          : `cluster:${lead.clusterId}`;
    const at = (articles[i] as ClusterCandidateArticle).publishedAt;
    const change = changes.get(key);
    if (!change) changes.set(key, { lead, earliest: at, latest: at });
    else {
      if (at < change.earliest) change.earliest = at;
      if (at > change.latest) change.latest = at;
    }
  });

  // Stories seen for the first time get their cluster, led by the candidate (stored already, or of
  // this feed). Their ids are drawn first so each new lead knows its cluster without relying on the
  // order of RETURNING rows.
  const newLeads = [...changes.values()].map((c) => c.lead).filter((lead) => lead.clusterId === null);
  if (newLeads.length > 0) {
    const drawn = await tx.query<{ id: number | string }>(
      `SELECT nextval(pg_get_serial_sequence('clusters', 'id')) AS id FROM generate_series(1, $1::int)`,
      [newLeads.length],
    );
    newLeads.forEach((lead, k) => {
      lead.clusterId = Number(drawn.rows[k]?.id);
    });
    await tx.query(
      `INSERT INTO clusters (id, lead_article_id, sources_count, first_seen_at, last_seen_at, signature)
       SELECT id, lead, 1, at, at, sig
         FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::text[]) AS u(id, lead, at, sig)`,
      [
        newLeads.map((l) => l.clusterId),
        newLeads.map((l) => l.id),
        newLeads.map((l) => l.publishedAt.toISOString()),
        newLeads.map((l) => signatureText(l.signature)),
      ],
    );
    const stored = newLeads.filter((l) => l.id !== null);
    if (stored.length > 0)
      await tx.query(
        `UPDATE articles a SET cluster_id = u.cluster FROM unnest($1::bigint[], $2::bigint[]) AS u(id, cluster)
          WHERE a.id = u.id`,
        [stored.map((l) => l.id), stored.map((l) => l.clusterId)],
      );
  }

  const stories = [...changes.values()];
  const { rows: clusterRows } = await tx.query<{
    id: number | string;
    sourcesCount: number;
    firstSeenAt: Date | string;
    hot: boolean;
    sourceIn: boolean;
  }>(
    `SELECT c.id, c.sources_count AS "sourcesCount", c.first_seen_at AS "firstSeenAt", c.hot,
            EXISTS (SELECT 1 FROM articles a WHERE a.cluster_id = c.id AND a.source_id = $2) AS "sourceIn"
       FROM clusters c WHERE c.id = ANY($1::bigint[])`,
    [stories.map((s) => s.lead.clusterId), sourceId],
  );
  const clusters = new Map(clusterRows.map((r) => [Number(r.id), r]));
  const hotOf = new Map<number, boolean>();
  const updates = { ids: [] as number[], counts: [] as number[], seen: [] as string[], hot: [] as boolean[] };
  const nowHot: number[] = [];
  for (const story of stories) {
    const id = story.lead.clusterId as number;
    const cluster = clusters.get(id);
    if (!cluster) continue;
    // The source counts once per story, however many of its articles join it (a story led by an
    // article of this feed has only this source, counted when the cluster was created).
    const sourcesCount =
      Number(cluster.sourcesCount) + (cluster.sourceIn || story.lead.batchIndex !== null ? 0 : 1);
    // Articles are added oldest first: the story is hot if it was when the earliest one joined.
    const hot = isHotStory({
      sourcesCount,
      firstSeenAt: new Date(cluster.firstSeenAt),
      latestAt: story.earliest,
      wasHot: cluster.hot,
    });
    hotOf.set(id, hot);
    updates.ids.push(id);
    updates.counts.push(sourcesCount);
    updates.seen.push(story.latest.toISOString());
    updates.hot.push(hot);
    if (hot && !cluster.hot && story.lead.id !== null) nowHot.push(story.lead.id);
  }
  await tx.query(
    `UPDATE clusters c SET sources_count = u.n, last_seen_at = GREATEST(c.last_seen_at, u.seen), hot = u.hot
       FROM unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::boolean[]) AS u(id, n, seen, hot)
      WHERE c.id = u.id`,
    [updates.ids, updates.counts, updates.seen, updates.hot],
  );
  if (nowHot.length > 0)
    await tx.query('UPDATE articles SET hot = true WHERE id = ANY($1::bigint[])', [nowHot]);

  const ledHere = new Map<number, Candidate>();
  for (const story of stories)
    if (story.lead.batchIndex !== null) ledHere.set(story.lead.batchIndex, story.lead);
  return leadOf.map((lead, i) => {
    const own = ledHere.get(i);
    if (own && own.clusterId !== null)
      return { clusterId: own.clusterId, isLead: true, hot: hotOf.get(own.clusterId) ?? false };
    if (!lead || lead.clusterId === null) return NONE;
    return { clusterId: lead.clusterId, isLead: false, hot: hotOf.get(lead.clusterId) ?? false };
  });
}

/**
 * Sets the lead of the stories that an article of the feed just stored leads (created by
 * {@link assignClusters} before that article had an id). Call after inserting the feed's articles;
 * no query when the feed led no new story.
 * @example
 * await linkStoryLeads(tx, assignments);
 */
export async function linkStoryLeads(
  tx: Queryable,
  assignments: readonly ClusterAssignment[],
): Promise<void> {
  const clusterIds = assignments.filter((a) => a.isLead && a.clusterId !== null).map((a) => a.clusterId);
  if (clusterIds.length === 0) return;
  await tx.query(
    `UPDATE clusters c SET lead_article_id = a.id FROM articles a
      WHERE c.id = ANY($1::bigint[]) AND c.lead_article_id IS NULL AND a.cluster_id = c.id AND a.is_lead`,
    [clusterIds],
  );
}
