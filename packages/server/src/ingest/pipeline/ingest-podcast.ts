/**
 * Stores a podcast feed: the show (one `podcasts` row per podcast source, upserted with what the parser
 * gives), its episodes (upserted by podcast and guid, with every iTunes/Podcasting 2.0 field the parser
 * reads) and their team and player tags (the show's default teams plus tagging of the episode title),
 * then refreshes the show's episode count and latest episode.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { notifyNewEpisodes } from '../../notifications/notifications.js';
import type { FeedEnclosure, FeedItem, ParsedFeed } from '../feeds/parse-feed.js';
import type { TagIndex } from '../tagging/build-index.js';
import { tagArticle } from '../tagging/tag-article.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
import { insertRows, type RowColumn } from './insert-rows.js';
import type { SourceContext } from './source-context.js';

/**
 * Upserts the podcast of a source and its episodes (call inside the feed's transaction).
 * @example
 * const counts = await ingestPodcast(tx, context, { feedUrl, title }, feed, { tagIndex, now });
 */
export async function ingestPodcast(
  tx: Queryable,
  context: SourceContext,
  source: { feedUrl: string; title: string },
  feed: ParsedFeed,
  options: { tagIndex: TagIndex; now: Date },
): Promise<IngestCounts> {
  const counts = emptyCounts();
  const title = feed.title || source.title;
  const { rows } = await tx.query<{ id: number | string; inserted: boolean }>(
    `INSERT INTO podcasts (source_id, feed_url, title, description, summary, author, website, explicit, image_url)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8)
     ON CONFLICT (source_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
       summary = EXCLUDED.summary, author = EXCLUDED.author, website = EXCLUDED.website,
       explicit = EXCLUDED.explicit, image_url = COALESCE(EXCLUDED.image_url, podcasts.image_url)
     RETURNING id, (xmax = 0) AS inserted`,
    [
      context.sourceId,
      source.feedUrl,
      title,
      feed.description || null,
      feed.author,
      feed.link,
      feed.explicit ?? false,
      feed.image,
    ],
  );
  const podcastId = Number(rows[0]!.id);
  if (rows[0]!.inserted) {
    // A new show takes its source's default teams and sport, so team pages list it.
    await tx.query(
      `INSERT INTO podcast_teams (podcast_id, team_id)
       SELECT $1, team_id FROM source_teams WHERE source_id = $2 ON CONFLICT DO NOTHING`,
      [podcastId, context.sourceId],
    );
    if (context.sportId !== null) {
      await tx.query(
        'INSERT INTO podcast_sports (podcast_id, sport_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [podcastId, context.sportId],
      );
    }
  }
  const { rows: teamRows } = await tx.query<{ teamId: number | string }>(
    'SELECT team_id AS "teamId" FROM podcast_teams WHERE podcast_id = $1',
    [podcastId],
  );
  const defaultTeamIds = teamRows.map((r) => Number(r.teamId));

  // One row per guid: a feed listing an episode twice would otherwise update the same row twice in
  // one statement, which PostgreSQL refuses.
  const byGuid = new Map<string, FeedItem & { enclosure: FeedEnclosure }>();
  for (const item of feed.items) {
    if (!item.enclosure) counts.skipped++;
    else if (byGuid.has(item.guid)) counts.duplicates++;
    else byGuid.set(item.guid, { ...item, enclosure: item.enclosure });
  }
  const episodes = [...byGuid.values()];
  const column = <T>(name: string, type: string, pick: (e: (typeof episodes)[number]) => T): RowColumn => ({
    name,
    type,
    values: episodes.map(pick),
  });
  // Every fetch refreshes the episodes' fields that changed (publishers fix titles and files); only new
  // rows are counted and tagged.
  const stored = await insertRows<{ id: number | string; guid: string; inserted: boolean }>(
    tx,
    'podcast_episodes',
    [
      column('podcast_id', 'int', () => podcastId),
      column('guid', 'text', (e) => e.guid),
      column('title', 'text', (e) => e.title),
      column('summary', 'text', (e) => e.summary || null),
      column('description', 'text', (e) => e.summary || null),
      column('enclosure_url', 'text', (e) => e.enclosure.url),
      column('enclosure_type', 'text', (e) => e.enclosure.type || null),
      column('enclosure_length', 'bigint', (e) => e.enclosure.length || null),
      column('duration', 'int', (e) => e.durationSeconds ?? null),
      column('season', 'int', (e) => e.season ?? null),
      column('episode', 'int', (e) => e.episode ?? null),
      column('episode_type', 'text', (e) => e.episodeType ?? 'full'),
      column('explicit', 'boolean', (e) => e.explicit ?? feed.explicit ?? false),
      column('image_url', 'text', (e) => e.imageUrl),
      column('webpage', 'text', (e) => e.url),
      column('author', 'text', (e) => e.author),
      column('published_at', 'timestamptz', (e) => e.publishedAt),
    ],
    `ON CONFLICT (podcast_id, guid) DO UPDATE SET title = EXCLUDED.title, summary = EXCLUDED.summary,
       description = EXCLUDED.description, enclosure_url = EXCLUDED.enclosure_url,
       enclosure_type = EXCLUDED.enclosure_type, enclosure_length = EXCLUDED.enclosure_length,
       duration = EXCLUDED.duration, season = EXCLUDED.season, episode = EXCLUDED.episode,
       episode_type = EXCLUDED.episode_type, explicit = EXCLUDED.explicit, image_url = EXCLUDED.image_url,
       webpage = EXCLUDED.webpage, author = EXCLUDED.author
     WHERE (podcast_episodes.title, podcast_episodes.summary, podcast_episodes.description,
            podcast_episodes.enclosure_url, podcast_episodes.enclosure_type, podcast_episodes.enclosure_length,
            podcast_episodes.duration, podcast_episodes.season, podcast_episodes.episode,
            podcast_episodes.episode_type, podcast_episodes.explicit, podcast_episodes.image_url,
            podcast_episodes.webpage, podcast_episodes.author)
       IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.summary, EXCLUDED.description, EXCLUDED.enclosure_url,
            EXCLUDED.enclosure_type, EXCLUDED.enclosure_length, EXCLUDED.duration, EXCLUDED.season,
            EXCLUDED.episode, EXCLUDED.episode_type, EXCLUDED.explicit, EXCLUDED.image_url, EXCLUDED.webpage,
            EXCLUDED.author)
     RETURNING id, guid, (xmax = 0) AS inserted`,
  );
  // An episode the feed lists unchanged is not rewritten (no new row version, no index entries) and
  // answers no row: it is a duplicate like an updated one.
  counts.duplicates += episodes.length - stored.length;
  const teamRowsOut = { ids: [] as number[], tags: [] as number[], at: [] as Date[] };
  const playerRowsOut = { ids: [] as number[], tags: [] as number[], at: [] as Date[] };
  for (const row of stored) {
    if (!row.inserted) {
      counts.duplicates++;
      continue;
    }
    counts.inserted++;
    const item = byGuid.get(row.guid);
    if (!item) continue;
    const tags = tagArticle(options.tagIndex, {
      title: item.title,
      sourceDefaultTeamIds: defaultTeamIds,
      sourceSportSlug: context.sportSlug,
      sourceTopicSlug: context.topicSlug,
    });
    for (const t of new Set([...defaultTeamIds, ...tags.teamIds.map(Number)])) {
      teamRowsOut.ids.push(Number(row.id));
      teamRowsOut.tags.push(t);
      teamRowsOut.at.push(item.publishedAt);
    }
    for (const p of new Set(tags.playerIds.map(Number))) {
      playerRowsOut.ids.push(Number(row.id));
      playerRowsOut.tags.push(p);
      playerRowsOut.at.push(item.publishedAt);
    }
  }
  const tagColumns = (tagColumn: string, rows: typeof teamRowsOut): RowColumn[] => [
    { name: 'episode_id', type: 'bigint', values: rows.ids },
    { name: tagColumn, type: 'int', values: rows.tags },
    { name: 'published_at', type: 'timestamptz', values: rows.at },
  ];
  await insertRows(tx, 'episode_teams', tagColumns('team_id', teamRowsOut), 'ON CONFLICT DO NOTHING');
  await insertRows(tx, 'episode_players', tagColumns('player_id', playerRowsOut), 'ON CONFLICT DO NOTHING');
  // Followers of the show hear of its new episodes (one INSERT…SELECT; pushed and mailed after commit).
  await notifyNewEpisodes(
    tx,
    stored.filter((row) => row.inserted).map((row) => Number(row.id)),
  );

  await tx.query(
    `UPDATE podcasts p SET
       episodes_count = (SELECT count(*) FROM podcast_episodes e WHERE e.podcast_id = p.id),
       last_episode_id = latest.id, last_published_at = latest.published_at
     FROM (SELECT id, published_at FROM podcast_episodes WHERE podcast_id = $1
           ORDER BY published_at DESC, id DESC LIMIT 1) AS latest
     WHERE p.id = $1`,
    [podcastId],
  );
  return counts;
}
