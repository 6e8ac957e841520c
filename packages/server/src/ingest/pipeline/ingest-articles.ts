/**
 * Stores the items of a news or video feed as articles: de-duplicated by (source, guid) and by
 * canonical URL across sources, tagged (title + summary, the source's default teams, sport and topic),
 * clustered into stories, and written to the per-tag tables with the article's published_at, kind and
 * is_lead (the feed pages read only those tables).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { assignCluster } from '../clustering/assign-cluster.js';
import type { FeedItem } from '../feeds/parse-feed.js';
import type { TagIndex } from '../tagging/build-index.js';
import { tagArticle } from '../tagging/tag-article.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
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
    `SELECT guid, source_id AS "sourceId", canonical_url AS "canonicalUrl" FROM articles
      WHERE (source_id = $1 AND guid = ANY($2::text[])) OR canonical_url = ANY($3::text[])`,
    [context.sourceId, usable.map((i) => i.guid), usable.map((i) => i.canonical)],
  );
  const seenGuids = new Set(known.filter((k) => Number(k.sourceId) === context.sourceId).map((k) => k.guid));
  const seenUrls = new Set(known.map((k) => k.canonicalUrl));

  usable.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  for (const item of usable) {
    if (seenGuids.has(item.guid) || seenUrls.has(item.canonical)) {
      counts.duplicates++;
      continue;
    }
    seenGuids.add(item.guid);
    seenUrls.add(item.canonical);
    const video = Boolean(item.isYoutube && item.youtubeId) || options.video === true;
    const kind = video ? 'video' : 'article';
    const tags = tagArticle(options.tagIndex, {
      title: item.title,
      summary: item.summary,
      sourceDefaultTeamIds: context.defaultTeamIds,
      sourceSportSlug: context.sportSlug,
    });
    const teamIds = tags.teamIds.map(Number);
    const playerIds = tags.playerIds.map(Number);
    const sportIds = new Set(tags.sportIds.map(Number));
    if (context.sportId !== null) sportIds.add(context.sportId);
    const topicIds = new Set(tags.topicIds.map(Number));
    if (context.topicId !== null) topicIds.add(context.topicId);

    const cluster = await assignCluster(tx, {
      sourceId: context.sourceId,
      title: item.title,
      teamIds,
      playerIds,
      publishedAt: item.publishedAt,
    });
    const inserted = await tx.query<{ id: number | string }>(
      `INSERT INTO articles (source_id, domain_id, kind, guid, url, canonical_url, title, summary, author,
                             image_url, published_at, spyder_at, youtube_id, duration, paywall, cluster_id, is_lead)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ON CONFLICT (source_id, guid) DO NOTHING RETURNING id`,
      [
        context.sourceId,
        context.domainId,
        kind,
        item.guid,
        item.url,
        item.canonical,
        item.title,
        item.summary || null,
        item.author,
        item.imageUrl,
        item.publishedAt,
        options.now,
        item.youtubeId ?? null,
        video ? (item.durationSeconds ?? null) : null,
        context.paywall,
        cluster.clusterId,
        cluster.isLead,
      ],
    );
    const row = inserted.rows[0];
    if (!row) {
      counts.duplicates++;
      continue;
    }
    counts.inserted++;
    const id = Number(row.id);
    const published = item.publishedAt;
    if (teamIds.length > 0) {
      await tx.query(
        `INSERT INTO article_teams (article_id, team_id, published_at, kind, is_lead)
         SELECT $1, t, $3, $4, $5 FROM unnest($2::int[]) AS t ON CONFLICT DO NOTHING`,
        [id, teamIds, published, kind, cluster.isLead],
      );
    }
    if (sportIds.size > 0) {
      await tx.query(
        `INSERT INTO article_sports (article_id, sport_id, published_at, kind, is_lead)
         SELECT $1, s, $3, $4, $5 FROM unnest($2::int[]) AS s ON CONFLICT DO NOTHING`,
        [id, [...sportIds], published, kind, cluster.isLead],
      );
    }
    if (topicIds.size > 0) {
      await tx.query(
        `INSERT INTO article_topics (article_id, topic_id, published_at)
         SELECT $1, t, $3 FROM unnest($2::int[]) AS t ON CONFLICT DO NOTHING`,
        [id, [...topicIds], published],
      );
    }
    if (playerIds.length > 0) {
      await tx.query(
        `INSERT INTO article_players (article_id, player_id, published_at)
         SELECT $1, p, $3 FROM unnest($2::int[]) AS p ON CONFLICT DO NOTHING`,
        [id, playerIds, published],
      );
    }
  }
  return counts;
}
