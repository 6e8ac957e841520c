/**
 * Stores the items of a news or video feed as articles: de-duplicated by (source, guid) and by
 * canonical URL across sources, tagged (title + summary, the source's default teams, sport and topic),
 * clustered into stories, and written to the per-tag tables with the article's published_at, kind and
 * is_lead (the feed pages read only those tables).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { notifyNewSourceArticles } from '../../notifications/notification-events.js';
import {
  assignClusters,
  type ClusterCandidateArticle,
  linkStoryLeads,
} from '../clustering/assign-clusters.js';
import type { FeedItem } from '../feeds/parse-feed.js';
import type { TagIndex } from '../tagging/build-index.js';
import { tagArticle } from '../tagging/tag-article.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
import { insertRows, type RowColumn } from './insert-rows.js';
import type { SourceContext } from './source-context.js';

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
  const counts = emptyCounts();
  const usable: (FeedItem & { url: string; canonical: string })[] = [];
  for (const item of items) {
    if (!item.url) {
      counts.skipped++;
      continue;
    }
    usable.push({ ...item, url: item.url, canonical: item.canonicalUrl ?? item.url });
  }
  if (usable.length === 0) return counts;

  // One query finds everything of this feed already stored, by guid here or by URL anywhere.
  const { rows: known } = await tx.query<{ guid: string; sourceId: number; canonicalUrl: string }>(
    // Two index lookups: an OR of the two conditions would make PostgreSQL scan the table.
    `SELECT guid, source_id AS "sourceId", canonical_url AS "canonicalUrl" FROM articles
      WHERE source_id = $1 AND guid = ANY($2::text[])
     UNION ALL
     SELECT guid, source_id AS "sourceId", canonical_url AS "canonicalUrl" FROM articles
      WHERE canonical_url = ANY($3::text[])`,
    [context.sourceId, usable.map((i) => i.guid), usable.map((i) => i.canonical)],
  );
  const seenGuids = new Set(known.filter((k) => Number(k.sourceId) === context.sourceId).map((k) => k.guid));
  const seenUrls = new Set(known.map((k) => k.canonicalUrl));

  usable.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  const fresh: Prepared[] = [];
  for (const item of usable) {
    if (seenGuids.has(item.guid) || seenUrls.has(item.canonical)) {
      counts.duplicates++;
      continue;
    }
    seenGuids.add(item.guid);
    seenUrls.add(item.canonical);
    const video = Boolean(item.isYoutube && item.youtubeId) || options.video === true;
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
      item,
      video,
      kind: video ? 'video' : 'article',
      teamIds: tags.teamIds.map(Number),
      playerIds: tags.playerIds.map(Number),
      sportIds: [...sportIds],
      topicIds: [...topicIds],
    });
  }
  if (fresh.length === 0) return counts;

  const clusters = await assignClusters(tx, context.sourceId, fresh.map(clusterInput));
  const column = <T>(name: string, type: string, pick: (p: Prepared, i: number) => T): RowColumn => ({
    name,
    type,
    values: fresh.map(pick),
  });
  const inserted = await insertRows<{ id: number | string; guid: string }>(
    tx,
    'articles',
    [
      column('source_id', 'int', () => context.sourceId),
      column('domain_id', 'int', () => context.domainId),
      column('kind', 'text', (p) => p.kind),
      column('guid', 'text', (p) => p.item.guid),
      column('url', 'text', (p) => p.item.url),
      column('canonical_url', 'text', (p) => p.item.canonical),
      column('title', 'text', (p) => p.item.title),
      column('summary', 'text', (p) => p.item.summary || null),
      column('author', 'text', (p) => p.item.author),
      column('image_url', 'text', (p) => p.item.imageUrl),
      column('published_at', 'timestamptz', (p) => p.item.publishedAt),
      column('spyder_at', 'timestamptz', () => options.now),
      column('youtube_id', 'text', (p) => p.item.youtubeId ?? null),
      column('duration', 'int', (p) => (p.video ? (p.item.durationSeconds ?? null) : null)),
      column('paywall', 'boolean', () => context.paywall),
      column('cluster_id', 'bigint', (_, i) => clusters[i]?.clusterId ?? null),
      column('is_lead', 'boolean', (_, i) => clusters[i]?.isLead ?? true),
    ],
    'ON CONFLICT (source_id, guid) DO NOTHING RETURNING id, guid',
  );
  const idOf = new Map(inserted.map((r) => [r.guid, Number(r.id)]));
  await linkStoryLeads(tx, clusters);
  counts.inserted += inserted.length;
  counts.duplicates += fresh.length - inserted.length;

  // The tag rows carry published_at, kind and is_lead so feeds page through their indexes alone.
  const teams = tagRows(),
    sports = tagRows(),
    topics = tagRows(),
    players = tagRows();
  fresh.forEach((p, i) => {
    const id = idOf.get(p.item.guid);
    if (id === undefined) return;
    const isLead = clusters[i]?.isLead ?? true;
    for (const t of p.teamIds) teams.add(id, t, p.item.publishedAt, p.kind, isLead);
    for (const s of p.sportIds) sports.add(id, s, p.item.publishedAt, p.kind, isLead);
    for (const t of p.topicIds) topics.add(id, t, p.item.publishedAt, p.kind, isLead);
    for (const pl of p.playerIds) players.add(id, pl, p.item.publishedAt, p.kind, isLead);
  });
  await insertRows(tx, 'article_teams', teams.columns('team_id', true), 'ON CONFLICT DO NOTHING');
  await insertRows(tx, 'article_sports', sports.columns('sport_id', true), 'ON CONFLICT DO NOTHING');
  await insertRows(tx, 'article_topics', topics.columns('topic_id', false), 'ON CONFLICT DO NOTHING');
  await insertRows(tx, 'article_players', players.columns('player_id', false), 'ON CONFLICT DO NOTHING');
  // Followers of the source hear of its newest new article (pushed and mailed after commit).
  await notifyNewSourceArticles(tx, [...idOf.values()], options.now);
  return counts;
}

/** A new item with its tags, ready to store. */
interface Prepared {
  item: FeedItem & { url: string; canonical: string };
  video: boolean;
  kind: 'article' | 'video';
  teamIds: number[];
  playerIds: number[];
  sportIds: number[];
  topicIds: number[];
}

function clusterInput(p: Prepared): ClusterCandidateArticle {
  return { title: p.item.title, teamIds: p.teamIds, playerIds: p.playerIds, publishedAt: p.item.publishedAt };
}

/** Collects the rows of one tag table (article, tag, published_at and, for teams and sports, kind and is_lead). */
function tagRows() {
  const ids: number[] = [];
  const tags: number[] = [];
  const published: Date[] = [];
  const kinds: string[] = [];
  const leads: boolean[] = [];
  return {
    add(id: number, tag: number, at: Date, kind: string, isLead: boolean) {
      ids.push(id);
      tags.push(tag);
      published.push(at);
      kinds.push(kind);
      leads.push(isLead);
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
