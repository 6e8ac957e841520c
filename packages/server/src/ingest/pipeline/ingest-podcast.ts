/**
 * Stores podcast feeds, one feed or every podcast feed of a batch in a fixed number of statements: the
 * shows (one `podcasts` row per podcast source, upserted with what the parser gives), their episodes
 * (upserted by podcast and guid, with every iTunes/Podcasting 2.0 field the parser reads) and their
 * team and player tags (the show's default teams plus tagging of the episode title), then the shows'
 * episode counts and latest episodes.
 * @module
 */
import { createHash } from 'node:crypto';
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
  options: {
    tagIndex: TagIndex;
    /** Most episodes per statement (PGlite: `PGLITE_ROWS_PER_STATEMENT`; default all in one). */
    rowsPerStatement?: number;
  },
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
      options.rowsPerStatement,
    );
    round.forEach((r, k) => {
      counts[r.slot] = roundCounts[k] ?? emptyCounts();
    });
    left = later;
  }
  return counts;
}

/** One column of an episode that a fetch writes, and how it is read from the feed. */
interface EpisodeField {
  name: string;
  type: string;
  /** Rewritten when a later fetch brings it changed (the publication date is not). */
  refreshed: boolean;
  pick: (item: Episode, feed: ParsedFeed) => unknown;
}

/** The columns of an episode besides its show and guid, in the order they are written. */
const EPISODE_FIELDS: readonly EpisodeField[] = [
  { name: 'title', type: 'text', refreshed: true, pick: (i) => i.title },
  { name: 'summary', type: 'text', refreshed: true, pick: (i) => i.summary || null },
  { name: 'description', type: 'text', refreshed: true, pick: (i) => i.summary || null },
  { name: 'enclosure_url', type: 'text', refreshed: true, pick: (i) => i.enclosure.url },
  { name: 'enclosure_type', type: 'text', refreshed: true, pick: (i) => i.enclosure.type || null },
  { name: 'enclosure_length', type: 'bigint', refreshed: true, pick: (i) => i.enclosure.length || null },
  { name: 'duration', type: 'int', refreshed: true, pick: (i) => i.durationSeconds ?? null },
  { name: 'season', type: 'int', refreshed: true, pick: (i) => i.season ?? null },
  { name: 'episode', type: 'int', refreshed: true, pick: (i) => i.episode ?? null },
  { name: 'episode_type', type: 'text', refreshed: true, pick: (i) => i.episodeType ?? 'full' },
  { name: 'explicit', type: 'boolean', refreshed: true, pick: (i, f) => i.explicit ?? f.explicit ?? false },
  { name: 'image_url', type: 'text', refreshed: true, pick: (i) => i.imageUrl },
  { name: 'webpage', type: 'text', refreshed: true, pick: (i) => i.url },
  { name: 'author', type: 'text', refreshed: true, pick: (i) => i.author },
  { name: 'published_at', type: 'timestamptz', refreshed: false, pick: (i) => i.publishedAt },
];
const REFRESHED = EPISODE_FIELDS.filter((f) => f.refreshed);
const listOf = (prefix: string) => REFRESHED.map((f) => `${prefix}${f.name}`).join(', ');
/**
 * The episodes' upsert: a listed episode whose refreshed fields changed is rewritten; an unchanged one
 * is not (no new row version or index entries) and not answered.
 */
const EPISODE_UPSERT = `ON CONFLICT (podcast_id, guid) DO UPDATE SET ${REFRESHED.map((f) => `${f.name} = EXCLUDED.${f.name}`).join(', ')}
     WHERE (${listOf('podcast_episodes.')}) IS DISTINCT FROM (${listOf('EXCLUDED.')})
     RETURNING id, podcast_id AS "podcastId", guid, (xmax = 0) AS inserted`;

/**
 * An episode's refreshed fields as one digest, computed alike by the database (`EPISODE_DIGEST_SQL` on a
 * stored row `e`) and here (`episodeDigest` on a parsed item): each field as its text or `~` for null,
 * joined by a unit separator. When the two differ the episode is written (the upsert compares the
 * fields themselves), so a value whose text the two sides write differently costs a write, never a
 * missed change.
 */
const EPISODE_DIGEST_SQL = `md5(concat_ws(E'\\x1f', ${REFRESHED.map((f) => `coalesce('=' || e.${f.name}::text, '~')`).join(', ')}))`;

function episodeDigest(item: Episode, feed: ParsedFeed): string {
  const text = REFRESHED.map((f) => {
    const value = f.pick(item, feed);
    return value === null || value === undefined ? '~' : `=${String(value)}`;
  }).join('\u001f');
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** The show's columns a fetch writes, as `upsertShows` writes them (the cover kept when a fetch has none). */
function showValues(p: PodcastFeed) {
  return {
    title: p.feed.title || p.source.title,
    description: p.feed.description || null,
    summary: p.feed.description || null,
    author: p.feed.author,
    website: p.feed.link,
    explicit: p.feed.explicit ?? false,
    imageUrl: p.feed.image,
  };
}

/** What {@link unchangedEpisodes} found. */
export interface UnchangedEpisodes {
  /** The show is stored and a store would not change its row. */
  showUnchanged: boolean;
  /** The guids of the feed's episodes stored with the same refreshed fields (a store leaves them as they are). */
  guids: Set<string>;
}

/**
 * Reads, without writing, which of a podcast feed's episodes are stored exactly as the feed lists them
 * now, and whether its show is: those need no write (`unstored-items.ts` drops them before the feed joins
 * a batch). One statement: the show's row and a digest per listed episode that is stored.
 * @example
 * const { showUnchanged, guids } = await unchangedEpisodes(db, { context, source, feed });
 */
export async function unchangedEpisodes(db: Queryable, podcast: PodcastFeed): Promise<UnchangedEpisodes> {
  const listed = podcast.feed.items.filter((i): i is Episode => Boolean(i.enclosure));
  const { rows } = await db.query<{
    title: string;
    description: string | null;
    summary: string | null;
    author: string | null;
    website: string | null;
    explicit: boolean;
    imageUrl: string | null;
    guids: string[] | null;
    digests: string[] | null;
  }>(
    `SELECT p.title, p.description, p.summary, p.author, p.website, p.explicit, p.image_url AS "imageUrl",
            e.guids, e.digests
       FROM podcasts p
       LEFT JOIN LATERAL (SELECT array_agg(e.guid) AS guids, array_agg(${EPISODE_DIGEST_SQL}) AS digests
                            FROM podcast_episodes e WHERE e.podcast_id = p.id AND e.guid = ANY($2::text[])) e ON true
      WHERE p.source_id = $1`,
    [podcast.context.sourceId, [...new Set(listed.map((i) => i.guid))]],
  );
  const show = rows[0];
  if (!show) return { showUnchanged: false, guids: new Set() };
  const stored = new Map((show.guids ?? []).map((guid, i) => [guid, show.digests?.[i]]));
  const guids = new Set<string>();
  for (const item of listed)
    if (stored.get(item.guid) === episodeDigest(item, podcast.feed)) guids.add(item.guid);
  const want = showValues(podcast);
  const showUnchanged =
    show.title === want.title &&
    show.description === want.description &&
    show.summary === want.summary &&
    show.author === want.author &&
    show.website === want.website &&
    show.explicit === want.explicit &&
    (want.imageUrl === null || show.imageUrl === want.imageUrl);
  return { showUnchanged, guids };
}

/** Stores feeds of distinct sources. */
async function storeRound(
  tx: Queryable,
  feeds: readonly PodcastFeed[],
  tagIndex: TagIndex,
  rowsPerStatement?: number,
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
  const stored = await insertRows<{
    id: number | string;
    podcastId: number;
    guid: string;
    inserted: boolean;
  }>(
    tx,
    'podcast_episodes',
    [
      { name: 'podcast_id', type: 'int', values: episodes.map((e) => e.podcastId) },
      { name: 'guid', type: 'text', values: episodes.map((e) => e.item.guid) },
      ...EPISODE_FIELDS.map((field) => ({
        name: field.name,
        type: field.type,
        values: episodes.map((e) => field.pick(e.item, (feeds[e.slot] as PodcastFeed).feed)),
      })),
    ],
    EPISODE_UPSERT,
    rowsPerStatement,
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
  await insertRows(tx, 'episode_teams', tagColumns('team_id', teamRows), '', rowsPerStatement);
  await insertRows(tx, 'episode_players', tagColumns('player_id', playerRows), '', rowsPerStatement);
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
  const values = feeds.map(showValues);
  const pick = <K extends keyof ReturnType<typeof showValues>>(key: K) => values.map((v) => v[key]);
  const rows = await insertRows<{ id: number | string; sourceId: number | string; inserted: boolean }>(
    tx,
    'podcasts',
    [
      { name: 'source_id', type: 'int', values: feeds.map((p) => p.context.sourceId) },
      { name: 'feed_url', type: 'text', values: feeds.map((p) => p.source.feedUrl) },
      { name: 'title', type: 'text', values: pick('title') },
      { name: 'description', type: 'text', values: pick('description') },
      { name: 'summary', type: 'text', values: pick('summary') },
      { name: 'author', type: 'text', values: pick('author') },
      { name: 'website', type: 'text', values: pick('website') },
      { name: 'explicit', type: 'boolean', values: pick('explicit') },
      { name: 'image_url', type: 'text', values: pick('imageUrl') },
    ],
    // A show whose fields are as stored is not rewritten (its search document and name words stay as
    // they are) and not answered: its id is read below.
    `ON CONFLICT (source_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
       summary = EXCLUDED.summary, author = EXCLUDED.author, website = EXCLUDED.website,
       explicit = EXCLUDED.explicit, image_url = COALESCE(EXCLUDED.image_url, podcasts.image_url)
     WHERE (podcasts.title, podcasts.description, podcasts.summary, podcasts.author, podcasts.website,
            podcasts.explicit, podcasts.image_url)
       IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description, EXCLUDED.summary, EXCLUDED.author,
            EXCLUDED.website, EXCLUDED.explicit, COALESCE(EXCLUDED.image_url, podcasts.image_url))
     RETURNING id, source_id AS "sourceId", (xmax = 0) AS inserted`,
  );
  const bySource = new Map(rows.map((r) => [Number(r.sourceId), r]));
  const unchanged = feeds.map((f) => f.context.sourceId).filter((id) => !bySource.has(id));
  if (unchanged.length > 0) {
    const { rows: kept } = await tx.query<{ id: number | string; sourceId: number | string }>(
      'SELECT id, source_id AS "sourceId" FROM podcasts WHERE source_id = ANY($1::int[])',
      [unchanged],
    );
    for (const row of kept) bySource.set(Number(row.sourceId), { ...row, inserted: false });
  }
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
