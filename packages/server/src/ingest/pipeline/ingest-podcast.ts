/**
 * Stores a podcast feed: the show (one `podcasts` row per podcast source, upserted with what the parser
 * gives), its episodes (upserted by podcast and guid, with every iTunes/Podcasting 2.0 field the parser
 * reads) and their team and player tags (the show's default teams plus tagging of the episode title),
 * then refreshes the show's episode count and latest episode.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import type { ParsedFeed } from '../feeds/parse-feed.js';
import type { TagIndex } from '../tagging/build-index.js';
import { tagArticle } from '../tagging/tag-article.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
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

  for (const item of feed.items) {
    if (!item.enclosure) {
      counts.skipped++;
      continue;
    }
    const { rows: episodeRows } = await tx.query<{ id: number | string; inserted: boolean }>(
      `INSERT INTO podcast_episodes (podcast_id, guid, title, summary, description, enclosure_url, enclosure_type,
                                     enclosure_length, duration, season, episode, episode_type, explicit, image_url,
                                     webpage, author, published_at)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (podcast_id, guid) DO UPDATE SET title = EXCLUDED.title, summary = EXCLUDED.summary,
         description = EXCLUDED.description, enclosure_url = EXCLUDED.enclosure_url,
         enclosure_type = EXCLUDED.enclosure_type, enclosure_length = EXCLUDED.enclosure_length,
         duration = EXCLUDED.duration, season = EXCLUDED.season, episode = EXCLUDED.episode,
         episode_type = EXCLUDED.episode_type, explicit = EXCLUDED.explicit, image_url = EXCLUDED.image_url,
         webpage = EXCLUDED.webpage, author = EXCLUDED.author
       RETURNING id, (xmax = 0) AS inserted`,
      [
        podcastId,
        item.guid,
        item.title,
        item.summary || null,
        item.enclosure.url,
        item.enclosure.type || null,
        item.enclosure.length || null,
        item.durationSeconds ?? null,
        item.season ?? null,
        item.episode ?? null,
        item.episodeType ?? 'full',
        item.explicit ?? feed.explicit ?? false,
        item.imageUrl,
        item.url,
        item.author,
        item.publishedAt,
      ],
    );
    const episode = episodeRows[0]!;
    if (!episode.inserted) {
      counts.duplicates++;
      continue;
    }
    counts.inserted++;
    const episodeId = Number(episode.id);
    const tags = tagArticle(options.tagIndex, {
      title: item.title,
      sourceDefaultTeamIds: defaultTeamIds,
      sourceSportSlug: context.sportSlug,
    });
    const teamIds = [...new Set([...defaultTeamIds, ...tags.teamIds.map(Number)])];
    if (teamIds.length > 0) {
      await tx.query(
        `INSERT INTO episode_teams (episode_id, team_id, published_at)
         SELECT $1, t, $3 FROM unnest($2::int[]) AS t ON CONFLICT DO NOTHING`,
        [episodeId, teamIds, item.publishedAt],
      );
    }
    if (tags.playerIds.length > 0) {
      await tx.query(
        `INSERT INTO episode_players (episode_id, player_id, published_at)
         SELECT $1, p, $3 FROM unnest($2::int[]) AS p ON CONFLICT DO NOTHING`,
        [episodeId, tags.playerIds.map(Number), item.publishedAt],
      );
    }
  }

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
