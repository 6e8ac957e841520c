/**
 * The repair of stories split between ingest workers. Clustering compares a batch's new articles with
 * the leads already committed, so two workers whose batches are stored at the same moment do not see
 * each other's new leads: two articles of one story, one in each batch, both start a story (5-7% more
 * leads with 2 workers than with 1 in the workers benchmark). After its batch commits, a worker on
 * PostgreSQL compares the batch's new leads with the leads committed meanwhile (those its clustering
 * did not read): a pair that tells the same story is a split. As storing them one after the other would
 * have done, in the order they were stored (ids, the same on every worker, so two workers repairing the
 * same split agree), each lead joins the most similar earlier lead it matches that still leads; its
 * story's articles follow it as more coverage, and the story's sources count and hot flag are worked out
 * again from its articles.
 * @module
 */
import type { Database, Queryable } from '../../db/database.js';
import { createStories } from './create-stories.js';
import type { LeadSignatures } from './lead-signatures.js';
import { readCandidateLeads, type StoredLead } from './read-candidate-leads.js';
import {
  CLUSTER_WINDOW_MS,
  isHotStory,
  isSameStory,
  type StorySignature,
  storySimilarity,
} from './story-signature.js';

/** A lead article a batch has just stored. */
export interface NewLead {
  id: number;
  publishedAt: Date;
  signature: StorySignature;
}

/** What a batch's repair needs to know of its clustering: the leads it stored and the leads it read. */
export interface BatchLeads {
  /** The new leads with team tags the batch stored. */
  added: NewLead[];
  /** The stored leads its clustering compared the batch with (any other lead was not visible to it). */
  seen: Set<number>;
}

/** An empty {@link BatchLeads}, for a batch to fill. */
export function batchLeads(): BatchLeads {
  return { added: [], seen: new Set() };
}

/** Most leads read around a batch's new leads (the most recent first), as clustering reads at most. */
const MAX_LEADS = 20_000;

/**
 * Joins each group of leads that tell the same story as one of a batch's new leads into one story (see
 * the module comment); answers how many leads joined another story. Runs its own transaction: call
 * after the batch has committed.
 * @example
 * const joined = await mergeSplitStories(db, batch, leadSignaturesOf(db));
 */
export async function mergeSplitStories(
  db: Database,
  batch: BatchLeads,
  leads: LeadSignatures,
): Promise<number> {
  const eligible = batch.added.filter((l) => l.signature.teamIds.length > 0 && l.signature.terms.length > 0);
  if (eligible.length === 0) return 0;
  const times = eligible.map((l) => l.publishedAt.getTime());
  const teams = [...new Set(eligible.flatMap((l) => l.signature.teamIds.map(Number)))];
  const stored = await readCandidateLeads(
    db,
    teams,
    new Date(Math.min(...times) - CLUSTER_WINDOW_MS),
    new Date(Math.max(...times) + CLUSTER_WINDOW_MS),
    MAX_LEADS,
    leads,
  );
  const groups = splitGroups(eligible, stored, batch.seen);
  if (groups.length === 0) return 0;
  return db.transaction((tx) => joinGroups(tx, groups));
}

/**
 * The groups of stored leads to make one story, each sorted by id, its first the lead the others join.
 * A new lead is compared with the leads its batch did not see (those it saw, clustering compared it
 * with already; the batch's own new leads, likewise).
 */
function splitGroups(
  newLeads: readonly NewLead[],
  stored: readonly StoredLead[],
  seen: ReadonlySet<number>,
): StoredLead[][] {
  const byId = new Map(stored.map((l) => [l.id, l]));
  const own = new Set(newLeads.map((l) => l.id));
  // The unseen leads by team: a lead tells the same story only as a lead sharing a team (they were read
  // by team), and another worker's batch may have stored a thousand of them meanwhile.
  const unseenByTeam = new Map<number, StoredLead[]>();
  for (const l of stored) {
    if (seen.has(l.id) || own.has(l.id)) continue;
    for (const t of new Set(l.signature.teamIds.map(Number))) {
      const list = unseenByTeam.get(t);
      if (list) list.push(l);
      else unseenByTeam.set(t, [l]);
    }
  }
  // The pairs that tell one story: each new lead with the unseen leads it matches.
  const matches = new Map<number, { other: StoredLead; score: number }[]>();
  const pair = (a: StoredLead, b: StoredLead, score: number) => {
    const list = matches.get(a.id);
    if (list) list.push({ other: b, score });
    else matches.set(a.id, [{ other: b, score }]);
  };
  for (const lead of newLeads) {
    const self = byId.get(lead.id);
    if (!self) continue; // no longer a lead: another worker's repair got there first
    const time = lead.publishedAt.getTime();
    const unseen = new Set(lead.signature.teamIds.flatMap((t) => unseenByTeam.get(Number(t)) ?? []));
    for (const other of unseen) {
      if (other.clusterId !== null && other.clusterId === self.clusterId) continue;
      if (Math.abs(other.publishedAt.getTime() - time) > CLUSTER_WINDOW_MS) continue;
      if (!isSameStory(lead.signature, other.signature)) continue;
      const score = storySimilarity(lead.signature, other.signature);
      pair(self, other, score);
      pair(other, self, score);
    }
  }
  // As storing them one after the other would have done, in the order they were stored (ids): each lead
  // joins the most similar earlier lead it matches that still leads; a lead another joined stays a lead.
  const joinedTo = new Map<number, number>();
  const groups = new Map<number, StoredLead[]>();
  for (const id of [...matches.keys()].sort((a, b) => a - b)) {
    let best: { other: StoredLead; score: number } | null = null;
    for (const match of matches.get(id) ?? [])
      if (match.other.id < id && !joinedTo.has(match.other.id) && (!best || match.score > best.score))
        best = match;
    if (!best) continue;
    joinedTo.set(id, best.other.id);
    const group = groups.get(best.other.id) ?? [best.other];
    group.push(byId.get(id) as StoredLead);
    groups.set(best.other.id, group);
  }
  return [...groups.values()].map((g) => g.sort((a, b) => a.id - b.id));
}

/**
 * Makes the first lead of each group lead the others and their stories' articles, in a fixed number of
 * statements for all the groups; answers how many leads joined. A group one of whose leads no longer
 * leads (another worker's batch or repair got there) is left as it is; a lead that a batch gave a story
 * meanwhile (its first article joined it) is joined with that story.
 */
async function joinGroups(tx: Queryable, read: readonly StoredLead[][]): Promise<number> {
  // The leads, then their stories, each in id order: the order a batch's clustering locks them in
  // (the stored leads it links, then the stories it adds to), so a repair and a batch never deadlock.
  const { rows: articleRows } = await tx.query<{
    id: number | string;
    clusterId: number | string | null;
    isLead: boolean;
  }>(
    `SELECT id, cluster_id AS "clusterId", is_lead AS "isLead" FROM articles
      WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [
      read
        .flat()
        .map((l) => l.id)
        .sort((a, b) => a - b),
    ],
  );
  const now = new Map(articleRows.map((a) => [Number(a.id), a]));
  // Each lead as it is now that it is locked, or null once it no longer leads. Another worker's batch
  // may give a lone lead a story between the repair's read and its lock: measured on 2026-12-01 with the
  // repairs run beside the next batch, leaving such groups left about 1% more cards with 2 workers.
  const current = (l: StoredLead): StoredLead | null => {
    const row = now.get(l.id);
    if (row?.isLead !== true) return null;
    return { ...l, clusterId: row.clusterId === null ? null : Number(row.clusterId) };
  };
  const leading = read
    .map((g) => g.map(current))
    .filter((g): g is StoredLead[] => g.every((l) => l !== null));
  const clusterIds = [
    ...new Set(
      leading
        .flat()
        .map((l) => l.clusterId)
        .filter((c): c is number => c !== null),
    ),
  ].sort((a, b) => a - b);
  const { rows: clusterRows } = await tx.query<{
    id: number | string;
    hot: boolean;
    firstSeenAt: Date | string;
  }>(
    `SELECT id, hot, first_seen_at AS "firstSeenAt" FROM clusters WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [clusterIds],
  );
  const clusters = new Map(clusterRows.map((c) => [Number(c.id), c]));
  const kept = leading.filter((g) => g.every((l) => l.clusterId === null || clusters.has(l.clusterId)));
  if (kept.length === 0) return 0;

  // A first lead without a story yet gets one.
  const lone = kept.map((g) => g[0] as StoredLead).filter((l) => l.clusterId === null);
  const storyOf = new Map<number, number>(); // first lead's id -> its story
  for (const [first] of kept) if (first?.clusterId) storyOf.set(first.id, first.clusterId);
  const loneStories = await createStories(tx, lone);
  lone.forEach((l, k) => {
    storyOf.set(l.id, loneStories[k] as number);
  });
  // Every article that changes story: the first leads without one, the other leads, and the articles
  // of the other leads' stories (found by story below).
  const moves = { ids: [] as number[], stories: [] as number[], leads: [] as boolean[] };
  const storyMoves = { from: [] as number[], to: [] as number[] };
  for (const g of kept) {
    const [first, ...others] = g as [StoredLead, ...StoredLead[]];
    const story = storyOf.get(first.id) as number;
    if (first.clusterId === null) {
      moves.ids.push(first.id);
      moves.stories.push(story);
      moves.leads.push(true);
    }
    for (const other of others) {
      moves.ids.push(other.id);
      moves.stories.push(story);
      moves.leads.push(false);
      if (other.clusterId !== null) {
        storyMoves.from.push(other.clusterId);
        storyMoves.to.push(story);
      }
    }
  }
  // (`id = ANY(ids)` beside the join on unnest makes the planner find the rows by primary key.)
  await tx.query(
    `UPDATE articles a SET cluster_id = u.story, is_lead = u.lead
       FROM unnest($1::bigint[], $2::bigint[], $3::boolean[]) AS u(id, story, lead)
      WHERE a.id = u.id AND a.id = ANY($1::bigint[])`,
    [moves.ids, moves.stories, moves.leads],
  );
  if (storyMoves.from.length > 0) {
    await tx.query(
      `UPDATE articles a SET cluster_id = u.story, is_lead = false
         FROM unnest($1::bigint[], $2::bigint[]) AS u(old, story)
        WHERE a.cluster_id = u.old AND a.cluster_id = ANY($1::bigint[])`,
      [storyMoves.from, storyMoves.to],
    );
    await tx.query('DELETE FROM clusters WHERE id = ANY($1::bigint[])', [storyMoves.from]);
  }
  // The tag rows that carry is_lead, so feeds that page through their indexes stop showing them as cards.
  const joining = moves.ids.filter((_, k) => !moves.leads[k]);
  await tx.query('UPDATE article_teams SET is_lead = false WHERE article_id = ANY($1::bigint[])', [joining]);
  await tx.query('UPDATE article_sports SET is_lead = false WHERE article_id = ANY($1::bigint[])', [joining]);

  // Each story's count and hot flag from its articles now: each source counts once, from its earliest
  // article, and the story is hot once a third source came within the hot window of its first article.
  const stories = kept.map((g) => storyOf.get((g[0] as StoredLead).id) as number);
  const { rows: sourceRows } = await tx.query<{
    story: number | string;
    earliest: Date | string;
  }>(
    `SELECT cluster_id AS story, min(published_at) AS earliest FROM articles
      WHERE cluster_id = ANY($1::bigint[]) GROUP BY cluster_id, source_id ORDER BY 1, 2`,
    [stories],
  );
  const earliestOf = new Map<number, number[]>();
  for (const row of sourceRows) {
    const list = earliestOf.get(Number(row.story)) ?? [];
    list.push(new Date(row.earliest).getTime());
    earliestOf.set(Number(row.story), list);
  }
  const update = { ids: [] as number[], counts: [] as number[], first: [] as string[], hot: [] as boolean[] };
  kept.forEach((g, k) => {
    const story = stories[k] as number;
    const earliest = earliestOf.get(story) ?? [];
    const old = g.map((l) => (l.clusterId === null ? undefined : clusters.get(l.clusterId)));
    const firstSeenAt = new Date(
      Math.min(
        ...earliest,
        ...old.map((c) => (c ? new Date(c.firstSeenAt).getTime() : Number.POSITIVE_INFINITY)),
      ),
    );
    const third = earliest[2];
    update.ids.push(story);
    update.counts.push(earliest.length);
    update.first.push(firstSeenAt.toISOString());
    update.hot.push(
      old.some((c) => c?.hot === true) ||
        (third !== undefined &&
          isHotStory({
            sourcesCount: earliest.length,
            firstSeenAt,
            latestAt: new Date(third),
            wasHot: false,
          })),
    );
  });
  await tx.query(
    `UPDATE clusters c SET sources_count = u.n, first_seen_at = u.first, hot = u.hot,
            last_seen_at = GREATEST(c.last_seen_at,
                                    (SELECT max(a.published_at) FROM articles a WHERE a.cluster_id = c.id))
       FROM unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::boolean[]) AS u(id, n, first, hot)
      WHERE c.id = u.id AND c.id = ANY($1::bigint[])`,
    [update.ids, update.counts, update.first, update.hot],
  );
  return joining.length;
}
