/**
 * Builds the tagging index from the database (sports, teams with their sport slugs and locations,
 * players, topics), the database counterpart of `tagging/reference-input.ts`: ids are numeric database
 * ids, so tag results can be written to the tag tables as they are.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { buildTagIndex, type TagIndex } from '../tagging/build-index.js';
import type { TagPlayer, TagSport, TagTeam, TagTopic } from '../tagging/types.js';

/**
 * Reads the reference rows and compiles a {@link TagIndex}; call once per process (or after the
 * rosters change) and share the result.
 * @example
 * const tagIndex = await loadTagIndex(db);
 * tagArticle(tagIndex, { title: 'Packers beat Bears' });
 */
export async function loadTagIndex(db: Queryable): Promise<TagIndex> {
  const sports = await db.query<TagSport>('SELECT id, slug, name FROM sports ORDER BY position, id');
  const teams = await db.query<{
    id: number;
    slug: string;
    sportSlug: string;
    name: string;
    fullName: string;
    location: string;
    shortName: string;
  }>(
    `SELECT t.id, t.slug, s.slug AS "sportSlug", t.name, t.full_name AS "fullName", t.location,
            t.short_name AS "shortName"
       FROM teams t JOIN sports s ON s.id = t.sport_id ORDER BY t.id`,
  );
  // Players without a team (free agents) keep their name tag; their team id is unknown (0 never matches).
  const players = await db.query<{
    id: number;
    slug: string;
    name: string;
    teamId: number | null;
    sportSlug: string;
  }>(
    `SELECT p.id, p.slug, p.name, p.team_id AS "teamId", s.slug AS "sportSlug"
       FROM players p JOIN sports s ON s.id = p.sport_id ORDER BY p.id`,
  );
  const topics = await db.query<TagTopic>('SELECT id, slug, name FROM topics ORDER BY position, id');
  return buildTagIndex({
    sports: sports.rows.map((s) => ({ id: Number(s.id), slug: s.slug, name: s.name })),
    teams: teams.rows.map(
      (t): TagTeam => ({
        id: Number(t.id),
        slug: t.slug,
        sportSlug: t.sportSlug,
        name: t.name,
        fullName: t.fullName,
        location: t.location,
        ...(t.shortName ? { shortName: t.shortName } : {}),
      }),
    ),
    players: players.rows.map(
      (p): TagPlayer => ({
        id: Number(p.id),
        slug: p.slug,
        name: p.name,
        teamId: p.teamId === null ? 0 : Number(p.teamId),
        sportSlug: p.sportSlug,
      }),
    ),
    topics: topics.rows.map((t) => ({ id: Number(t.id), slug: t.slug, name: t.name })),
  });
}
