/**
 * The public pages' reads made once before the server listens (PGlite only). On PGlite a statement runs
 * on the server's thread, and the first runs of a page's big statement are mostly planning (until
 * `pglite-statements.ts` keeps it prepared with one generic plan); a route's first answer also builds
 * its serializer. The first visitors of a freshly started server paid for all of it while ingestion's
 * first batches held the same thread: in the catalogue replay's first round the home page's reads and
 * two team pages answered in 260-960 ms for the first second, and answers already in the page cache
 * waited behind them (2026-12-04). Reading the pages of one sport and one of its teams as many times as
 * PGlite needs to keep their statements prepared moves that cost to the start, where it stalls nobody:
 * the statements are the same for every sport and team (their slugs are parameters). The page cache is
 * emptied afterwards, so no visitor is served what was read before ingestion began.
 *
 * On a fresh database the warmed lists are empty, and what only an item reaches (the Ajv validators of
 * the answers' unions) is compiled with these routes' serializers instead ({@link answersPublicRead},
 * `shared-serializers.ts`).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import { PREPARE_ON_SIGHTING } from '../db/pglite-statements.js';
import { firstScreenReads } from '../seo/first-screen-reads.js';
import type { SerializedRoute } from './shared-serializers.js';

/**
 * The reads warmed: the session (every page of the site reads it first), the home page's (top stories, a
 * sport block's feed), a sport page's and a team page's first screen, for the sport and team given.
 */
export function publicReadsOf(sport: string, team: string): string[] {
  const s = encodeURIComponent(sport);
  return [
    '/api/v1/session',
    ...firstScreenReads('/', {}, new URLSearchParams()),
    `/api/v1/sports/${s}/feeds`,
    `/api/v1/sports/${s}/articles?page=1`,
    ...firstScreenReads('/:sportId/:teamId', { sportId: sport, teamId: team }, new URLSearchParams()),
  ];
}

/** The warmed reads' paths (any sport and team: a route's parameters match any slug). */
const WARMED_PATHS = publicReadsOf('sport', 'team').map((url) => url.split('?')[0] as string);

/**
 * Whether a route's successful answer is one of the public reads warmed at start: its serializer is then
 * built with every validator compiled (`shared-serializers.ts`), since the warm-up's reads of an empty
 * database reach no item.
 * @example
 * answersPublicRead({ method: 'GET', url: '/api/v1/sports/:sportId/feeds', httpStatus: '200' }); // true
 */
export function answersPublicRead(route: SerializedRoute): boolean {
  if (route.method !== 'GET' || String(route.httpStatus) !== '200') return false;
  const source = route.url
    .split(/(:[^/]+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return WARMED_PATHS.some((path) => pattern.test(path));
}

/**
 * Reads the public pages of the first team's sport and of that team through the app (no socket) as
 * often as PGlite needs to keep their statements prepared; does nothing on PostgreSQL (its backends plan
 * in their own processes) or without teams. A read that fails is left to its first visitor.
 *
 * @example
 * ```ts
 * await warmPublicReads(app);
 * await app.listen({ port });
 * ```
 */
export async function warmPublicReads(app: FastifyInstance): Promise<void> {
  if (app.db.kind !== 'pglite') return;
  const { rows } = await app.db.query<{ sport: string; team: string }>(
    `SELECT s.slug AS sport, t.slug AS team FROM teams t JOIN sports s ON s.id = t.sport_id ORDER BY t.id LIMIT 1`,
  );
  const first = rows[0];
  if (!first) return;
  const reads = publicReadsOf(first.sport, first.team);
  for (let run = 0; run < PREPARE_ON_SIGHTING; run++) {
    for (const url of reads) await app.inject({ method: 'GET', url }).catch(() => undefined);
    // The next run computes the pages again instead of answering from the page cache.
    app.responseCache.invalidateAll();
  }
}
