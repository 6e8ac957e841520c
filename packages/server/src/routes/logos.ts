/**
 * Generated logos: `/logos/teams/<slug>.svg` and `/logos/sports/<slug>.svg`, drawn from the reference
 * data and cached in memory (the data does not change while the server runs).
 * @module
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database.js';
import { NOT_FOUND, sendErrors } from '../http/errors.js';
import { initials, monogramSvg } from '../logos/monogram.js';

// Logos are public and rarely change: browsers and CDNs keep them for a week.
const CACHE = 'public, max-age=604800, stale-while-revalidate=86400';
const SLUG = /^([a-z0-9-]{1,120})\.svg$/;

function sendSvg(reply: FastifyReply, svg: string): FastifyReply {
  return (
    reply
      .header('cache-control', CACHE)
      // Embeds on other sites show these logos.
      .header('cross-origin-resource-policy', 'cross-origin')
      .type('image/svg+xml; charset=utf-8')
      .send(svg)
  );
}

/** Registers the logo routes. */
export async function logoRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const cache = new Map<string, string>();

  app.get<{ Params: { file: string } }>('/logos/teams/:file', async (request, reply) => {
    const slug = SLUG.exec(request.params.file)?.[1];
    const key = `team:${slug}`;
    if (slug && !cache.has(key)) {
      const { rows } = await db.query<{
        full_name: string;
        short_name: string;
        primary_color: string;
        secondary_color: string;
      }>('SELECT full_name, short_name, primary_color, secondary_color FROM teams WHERE slug = $1', [slug]);
      const team = rows[0];
      if (team) {
        cache.set(
          key,
          monogramSvg({
            text: team.short_name || initials(team.full_name),
            primary: team.primary_color,
            secondary: team.secondary_color,
            title: team.full_name,
          }),
        );
      }
    }
    const svg = cache.get(key);
    return svg ? sendSvg(reply, svg) : sendErrors(reply, 404, NOT_FOUND);
  });

  app.get<{ Params: { file: string } }>('/logos/sports/:file', async (request, reply) => {
    const slug = SLUG.exec(request.params.file)?.[1];
    const key = `sport:${slug}`;
    if (slug && !cache.has(key)) {
      const { rows } = await db.query<{ name: string; nav_name: string | null; color: string | null }>(
        'SELECT name, nav_name, color FROM sports WHERE slug = $1',
        [slug],
      );
      const sport = rows[0];
      if (sport) {
        const label = sport.nav_name ?? sport.name;
        cache.set(
          key,
          monogramSvg({
            text: label.length <= 4 ? label : initials(sport.name),
            primary: sport.color ?? '#1d428a',
            secondary: '#ffffff',
            title: sport.name,
            shape: 'circle',
          }),
        );
      }
    }
    const svg = cache.get(key);
    return svg ? sendSvg(reply, svg) : sendErrors(reply, 404, NOT_FOUND);
  });
}
