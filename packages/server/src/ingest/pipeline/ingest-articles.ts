/**
 * Stores the items of news or video feeds as articles, one feed or a batch of feeds in one go:
 * de-duplicated by (source, guid) and by canonical URL across sources, tagged (title + summary, the source's default teams, sport and topic),
 * clustered into stories, and written to the per-tag tables with the article's published_at, kind and
 * is_lead (the feed pages read only those tables).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { notifyNewSourceArticles } from '../../notifications/notification-events.js';
import {
  assignBatchClusters,
  type BatchClusterArticle,
  linkStoryLeads,
} from '../clustering/assign-clusters.js';
import type { LeadSignatures } from '../clustering/lead-signatures.js';
import type { BatchLeads } from '../clustering/merge-split-stories.js';
import type { FeedItem } from '../feeds/parse-feed.js';
import type { TagIndex } from '../tagging/build-index.js';
import { tagArticle } from '../tagging/tag-article.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
import { insertRows, PGLITE_ROWS_PER_STATEMENT, type RowColumn } from './insert-rows.js';
import type { SourceContext } from './source-context.js';
import { timeSlices } from './time-slices.js';

/** The items of one news or video feed, as {@link ingestArticleFeeds} stores them. */
export interface ArticleFeed {
  /** Its source's context. */
  context: SourceContext;
  /** The parsed items. */
  items: readonly FeedItem[];
  /** Every item is a video (a YouTube channel's feed). */
  video?: boolean;
  /** When it was fetched (the spyder date of its new articles; default: the batch's `now`). */
  now?: Date;
}

/**
 * Inserts the new items of one feed as articles (call inside the feed's transaction). Items are stored
 * oldest first, so the first article of a story leads its cluster.
 * @example
 * const counts = await ingestArticles(tx, context, feed.items, { tagIndex, now });
 */
export async function ingestArticles(
  tx: Queryable,
  context: SourceContext,
  items: readonly FeedItem[],
  options: { tagIndex: TagIndex; now: Date; video?: boolean },
): Promise<IngestCounts> {
  const feed: ArticleFeed = { context, items, ...(options.video ? { video: true } : {}) };
  const [counts] = await ingestArticleFeeds(tx, [feed], options);
  return counts ?? emptyCounts();
}

/**
 * Inserts the new items of several feeds as articles in a fixed number of statements (call inside
 * one transaction): one de-duplication read, the clustering reads and writes, one insert of the
 * articles and one per tag table, one notification statement. The result is what storing the feeds one
 * after the other in this order gives: an item another feed of the batch already brought (same
 * canonical URL) is a duplicate, each feed's items are stored oldest first, and stories form across
 * the feeds as they would have. Answers the counts of each feed, in order.
 * @example
 * const [a, b] = await ingestArticleFeeds(tx, [{ context: ca, items: fa }, { context: cb, items: fb }], { tagIndex, now });
 */
export async function ingestArticleFeeds(
  tx: Queryable,
  feeds: readonly ArticleFeed[],
  options: {
    tagIndex: TagIndex;
    now: Date;
    /**
     * Nobody else can store articles between this transaction's de-duplication read and its insert:
     * PGlite, whose one connection runs one transaction at a time in the one process that owns it. The
     * insert then needs no `ON CONFLICT` arbiter, which cost about 15% of the articles insert (57 µs of
     * 370 per row; `docs/decisions/ingestion.md`, "No conflict arbiter on PGlite"). On PostgreSQL
     * another worker may store the same item meanwhile (a lease that ran out), and the arbiter turns
     * that into a duplicate. The same URL brought by another source meanwhile is left to the unique
     * index of canonical URLs: the insert fails and the batch is stored again (`ingest-feeds.ts`),
     * which keeps its stories whole.
     */
    soleWriter?: boolean;
    /** The signatures of stored leads remembered between batches (default: none remembered). */
    leads?: LeadSignatures;
    /** Collects the batch's new leads with team tags and the leads it read (for `mergeSplitStories`). */
    batchLeads?: BatchLeads;
  },
): Promise<IngestCounts[]> {
  const counts = feeds.map(() => emptyCounts());
  const usable = feeds.map((feed, f) => {
    const list: Usable[] = [];
    for (const item of feed.items) {
      const canonical = canonicalUrlOf(item);
      if (canonical === null) (counts[f] as IngestCounts).skipped++;
      else list.push({ ...item, url: item.url as string, canonical });
    }
    return list;
  });
  const all = usable.flatMap((list, f) =>
    list.map((item) => ({ item, sourceId: feeds[f]!.context.sourceId })),
  );
  if (all.length === 0) return counts;

  // One query finds everything of the batch already stored, by guid in its source or by URL anywhere.
  const { guids: seenGuids, urls: seenUrls } = await storedItemKeys(
    tx,
    all.map((u) => ({ sourceId: u.sourceId, guid: u.item.guid, canonical: u.item.canonical })),
  );

  const fresh: Prepared[] = [];
  // Tagging a first fetch's 400 items takes tens of ms: the server answers requests between slices.
  const slice = timeSlices();
  for (const [f, list] of usable.entries()) {
    const feed = feeds[f] as ArticleFeed;
    const { context } = feed;
    const feedCounts = counts[f] as IngestCounts;
    list.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
    for (const item of list) {
      const key = storedGuidKey(context.sourceId, item.guid);
      if (seenGuids.has(key) || seenUrls.has(item.canonical)) {
        feedCounts.duplicates++;
        continue;
      }
      seenGuids.add(key);
      seenUrls.add(item.canonical);
      await slice();
      const video = Boolean(item.isYoutube && item.youtubeId) || feed.video === true;
      const tags = tagArticle(options.tagIndex, {
        title: item.title,
        summary: item.summary,
        sourceDefaultTeamIds: context.defaultTeamIds,
        sourceSportSlug: context.sportSlug,
        sourceTopicSlug: context.topicSlug,
      });
      const sportIds = new Set(tags.sportIds.map(Number));
      if (context.sportId !== null) sportIds.add(context.sportId);
      const topicIds = new Set(tags.topicIds.map(Number));
      if (context.topicId !== null) topicIds.add(context.topicId);
      fresh.push({
        feed: f,
        context,
        spyderAt: feed.now ?? options.now,
        item,
        video,
        kind: video ? 'video' : 'article',
        teamIds: tags.teamIds.map(Number),
        playerIds: tags.playerIds.map(Number),
        sportIds: [...sportIds],
        topicIds: [...topicIds],
      });
    }
  }
  if (fresh.length === 0) return counts;

  const clusters = await assignBatchClusters(
    tx,
    fresh.map(clusterInput),
    options.leads,
    options.batchLeads?.seen,
  );
  // On PGlite the server answers requests between statements only: no statement holds it for long.
  const perStatement = options.soleWriter ? PGLITE_ROWS_PER_STATEMENT : undefined;
  const column = <T>(name: string, type: string, pick: (p: Prepared, i: number) => T): RowColumn => ({
    name,
    type,
    values: fresh.map(pick),
  });
  const inserted = await insertRows<{ id: number | string; sourceId: number | string; guid: string }>(
    tx,
    'articles',
    [
      column('source_id', 'int', (p) => p.context.sourceId),
      column('domain_id', 'int', (p) => p.context.domainId),
      column('kind', 'text', (p) => p.kind),
      column('guid', 'text', (p) => p.item.guid),
      column('url', 'text', (p) => p.item.url),
      column('canonical_url', 'text', (p) => p.item.canonical),
      column('title', 'text', (p) => p.item.title),
      column('summary', 'text', (p) => p.item.summary || null),
      column('author', 'text', (p) => p.item.author),
      column('image_url', 'text', (p) => p.item.imageUrl),
      column('published_at', 'timestamptz', (p) => p.item.publishedAt),
      column('spyder_at', 'timestamptz', (p) => p.spyderAt),
      column('youtube_id', 'text', (p) => p.item.youtubeId ?? null),
      column('duration', 'int', (p) => (p.video ? (p.item.durationSeconds ?? null) : null)),
      column('paywall', 'boolean', (p) => p.context.paywall),
      column('cluster_id', 'bigint', (_, i) => clusters[i]?.clusterId ?? null),
      column('is_lead', 'boolean', (_, i) => clusters[i]?.isLead ?? true),
    ],
    `${options.soleWriter ? '' : 'ON CONFLICT (source_id, guid) DO NOTHING'} RETURNING id, source_id AS "sourceId", guid`,
    perStatement,
  );
  const idOf = new Map(inserted.map((r) => [storedGuidKey(Number(r.sourceId), r.guid), Number(r.id)]));
  await linkStoryLeads(tx, clusters);

  // The tag rows carry published_at, kind and is_lead so feeds page through their indexes alone.
  const teams = tagRows(),
    sports = tagRows(),
    topics = tagRows(),
    players = tagRows();
  fresh.forEach((p, i) => {
    const feedCounts = counts[p.feed] as IngestCounts;
    const id = idOf.get(storedGuidKey(p.context.sourceId, p.item.guid));
    if (id === undefined) {
      // Stored meanwhile by another worker.
      feedCounts.duplicates++;
      return;
    }
    feedCounts.inserted++;
    const isLead = clusters[i]?.isLead ?? true;
    // A lead with team tags is a candidate of the batches to come.
    if (isLead && p.teamIds.length > 0 && clusters[i]) {
      options.leads?.remember(id, clusters[i].signature);
      options.batchLeads?.added.push({
        id,
        publishedAt: p.item.publishedAt,
        signature: clusters[i].signature,
      });
    }
    for (const t of new Set(p.teamIds))
      teams.add(id, t, p.item.publishedAt, p.kind, isLead, p.context.sourceId);
    for (const s of p.sportIds) sports.add(id, s, p.item.publishedAt, p.kind, isLead);
    for (const t of p.topicIds) topics.add(id, t, p.item.publishedAt, p.kind, isLead);
    for (const pl of new Set(p.playerIds)) players.add(id, pl, p.item.publishedAt, p.kind, isLead);
  });
  // No `ON CONFLICT` arbiter: every id was created by the insert above, in this transaction, so no
  // other writer can have tagged it, and each article's tags are distinct (sets). The arbiter cost a
  // quarter of these inserts (a unique-index probe before each row; `docs/decisions/ingestion.md`).
  await insertRows(
    tx,
    'article_teams',
    [...teams.columns('team_id', true), teams.sourceColumn()],
    '',
    perStatement,
  );
  await insertRows(tx, 'article_sports', sports.columns('sport_id', true), '', perStatement);
  await insertRows(tx, 'article_topics', topics.columns('topic_id', false), '', perStatement);
  await insertRows(tx, 'article_players', players.columns('player_id', false), '', perStatement);
  // Followers of each source hear of its newest new article (pushed and mailed after commit).
  await notifyNewSourceArticles(tx, [...idOf.values()], options.now);
  return counts;
}

/** The URL an item is stored and de-duplicated under across sources; null for an item without a link (skipped). */
export function canonicalUrlOf(item: FeedItem): string | null {
  return item.url ? (item.canonicalUrl ?? item.url) : null;
}

/** The key of a (source, guid) pair in {@link storedItemKeys}' answer. */
export function storedGuidKey(sourceId: number, guid: string): string {
  return `${sourceId}\u0000${guid}`;
}

/**
 * Which of these items are stored already: the (source, guid) pairs stored (keys of
 * {@link storedGuidKey}), and the canonical URLs stored under any source. One read-only statement:
 * the batch's de-duplication inside its transaction, and `unstored-items.ts` before a feed joins a batch.
 * @example
 * const { guids, urls } = await storedItemKeys(db, [{ sourceId: 4, guid: 'a1', canonical: 'https://x.example/a1' }]);
 * guids.has(storedGuidKey(4, 'a1'));
 */
export async function storedItemKeys(
  db: Queryable,
  items: readonly { sourceId: number; guid: string; canonical: string }[],
): Promise<{ guids: Set<string>; urls: Set<string> }> {
  if (items.length === 0) return { guids: new Set(), urls: new Set() };
  const { rows: found } = await db.query<{ guid: string; sourceId: number; canonicalUrl: string | null }>(
    // Two index lookups: an OR of the two conditions would make PostgreSQL scan the table. The
    // (source, guid) pairs are looked up one by one through a scalar subquery: as a join, the planner
    // hashed a sequential scan of articles for a batch's thousand pairs, a cost growing with the table.
    // (A pair not stored answers a null URL, dropped below: filtering in SQL ran the subquery twice.)
    `SELECT k.guid, k.source_id AS "sourceId",
            (SELECT a.canonical_url FROM articles a
              WHERE a.source_id = k.source_id AND a.guid = k.guid) AS "canonicalUrl"
       FROM unnest($1::int[], $2::text[]) AS k(source_id, guid)
     UNION ALL
     SELECT guid, source_id AS "sourceId", canonical_url AS "canonicalUrl" FROM articles
      WHERE canonical_url = ANY($3::text[])`,
    [items.map((i) => i.sourceId), items.map((i) => i.guid), [...new Set(items.map((i) => i.canonical))]],
  );
  const known = found.filter((k): k is typeof k & { canonicalUrl: string } => k.canonicalUrl !== null);
  return {
    guids: new Set(known.map((k) => storedGuidKey(Number(k.sourceId), k.guid))),
    urls: new Set(known.map((k) => k.canonicalUrl)),
  };
}

/** A feed item with the URL it is stored under. */
type Usable = FeedItem & { url: string; canonical: string };

/** A new item with its tags, ready to store. */
interface Prepared {
  /** Its feed's place in the batch. */
  feed: number;
  context: SourceContext;
  spyderAt: Date;
  item: Usable;
  video: boolean;
  kind: 'article' | 'video';
  teamIds: number[];
  playerIds: number[];
  sportIds: number[];
  topicIds: number[];
}

function clusterInput(p: Prepared): BatchClusterArticle {
  return {
    title: p.item.title,
    teamIds: p.teamIds,
    playerIds: p.playerIds,
    publishedAt: p.item.publishedAt,
    sourceId: p.context.sourceId,
    feed: p.feed,
  };
}

/**
 * Collects the rows of one tag table (article, tag, published_at and, for teams and sports, kind and
 * is_lead; for teams also the source, which members' hides are tested against).
 */
function tagRows() {
  const ids: number[] = [];
  const tags: number[] = [];
  const published: Date[] = [];
  const kinds: string[] = [];
  const leads: boolean[] = [];
  const sources: number[] = [];
  return {
    /** `sourceId` for the team rows only (a row without it fails article_teams' NOT NULL, never stores 0). */
    add(id: number, tag: number, at: Date, kind: string, isLead: boolean, sourceId?: number) {
      ids.push(id);
      tags.push(tag);
      published.push(at);
      kinds.push(kind);
      leads.push(isLead);
      if (sourceId !== undefined) sources.push(sourceId);
    },
    sourceColumn(): RowColumn {
      return { name: 'source_id', type: 'int', values: sources };
    },
    columns(tagColumn: string, withKind: boolean): RowColumn[] {
      const base: RowColumn[] = [
        { name: 'article_id', type: 'bigint', values: ids },
        { name: tagColumn, type: 'int', values: tags },
        { name: 'published_at', type: 'timestamptz', values: published },
      ];
      return withKind
        ? [
            ...base,
            { name: 'kind', type: 'text', values: kinds },
            { name: 'is_lead', type: 'boolean', values: leads },
          ]
        : base;
    },
  };
}
