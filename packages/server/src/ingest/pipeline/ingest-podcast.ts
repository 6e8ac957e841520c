/**
 * Stores podcast feeds, one feed or every podcast feed of a batch in a fixed number of statements: the
 * shows (one `podcasts` row per podcast source, upserted with what the parser gives), their episodes
 * (upserted by podcast and guid, with every iTunes/Podcasting 2.0 field the parser reads) and their
 * team and player tags (the show's default teams plus tagging of the episode title), then the shows'
 * episode counts and latest episodes.
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

/** One podcast feed, as {@link ingestPodcastFeeds} stores it. */
export interface PodcastFeed {
  /** Its source's context. */
  context: SourceContext;
  /** The source's feed URL and title (the show's title when the feed has none). */
  source: { feedUrl: string; title: string };
  /** The parsed feed. */
  feed: ParsedFeed;
}

type Episode = FeedItem & { enclosure: FeedEnclosure };

/**
 * Upserts the podcast of a source and its episodes (call inside the feed's transaction).
 * @example
 * const counts = await ingestPodcast(tx, context, { feedUrl, title }, feed, { tagIndex });
 */
export async function ingestPodcast(
  tx: Queryable,
  context: SourceContext,
  source: { feedUrl: string; title: string },
  feed: ParsedFeed,
  options: { tagIndex: TagIndex },
): Promise<IngestCounts> {
  const [counts] = await ingestPodcastFeeds(tx, [{ context, source, feed }], options);
  return counts ?? emptyCounts();
}

/**
 * Upserts the podcasts of several feeds and their episodes (call inside one transaction) and answers
 * each feed's counts, in order. The result is what storing the feeds one after the other gives: a
 * source whose feed comes twice in the batch is stored in a second round, after the first.
 * @example
 * const [a, b] = await ingestPodcastFeeds(tx, [feedA, feedB], { tagIndex });
 */
export async function ingestPodcastFeeds(
  tx: Queryable,
  feeds: readonly PodcastFeed[],
  options: { tagIndex: TagIndex },
): Promise<IngestCounts[]> {
  const counts = feeds.map(() => emptyCounts());
  // One show row per source per statement: an upsert may not touch the same row twice.
  let left = feeds.map((feed, slot) => ({ feed, slot }));
  while (left.length > 0) {
    const seen = new Set<number>();
    const round: typeof left = [];
    const later: typeof left = [];
    for (const entry of left) {
      if (seen.has(entry.feed.context.sourceId)) later.push(entry);
      else {
        seen.add(entry.feed.context.sourceId);
        round.push(entry);
      }
    }
    const roundCounts = await storeRound(
      tx,
      round.map((r) => r.feed),
      options.tagIndex,
    );
    round.forEach((r, k) => {
      counts[r.slot] = roundCounts[k] ?? emptyCounts();
    });
    left = later;
  }
  return counts;
}

/** Stores feeds of distinct sources. */
async function storeRound(
  tx: Queryable,
  feeds: readonly PodcastFeed[],
  tagIndex: TagIndex,
): Promise<IngestCounts[]> {
  const counts = feeds.map(() => emptyCounts());
  const shows = await upsertShows(tx, feeds);
  const podcastIds = shows.map((s) => s.id);
  const defaultTeams = await showDefaultTeams(tx, feeds, shows);

  // One row per guid and show: a feed listing an episode twice would otherwise update the same row
  // twice in one statement, which PostgreSQL refuses.
  const episodes: { podcastId: number; slot: number; item: Episode }[] = [];
  const listed = feeds.map(() => 0);
  feeds.forEach((f, slot) => {
    const guids = new Set<string>();
    for (const item of f.feed.items) {
      if (!item.enclosure) (counts[slot] as IngestCounts).skipped++;
      else if (guids.has(item.guid)) (counts[slot] as IngestCounts).duplicates++;
      else {
        guids.add(item.guid);
        listed[slot] = (listed[slot] ?? 0) + 1;
        episodes.push({
          podcastId: podcastIds[slot] as number,
          slot,
          item: { ...item, enclosure: item.enclosure },
        });
      }
    }
  });
  const episodeKey = (podcastId: number, guid: string) => `${podcastId}\u0000${guid}`;
  const byKey = new Map(episodes.map((e) => [episodeKey(e.podcastId, e.item.guid), e]));
  const column = (
    name: string,
    type: string,
    pick: (e: (typeof episodes)[number]) => unknown,
  ): RowColumn => ({
    name,
    type,
    values: episodes.map(pick),
  });
  // Every fetch refreshes the episodes' fields that changed (publishers fix titles and files); only new
  // rows are counted and tagged.
  const stored = await insertRows<{
    id: number | string;
    podcastId: number;
    guid: string;
    inserted: boolean;
  }>(
    tx,
    'podcast_episodes',
    [
      column('podcast_id', 'int', (e) => e.podcastId),
      column('guid', 'text', (e) => e.item.guid),
      column('title', 'text', (e) => e.item.title),
      column('summary', 'text', (e) => e.item.summary || null),
      column('description', 'text', (e) => e.item.summary || null),
      column('enclosure_url', 'text', (e) => e.item.enclosure.url),
      column('enclosure_type', 'text', (e) => e.item.enclosure.type || null),
      column('enclosure_length', 'bigint', (e) => e.item.enclosure.length || null),
      column('duration', 'int', (e) => e.item.durationSeconds ?? null),
      column('season', 'int', (e) => e.item.season ?? null),
      column('episode', 'int', (e) => e.item.episode ?? null),
      column('episode_type', 'text', (e) => e.item.episodeType ?? 'full'),
      column('explicit', 'boolean', (e) => e.item.explicit ?? feeds[e.slot]?.feed.explicit ?? false),
      column('image_url', 'text', (e) => e.item.imageUrl),
      column('webpage', 'text', (e) => e.item.url),
      column('author', 'text', (e) => e.item.author),
      column('published_at', 'timestamptz', (e) => e.item.publishedAt),
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
     RETURNING id, podcast_id AS "podcastId", guid, (xmax = 0) AS inserted`,
  );
  // Every episode a feed lists that is not new is a duplicate: updated (answered with `inserted`
  // false) or unchanged (not rewritten, no new row version or index entries, and not answered).
  const teamRows = { ids: [] as number[], tags: [] as number[], at: [] as Date[] };
  const playerRows = { ids: [] as number[], tags: [] as number[], at: [] as Date[] };
  const insertedIds: number[] = [];
  for (const row of stored) {
    const episode = row.inserted ? byKey.get(episodeKey(Number(row.podcastId), row.guid)) : undefined;
    if (!episode) continue;
    const { slot, item } = episode;
    (counts[slot] as IngestCounts).inserted++;
    insertedIds.push(Number(row.id));
    const { context } = feeds[slot] as PodcastFeed;
    const showTeams = defaultTeams[slot] ?? [];
    const tags = tagArticle(tagIndex, {
      title: item.title,
      sourceDefaultTeamIds: showTeams,
      sourceSportSlug: context.sportSlug,
      sourceTopicSlug: context.topicSlug,
    });
    for (const t of new Set([...showTeams, ...tags.teamIds.map(Number)])) {
      teamRows.ids.push(Number(row.id));
      teamRows.tags.push(t);
      teamRows.at.push(item.publishedAt);
    }
    for (const p of new Set(tags.playerIds.map(Number))) {
      playerRows.ids.push(Number(row.id));
      playerRows.tags.push(p);
      playerRows.at.push(item.publishedAt);
    }
  }
  listed.forEach((n, slot) => {
    const feedCounts = counts[slot] as IngestCounts;
    feedCounts.duplicates += n - feedCounts.inserted;
  });
  const tagColumns = (tagColumn: string, rows: typeof teamRows): RowColumn[] => [
    { name: 'episode_id', type: 'bigint', values: rows.ids },
    { name: tagColumn, type: 'int', values: rows.tags },
    { name: 'published_at', type: 'timestamptz', values: rows.at },
  ];
  // Only new episodes are tagged, each tag once (sets), so no arbiter is needed (as for articles).
  await insertRows(tx, 'episode_teams', tagColumns('team_id', teamRows));
  await insertRows(tx, 'episode_players', tagColumns('player_id', playerRows));
  // Followers of the shows hear of their new episodes (one INSERT…SELECT; pushed and mailed after commit).
  await notifyNewEpisodes(tx, insertedIds);

  await tx.query(
    `UPDATE podcasts p SET
       episodes_count = (SELECT count(*) FROM podcast_episodes e WHERE e.podcast_id = p.id),
       last_episode_id = latest.id, last_published_at = latest.published_at
     FROM unnest($1::int[]) AS show(id)
     CROSS JOIN LATERAL (SELECT e.id, e.published_at FROM podcast_episodes e WHERE e.podcast_id = show.id
                         ORDER BY e.published_at DESC, e.id DESC LIMIT 1) AS latest
     WHERE p.id = show.id`,
    [podcastIds],
  );
  return counts;
}

/** Upserts the show of each feed; answers each one's id and whether it is new, in order. */
async function upsertShows(
  tx: Queryable,
  feeds: readonly PodcastFeed[],
): Promise<{ id: number; inserted: boolean }[]> {
  const pick = (f: (p: PodcastFeed) => unknown) => feeds.map(f);
  const rows = await insertRows<{ id: number | string; sourceId: number | string; inserted: boolean }>(
    tx,
    'podcasts',
    [
      { name: 'source_id', type: 'int', values: pick((p) => p.context.sourceId) },
      { name: 'feed_url', type: 'text', values: pick((p) => p.source.feedUrl) },
      { name: 'title', type: 'text', values: pick((p) => p.feed.title || p.source.title) },
      { name: 'description', type: 'text', values: pick((p) => p.feed.description || null) },
      { name: 'summary', type: 'text', values: pick((p) => p.feed.description || null) },
      { name: 'author', type: 'text', values: pick((p) => p.feed.author) },
      { name: 'website', type: 'text', values: pick((p) => p.feed.link) },
      { name: 'explicit', type: 'boolean', values: pick((p) => p.feed.explicit ?? false) },
      { name: 'image_url', type: 'text', values: pick((p) => p.feed.image) },
    ],
    `ON CONFLICT (source_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
       summary = EXCLUDED.summary, author = EXCLUDED.author, website = EXCLUDED.website,
       explicit = EXCLUDED.explicit, image_url = COALESCE(EXCLUDED.image_url, podcasts.image_url)
     RETURNING id, source_id AS "sourceId", (xmax = 0) AS inserted`,
  );
  const bySource = new Map(rows.map((r) => [Number(r.sourceId), r]));
  return feeds.map((f) => {
    const row = bySource.get(f.context.sourceId);
    if (!row) throw new Error(`The podcast of source ${f.context.sourceId} was not stored`);
    return { id: Number(row.id), inserted: row.inserted };
  });
}

/**
 * Gives each new show its source's default teams and sport (so team pages list it), then answers the
 * default teams of every show, in order.
 */
async function showDefaultTeams(
  tx: Queryable,
  feeds: readonly PodcastFeed[],
  shows: readonly { id: number; inserted: boolean }[],
): Promise<number[][]> {
  const fresh = shows.flatMap((show, slot) =>
    show.inserted ? [{ show, context: (feeds[slot] as PodcastFeed).context }] : [],
  );
  if (fresh.length > 0) {
    await tx.query(
      `INSERT INTO podcast_teams (podcast_id, team_id)
       SELECT n.podcast_id, st.team_id FROM unnest($1::int[], $2::int[]) AS n(podcast_id, source_id)
       JOIN source_teams st ON st.source_id = n.source_id
       ON CONFLICT DO NOTHING`,
      [fresh.map((f) => f.show.id), fresh.map((f) => f.context.sourceId)],
    );
    const withSport = fresh.filter((f) => f.context.sportId !== null);
    await insertRows(
      tx,
      'podcast_sports',
      [
        { name: 'podcast_id', type: 'int', values: withSport.map((f) => f.show.id) },
        { name: 'sport_id', type: 'int', values: withSport.map((f) => f.context.sportId) },
      ],
      'ON CONFLICT DO NOTHING',
    );
  }
  const { rows } = await tx.query<{ podcastId: number | string; teamId: number | string }>(
    'SELECT podcast_id AS "podcastId", team_id AS "teamId" FROM podcast_teams WHERE podcast_id = ANY($1::int[])',
    [shows.map((s) => s.id)],
  );
  const teams = new Map<number, number[]>();
  for (const row of rows) {
    const list = teams.get(Number(row.podcastId)) ?? [];
    list.push(Number(row.teamId));
    teams.set(Number(row.podcastId), list);
  }
  return shows.map((s) => teams.get(s.id) ?? []);
}
