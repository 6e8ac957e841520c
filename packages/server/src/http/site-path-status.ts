/**
 * The HTTP status of a page of the site (issue "First-run quality": unknown URLs were answered with the
 * 404 page but status 200). The site renders every URL itself; the server decides the status it is
 * sent with: 404 when no path of the site's route table (`SITE_PATHS` in the contract) matches, or when
 * the sport, team, player, topic, source, podcast, episode or article the path names does not exist;
 * 200 otherwise. Matching follows react-router's ranking (static segments beat parameters, which beat
 * the splat), case-insensitive, with optional segments and a trailing slash allowed.
 * @module
 */
import { SITE_PATHS } from '@sportspyder/contract';
import type { Queryable } from '../db/database.js';

interface CompiledPath {
  /** The entry of `SITE_PATHS` this path comes from (with its optional segments). */
  route: string;
  pattern: string;
  segments: string[];
  score: number;
}

// react-router's scores (computeScore): static segments weigh most, a splat least.
const STATIC = 10;
const DYNAMIC = 3;
const SPLAT = -2;

/** A path with optional segments (`configure/:type?/:id?`) as every path it stands for. */
function explode(pattern: string): string[] {
  const segments = pattern.split('/').filter(Boolean);
  let variants: string[][] = [[]];
  for (const segment of segments) {
    if (segment.endsWith('?')) {
      const required = segment.slice(0, -1);
      variants = variants.flatMap((v) => [v, [...v, required]]);
    } else variants = variants.map((v) => [...v, segment]);
  }
  return variants.map((v) => `/${v.join('/')}`);
}

function compile(pattern: string, route: string): CompiledPath {
  const segments = pattern.split('/').filter(Boolean);
  const score = segments.reduce(
    (sum, s) => sum + (s === '*' ? SPLAT : s.startsWith(':') ? DYNAMIC : STATIC),
    segments.length,
  );
  return { route, pattern, segments, score };
}

const COMPILED: CompiledPath[] = SITE_PATHS.flatMap((path) =>
  explode(path).map((pattern) => compile(pattern, path)),
).sort((a, b) => b.score - a.score);

/**
 * The route pattern a site path renders, with its parameters and the `SITE_PATHS` entry it comes from
 * (`route`: `/contact/:id?` where `pattern` is `/contact`); null when only the splat matches.
 */
export function matchSitePath(
  path: string,
): { pattern: string; route: string; params: Record<string, string> } | null {
  let parts: string[];
  try {
    parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  for (const route of COMPILED) {
    const splat = route.segments.at(-1) === '*';
    const fixed = splat ? route.segments.slice(0, -1) : route.segments;
    if (splat ? parts.length < fixed.length : parts.length !== fixed.length) continue;
    const params: Record<string, string> = {};
    const matches = fixed.every((segment, i) => {
      const part = parts[i] as string;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = part;
        return true;
      }
      return segment.toLowerCase() === part.toLowerCase();
    });
    if (!matches) continue;
    return splat && fixed.length === 0 ? null : { pattern: route.pattern, route: route.route, params };
  }
  return null;
}

const exists = async (db: Queryable, sql: string, value: string | number): Promise<boolean> =>
  (await db.query(sql, [value])).rows.length > 0;

/** A positive database id from a path segment, or null ("12abc", "0" and 20-digit numbers are not). */
function idOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

async function idExists(db: Queryable, table: string, value: string | undefined): Promise<boolean> {
  const id = idOf(value);
  return id !== null && exists(db, `SELECT 1 FROM ${table} WHERE id = $1`, id);
}

/** Whether what the matched path names exists (the page would not show "not found"). */
async function namedThingsExist(
  db: Queryable,
  pattern: string,
  params: Record<string, string>,
): Promise<boolean> {
  const { sportId, sportSlug, teamId, playerId, topicId, sourceId, podcastId, id } = params;
  if (pattern === '/page-not-found') return false;
  if (teamId !== undefined) {
    const slug = teamId.toLowerCase();
    const known =
      (await exists(db, 'SELECT 1 FROM teams WHERE slug = $1', slug)) ||
      (await exists(db, 'SELECT 1 FROM team_slug_renames WHERE from_slug = $1', slug));
    if (!known) return false;
  } else if (sportId !== undefined || sportSlug !== undefined) {
    const slug = (sportId ?? sportSlug ?? '').toLowerCase();
    if (!(await exists(db, 'SELECT 1 FROM sports WHERE slug = $1', slug))) return false;
  }
  if (
    playerId !== undefined &&
    !(await exists(db, 'SELECT 1 FROM players WHERE slug = $1', playerId.toLowerCase()))
  )
    return false;
  if (
    topicId !== undefined &&
    !(await exists(db, 'SELECT 1 FROM topics WHERE slug = $1', topicId.toLowerCase()))
  )
    return false;
  if (sourceId !== undefined && !(await idExists(db, 'sources', sourceId))) return false;
  if (pattern.startsWith('/sources/:id') && !(await idExists(db, 'sources', id))) return false;
  if (podcastId !== undefined && !(await idExists(db, 'podcasts', podcastId))) return false;
  if (pattern.endsWith('/podcasts/:id') && !(await idExists(db, 'podcasts', id))) return false;
  if (pattern.endsWith('/episodes/:id') && !(await idExists(db, 'podcast_episodes', id))) return false;
  if (pattern.endsWith('/articles/:id') && !(await idExists(db, 'articles', id))) return false;
  return true;
}

/**
 * The status the site's page for `path` is sent with: 404 when no page matches or what it names does
 * not exist, else 200. A database error answers 200: the page itself then says what it can.
 *
 * @example
 * ```ts
 * await sitePathStatus(db, '/nfl/no-such-team/news'); // 404
 * ```
 */
export async function sitePathStatus(db: Queryable, path: string): Promise<200 | 404> {
  const match = matchSitePath(path);
  if (!match) return 404;
  try {
    return (await namedThingsExist(db, match.pattern, match.params)) ? 200 : 404;
  } catch {
    return 200;
  }
}
