/**
 * GamesChannel `{ sportSlug }` (issue 45): the games of one sport whose start, state, progress or score
 * changed, pushed to every open page that shows them (home, sport and team pages). Open to everyone for a
 * sport that exists; rejected otherwise.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import type { Channel } from '../channel.js';

/** The stream of a sport's game changes. */
export function gamesStream(sportSlug: string): string {
  return `games:${sportSlug}`;
}

/** The games of one sport. */
export const gamesChannel = (db: Queryable): Channel => ({
  name: 'GamesChannel',
  subscribe: async ({ params }) => {
    const slug = params.sportSlug;
    if (typeof slug !== 'string' || !/^[a-z0-9-]{1,40}$/.test(slug)) return null;
    const { rows } = await db.query('SELECT 1 FROM sports WHERE slug = $1', [slug]);
    return rows.length > 0 ? [gamesStream(slug)] : null;
  },
});
