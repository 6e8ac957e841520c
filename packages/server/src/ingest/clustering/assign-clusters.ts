/**
 * The database step of clustering, run by the pipeline for the new articles of a batch of feeds
 * before they are stored: for each, find a recent lead article (48 h window) that tells the same story
 * (see `story-signature.ts`), create the story's cluster on the first match, count each source once per
 * story and update the hot flag. A matched article becomes a sub-article (`is_lead` false) of that
 * cluster.
 *
 * A lead may come from any source, the feed's own included: an outlet that rewrites its own story
 * ("Corliss doubtful" three ways) gets one card with the rewrites as more coverage, and the source
 * still counts once. Articles of the batch are candidates for each other too, feed by feed and oldest
 * first within a feed, exactly as if each feed had been stored in turn: a later item joins an earlier
 * item's story, and the earlier item leads a cluster that is created before it is stored (its
 * `lead_article_id` is set by {@link linkStoryLeads} once it has an id).
 *
 * The whole batch costs a fixed number of queries: one reads the candidate leads of every tagged team
 * over the batch's time span (through `article_teams`' index on team, kind and published_at, so the
 * cost depends on those teams' recent articles, not on the table size), one reads the stories touched,
 * the matching and the per-feed bookkeeping (sources count, hot) happen in memory, and the cluster rows
 * are written with one statement per kind of change.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { createStories } from './create-stories.js';
import { LeadSignatures } from './lead-signatures.js';
import { readCandidateLeads } from './read-candidate-leads.js';
import { StoryRaceError } from './story-race-error.js';
import {
  CLUSTER_WINDOW_MS,
  isHotStory,
  isSameStory,
  type StorySignature,
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

/** Most candidate leads read per feed of a batch (the most recent first); a safety net for huge backfills. */
export const MAX_CANDIDATES = 5000;

/** A new article of a batch: which source's feed it comes from, and that feed's place in the batch. */
export interface BatchClusterArticle extends ClusterCandidateArticle {
  /** The source of its feed. */
  sourceId: number;
  /** Its feed's place in the batch (feeds are clustered in that order, as if stored in turn). */
  feed: number;
}

/** Where a new article of a batch goes. */
export interface BatchClusterAssignment extends ClusterAssignment {
  /** The article's story signature (to remember once it is stored, if it leads). */
  signature: StorySignature;
}

interface Candidate {
  /** The stored article's id; null for an article of this batch (not stored yet). */
  id: number | null;
  /** Its index in this batch, for an article of this batch. */
  batchIndex: number | null;
  /** Its source. */
  sourceId: number;
  clusterId: number | null;
  publishedAt: Date;
  /** `publishedAt` in ms (compared often). */
  time: number;
  /** Its place in the order candidates were found (ties of `time` keep it). */
  rank: number;
  signature: StorySignature;
}

/** What one feed of the batch adds to one story. */
interface FeedChange {
  feed: number;
  sourceId: number;
  earliest: Date;
  latest: Date;
}

/** One story the batch touches, with its changes feed by feed (in batch order). */
interface StoryChange {
  lead: Candidate;
  feeds: FeedChange[];
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
  const assigned = await assignBatchClusters(
    tx,
    articles.map((a) => ({ ...a, sourceId, feed: 0 })),
  );
  return assigned.map(({ clusterId, isLead, hot }) => ({ clusterId, isLead, hot }));
}

/**
 * {@link assignClusters} for the new articles of several feeds stored together (one transaction):
 * the same assignments, sources counts and hot flags as storing the feeds one after the other in the
 * order of their `feed` numbers, with a fixed number of statements for the whole batch. `leads` holds
 * the signatures of stored leads from earlier batches (`lead-signatures.ts`): only the leads it does
 * not know are read in full. `seen` collects the ids of the stored leads read (for the repair of
 * stories split between workers, `merge-split-stories.ts`).
 * @example
 * const assignments = await assignBatchClusters(tx, [{ title, teamIds, publishedAt, sourceId: 4, feed: 0 }]);
 */
export async function assignBatchClusters(
  tx: Queryable,
  articles: readonly BatchClusterArticle[],
  leads: LeadSignatures = new LeadSignatures(),
  seen?: Set<number>,
): Promise<BatchClusterAssignment[]> {
  const signatures = articles.map((a) => storySignature(a));
  const none = () => articles.map((_, i) => ({ ...NONE, signature: signatures[i] as StorySignature }));
  const isEligible = (i: number) =>
    (articles[i]?.teamIds.length ?? 0) > 0 && (signatures[i]?.terms.length ?? 0) > 0;
  const eligible = articles.filter((_, i) => isEligible(i));
  if (eligible.length === 0) return none();

  const times = eligible.map((a) => a.publishedAt.getTime());
  const from = new Date(Math.min(...times) - CLUSTER_WINDOW_MS);
  const to = new Date(Math.max(...times) + CLUSTER_WINDOW_MS);
  // A feed's candidates are the leads of the teams its articles are tagged with (what one query per
  // feed read): the batch reads those of every feed's teams at once and each feed looks only at its own.
  const feedTeams = new Map<number, Set<number>>();
  for (const a of eligible) {
    const set = feedTeams.get(a.feed) ?? new Set<number>();
    for (const t of a.teamIds) set.add(t);
    feedTeams.set(a.feed, set);
  }
  const teams = [...new Set(eligible.flatMap((a) => a.teamIds))];
  const found = await readCandidateLeads(tx, teams, from, to, MAX_CANDIDATES * feedTeams.size, leads);
  if (seen) for (const lead of found) seen.add(lead.id);
  // Candidates by team, each with its place in the order one feed stored alone would see them in:
  // stored leads most recent first (the query's order), then the batch's own leads as they come.
  const byTeam = new Map<number, Candidate[]>();
  let ranks = 0;
  const addCandidate = (candidate: Candidate) => {
    candidate.rank = ranks++;
    for (const t of new Set(candidate.signature.teamIds.map(Number))) {
      const list = byTeam.get(t);
      if (list) list.push(candidate);
      else byTeam.set(t, [candidate]);
    }
  };
  for (const lead of found)
    addCandidate({ ...lead, batchIndex: null, time: lead.publishedAt.getTime(), rank: 0 });

  // Match in memory, feed by feed and each feed's articles oldest first: the most similar lead within
  // the window of each article; an article that joins nothing leads, and later articles (of its feed
  // or of later feeds) may join it.
  const order = articles.map((_, i) => i);
  const at = (i: number) => (articles[i] as BatchClusterArticle).publishedAt.getTime();
  order.sort((i, j) => (articles[i]?.feed ?? 0) - (articles[j]?.feed ?? 0) || at(i) - at(j) || i - j);
  const leadOf: (Candidate | null)[] = articles.map(() => null);
  // What one feed's own query would have answered: everything stored before it (earlier feeds of the
  // batch included), most recent first, ties in the order first seen; then the feed's own leads as they
  // come. Matching reads that list in that order (the first of equal scores wins, as before), only the
  // part within the window of the article (found by binary search in the time-sorted part).
  let stored: Candidate[] = [];
  let storedTimes: number[] = [];
  let own: Candidate[] = [];
  let currentFeed: number | null = null;
  for (const i of order) {
    const article = articles[i] as BatchClusterArticle;
    if (!isEligible(i)) continue;
    if (article.feed !== currentFeed) {
      currentFeed = article.feed;
      const reachable = new Set<Candidate>();
      for (const t of feedTeams.get(article.feed) ?? [])
        for (const c of byTeam.get(t) ?? []) reachable.add(c);
      stored = [...reachable].sort((a, b) => b.time - a.time || a.rank - b.rank);
      storedTimes = stored.map((c) => c.time);
      own = [];
    }
    const signature = signatures[i] as StorySignature;
    const time = article.publishedAt.getTime();
    let best: { candidate: Candidate; score: number } | null = null;
    const consider = (candidate: Candidate) => {
      if (!isSameStory(signature, candidate.signature)) return;
      const score = storySimilarity(signature, candidate.signature);
      if (!best || score > best.score) best = { candidate, score };
    };
    let lo = 0;
    let hi = stored.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((storedTimes[mid] as number) > time + CLUSTER_WINDOW_MS) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < stored.length && (storedTimes[k] as number) >= time - CLUSTER_WINDOW_MS; k++)
      consider(stored[k] as Candidate);
    for (const candidate of own)
      if (Math.abs(candidate.time - time) <= CLUSTER_WINDOW_MS) consider(candidate);
    const found = best as { candidate: Candidate; score: number } | null;
    leadOf[i] = found?.candidate ?? null;
    if (!found) {
      const lead: Candidate = {
        id: null,
        batchIndex: i,
        sourceId: article.sourceId,
        clusterId: null,
        publishedAt: article.publishedAt,
        time,
        rank: 0,
        signature,
      };
      addCandidate(lead);
      own.push(lead);
    }
  }
  if (leadOf.every((lead) => lead === null)) return none();

  // One change per story and feed: leads that share a cluster are the same story.
  const changes = new Map<string, StoryChange>();
  for (const i of order) {
    const lead = leadOf[i];
    if (!lead) continue;
    const article = articles[i] as BatchClusterArticle;
    const key =
      lead.batchIndex !== null
        ? `batch:${lead.batchIndex}`
        : lead.clusterId === null
          ? `lead:${lead.id}`
          : `cluster:${lead.clusterId}`;
    const story = changes.get(key) ?? { lead, feeds: [] };
    changes.set(key, story);
    const last = story.feeds[story.feeds.length - 1];
    if (last && last.feed === article.feed) {
      if (article.publishedAt < last.earliest) last.earliest = article.publishedAt;
      if (article.publishedAt > last.latest) last.latest = article.publishedAt;
    } else {
      story.feeds.push({
        feed: article.feed,
        sourceId: article.sourceId,
        earliest: article.publishedAt,
        latest: article.publishedAt,
      });
    }
  }
  let stories = [...changes.values()];

  // Stories seen for the first time get their cluster (`create-stories.ts`), led by the candidate
  // (stored already, or of this batch).
  const newLeads = stories.map((c) => c.lead).filter((lead) => lead.clusterId === null);
  const created = new Set(newLeads);
  if (newLeads.length > 0) {
    const ids = await createStories(tx, newLeads);
    newLeads.forEach((lead, k) => {
      lead.clusterId = ids[k] as number;
    });
    const taken = await linkStoredLeads(
      tx,
      newLeads.filter((l) => l.id !== null),
      created,
    );
    if (taken) stories = mergeSameStories(stories);
  }

  // The stories that existed before the batch (and those another batch gave a stored lead meanwhile):
  // their counts and flags, and which of the batch's sources they already count. Locked in id order,
  // after the stored leads' article rows, as the repair of split stories locks its leads and then their
  // stories (`merge-split-stories.ts`): one order for both, so workers' batches and repairs never deadlock.
  const existing = stories
    .filter((s) => !created.has(s.lead))
    .map((s) => s.lead.clusterId)
    .filter((id): id is number => id !== null);
  const batchSources = [...new Set(articles.map((a) => a.sourceId))];
  // (The updates below repeat `id = ANY(ids)` beside the join on unnest: it makes the planner find the
  // rows by primary key instead of hashing a sequential scan of the whole table.)
  const { rows: clusterRows } =
    existing.length === 0
      ? { rows: [] }
      : await tx.query<{
          id: number | string;
          sourcesCount: number;
          firstSeenAt: Date | string;
          hot: boolean;
          sourceIds: (number | string)[] | null;
        }>(
          `SELECT c.id, c.sources_count AS "sourcesCount", c.first_seen_at AS "firstSeenAt", c.hot,
                  ARRAY(SELECT DISTINCT a.source_id FROM articles a
                         WHERE a.cluster_id = c.id AND a.source_id = ANY($2::int[])) AS "sourceIds"
             FROM clusters c WHERE c.id = ANY($1::bigint[]) ORDER BY c.id FOR UPDATE`,
          [existing, batchSources],
        );
  const clusters = new Map(clusterRows.map((r) => [Number(r.id), r]));
  // A story read a moment ago that is gone now was joined into another by a repair: the articles must
  // not be filed under it (nor counted nowhere), so the batch is read and stored again.
  if (existing.some((id) => !clusters.has(id))) throw new StoryRaceError();

  // Replay the batch feed by feed: each feed's source counts once per story, and the story is hot if
  // it was when the earliest article of that feed joined. Only the story is marked: its articles read
  // as hot through it (`load-articles.ts`), so no article row is rewritten when its story turns hot (a
  // rewrite of an article row costs about as much as inserting it: every index, the search vector).
  const hotOf = new Map<number, boolean>();
  const updates = { ids: [] as number[], counts: [] as number[], seen: [] as string[], hot: [] as boolean[] };
  for (const story of stories) {
    const id = story.lead.clusterId as number;
    const row = clusters.get(id);
    const isNew = created.has(story.lead);
    if (!isNew && !row) continue;
    const sources = new Set<number>(
      isNew ? [story.lead.sourceId] : (row?.sourceIds ?? []).map((s) => Number(s)),
    );
    let count = isNew ? 1 : Number(row?.sourcesCount);
    const firstSeenAt = isNew ? story.lead.publishedAt : new Date(row?.firstSeenAt as Date | string);
    let hot = isNew ? false : Boolean(row?.hot);
    let latest = story.feeds[0]?.latest as Date;
    for (const change of story.feeds) {
      if (!sources.has(change.sourceId)) {
        sources.add(change.sourceId);
        count++;
      }
      hot = isHotStory({
        sourcesCount: count,
        firstSeenAt,
        latestAt: change.earliest,
        wasHot: hot,
      });
      if (change.latest > latest) latest = change.latest;
    }
    hotOf.set(id, hot);
    updates.ids.push(id);
    updates.counts.push(count);
    updates.seen.push(latest.toISOString());
    updates.hot.push(hot);
  }
  await tx.query(
    `UPDATE clusters c SET sources_count = u.n, last_seen_at = GREATEST(c.last_seen_at, u.seen), hot = u.hot
       FROM unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::boolean[]) AS u(id, n, seen, hot)
      WHERE c.id = u.id AND c.id = ANY($1::bigint[])`,
    [updates.ids, updates.counts, updates.seen, updates.hot],
  );

  const ledHere = new Map<number, Candidate>();
  for (const story of stories)
    if (story.lead.batchIndex !== null) ledHere.set(story.lead.batchIndex, story.lead);
  return leadOf.map((lead, i) => {
    const signature = signatures[i] as StorySignature;
    const own = ledHere.get(i);
    if (own && own.clusterId !== null)
      return {
        clusterId: own.clusterId,
        isLead: true,
        hot: hotOf.get(own.clusterId) ?? false,
        signature,
      };
    if (!lead || lead.clusterId === null) return { ...NONE, signature };
    return {
      clusterId: lead.clusterId,
      isLead: false,
      hot: hotOf.get(lead.clusterId) ?? false,
      signature,
    };
  });
}

/**
 * Gives the stored leads that start a story in this batch the story just created for each, locking
 * their article rows in id order. A lead that another worker's batch gave a story meanwhile (this one
 * waited for that batch's commit) keeps that story: the batch's articles join it instead, as they
 * would have had the batch read it a moment later, and the story created for it here is dropped (it is
 * this transaction's own row, referenced by nothing yet). Before 2026-12-01 the lead was moved to the
 * new story, leaving the other batch's articles in a story whose lead was no longer in it.
 */
async function linkStoredLeads(
  tx: Queryable,
  leads: readonly Candidate[],
  created: Set<Candidate>,
): Promise<boolean> {
  if (leads.length === 0) return false;
  const sorted = [...leads].sort((a, b) => (a.id as number) - (b.id as number));
  const { rows: linked } = await tx.query<{ id: number | string }>(
    `UPDATE articles a SET cluster_id = u.cluster FROM unnest($1::bigint[], $2::bigint[]) AS u(id, cluster)
      WHERE a.id = u.id AND a.id = ANY($1::bigint[]) AND a.cluster_id IS NULL
      RETURNING a.id`,
    [sorted.map((l) => l.id), sorted.map((l) => l.clusterId)],
  );
  if (linked.length === sorted.length) return false;
  const done = new Set(linked.map((r) => Number(r.id)));
  const taken = sorted.filter((l) => !done.has(l.id as number));
  const { rows: now } = await tx.query<{ id: number | string; clusterId: number | string | null }>(
    'SELECT id, cluster_id AS "clusterId" FROM articles WHERE id = ANY($1::bigint[])',
    [taken.map((l) => l.id)],
  );
  const storyOf = new Map(now.map((r) => [Number(r.id), r.clusterId === null ? null : Number(r.clusterId)]));
  const dropped = taken.map((l) => l.clusterId as number);
  for (const lead of taken) {
    // (A lead deleted meanwhile answers no row: its articles become leads of their own, as with no match.)
    lead.clusterId = storyOf.get(lead.id as number) ?? null;
    created.delete(lead);
  }
  await tx.query('DELETE FROM clusters WHERE id = ANY($1::bigint[])', [dropped]);
  return true;
}

/**
 * The story changes with those of one story made one (a lead that another batch gave a story the
 * batch also adds to): each feed's change once, in batch order.
 */
function mergeSameStories(stories: readonly StoryChange[]): StoryChange[] {
  const byCluster = new Map<number, StoryChange>();
  const merged: StoryChange[] = [];
  for (const story of stories) {
    const id = story.lead.clusterId;
    const into = id === null ? undefined : byCluster.get(id);
    if (!into) {
      merged.push(story);
      if (id !== null) byCluster.set(id, story);
      continue;
    }
    for (const change of story.feeds) {
      const same = into.feeds.find((f) => f.feed === change.feed);
      if (!same) into.feeds.push({ ...change });
      else {
        if (change.earliest < same.earliest) same.earliest = change.earliest;
        if (change.latest > same.latest) same.latest = change.latest;
      }
    }
    into.feeds.sort((a, b) => a.feed - b.feed);
  }
  return merged;
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
