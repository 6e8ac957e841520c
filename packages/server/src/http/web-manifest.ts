/**
 * The web app manifest (issue 49) with shortcuts to the member's followed teams. The site's build
 * writes `manifest.webmanifest` (packages/site/web-manifest.ts: name, icons, the sections' shortcuts);
 * this route answers it with the signed-in member's first followed teams put before those shortcuts,
 * so a long press on the installed app's icon opens "Green Bay Packers" directly. The site links the
 * manifest with `crossorigin="use-credentials"` (browsers send no cookie for it otherwise) and its
 * service worker does not precache it. A visitor, or a member who follows no team, gets the build's
 * file as it is.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findSessionUser } from '../auth/sessions.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { readSessionToken } from './cookies.js';

/** The manifest's path, where the site's build writes it and its `<link rel="manifest">` points. */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/**
 * How many followed teams become shortcuts: Android shows four of an app's shortcuts at most, and the
 * sections' own shortcuts ("My teams" first) follow them.
 */
export const TEAM_SHORTCUTS_MAX = 4;

interface ManifestShortcut {
  name: string;
  short_name?: string;
  description?: string;
  url: string;
  icons?: { src: string; sizes: string; type: string }[];
}

interface WebManifest {
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts?: ManifestShortcut[];
  [field: string]: unknown;
}

/** The team shortcuts of a member, in the order of their followed teams. */
async function teamShortcuts(db: Database, userId: number, icon: ManifestShortcut['icons']) {
  const { rows } = await db.query<{ slug: string; sport: string; full_name: string; name: string }>(
    `SELECT t.slug, s.slug AS sport, t.full_name, t.name
       FROM following_teams f JOIN teams t ON t.id = f.team_id JOIN sports s ON s.id = t.sport_id
      WHERE f.user_id = $1 ORDER BY f.position, f.id LIMIT ${TEAM_SHORTCUTS_MAX}`,
    [userId],
  );
  return rows.map(
    (team): ManifestShortcut => ({
      name: `${team.full_name} news`,
      short_name: team.name,
      url: `/${encodeURIComponent(team.sport)}/${encodeURIComponent(team.slug)}/news`,
      ...(icon ? { icons: icon } : {}),
    }),
  );
}

/**
 * Registers `GET /manifest.webmanifest` when the site's build holds one (without a built site the
 * static files, and so the manifest, are absent too).
 *
 * @example
 * ```ts
 * registerWebManifest(app, { db, config });
 * ```
 */
export function registerWebManifest(
  app: FastifyInstance,
  { db, config }: { db: Database; config: Pick<ServerConfig, 'siteDir' | 'production'> },
): void {
  let base: WebManifest;
  try {
    base = JSON.parse(readFileSync(join(config.siteDir, WEB_MANIFEST_PATH), 'utf8')) as WebManifest;
  } catch {
    return;
  }
  // The app's smallest icon stands for each team: a shortcut without one shows a blank tile on Android.
  const smallest = base.icons?.find((i) => i.purpose === undefined || i.purpose === 'any');
  const icon = smallest ? [{ src: smallest.src, sizes: smallest.sizes, type: smallest.type }] : undefined;
  const plain = JSON.stringify(base);

  app.get(WEB_MANIFEST_PATH, async (request, reply) => {
    reply
      .type('application/manifest+json')
      // Each member's own copy: never kept by a shared cache, revalidated by the browser.
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie');
    const userId = await findSessionUser(db, readSessionToken(request, config));
    const teams = userId === null ? [] : await teamShortcuts(db, userId, icon);
    if (teams.length === 0) return reply.send(plain);
    return reply.send(JSON.stringify({ ...base, shortcuts: [...teams, ...(base.shortcuts ?? [])] }));
  });
}
