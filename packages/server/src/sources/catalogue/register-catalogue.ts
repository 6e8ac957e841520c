/**
 * Registers the catalogue's feeds as sources of the real world (issue 44): at the first start in the real
 * world, and on later starts only the entries added to the catalogue since. An entry registered once is
 * remembered (`app_settings.catalogue_registered`), so a source the admin removed does not come back.
 * The scheduler then fetches the new sources through the ordinary pipeline; they are due at once.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { sourceKindOf } from './catalogue-kind.js';
import type { CatalogueEntry } from './load-catalogue.js';

const REGISTERED_KEY = 'catalogue_registered';

/** What {@link registerCatalogue} did. */
export interface RegisterCatalogueResult {
  /** Sources created. */
  created: number;
  /** Entries skipped because they were registered before (still there, or removed by an admin). */
  known: number;
}

/**
 * The domain an entry belongs to: its host without `www.`; a YouTube channel is a domain of its own
 * (`youtube.com/channel/<id>`, or `youtube.com/user/<name>` for a feed by legacy user name), so each
 * channel shows its own name.
 * @example
 * domainKeyOf('https://www.youtube.com/feeds/videos.xml?channel_id=UC1'); // 'youtube.com/channel/UC1'
 */
export function domainKeyOf(url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const channel = parsed.searchParams.get('channel_id');
  if (host === 'youtube.com' && channel) return `youtube.com/channel/${channel}`;
  const user = parsed.searchParams.get('user');
  if (host === 'youtube.com' && user) return `youtube.com/user/${user.toLowerCase()}`;
  return host;
}

/**
 * Creates the sources of the entries not registered before, with their domains and teams, in one
 * transaction's worth of statements (a few thousand entries take well under a second).
 * @example
 * const { created } = await registerCatalogue(db, loadCatalogue());
 */
export async function registerCatalogue(
  db: Queryable,
  entries: readonly CatalogueEntry[],
): Promise<RegisterCatalogueResult> {
  const { rows } = await db.query<{ value: string[] | string }>(
    'SELECT value FROM app_settings WHERE key = $1',
    [REGISTERED_KEY],
  );
  const stored = rows[0]?.value;
  const registered = new Set<string>(
    typeof stored === 'string' ? (JSON.parse(stored) as string[]) : (stored ?? []),
  );
  const fresh = entries.filter((e) => !registered.has(e.url));
  if (fresh.length > 0) {
    const byDomain = new Map<string, CatalogueEntry[]>();
    for (const e of fresh) byDomain.set(domainKeyOf(e.url), [...(byDomain.get(domainKeyOf(e.url)) ?? []), e]);
    // A domain with one feed is named after it; a shared host (a league site, Reddit) by its host.
    const domains = [...byDomain].map(([host, list]) => ({
      host,
      name: list.length === 1 ? list[0]!.title : host,
      is_youtube: host.startsWith('youtube.com'),
    }));
    await db.query(
      `INSERT INTO domains (host, name, label, is_youtube)
       SELECT host, name, name, is_youtube FROM jsonb_to_recordset($1::jsonb) AS x(host text, name text, is_youtube boolean)
       ON CONFLICT (host) DO NOTHING`,
      [JSON.stringify(domains)],
    );
    const sources = fresh.map((e, n) => ({
      host: domainKeyOf(e.url),
      kind: sourceKindOf(e),
      feed_url: e.url,
      title: e.title,
      sport: e.sport ?? null,
      topic: e.topic ?? null,
      n,
    }));
    await db.query(
      `INSERT INTO sources (domain_id, kind, feed_url, title, sport_id, topic_id, origin)
       SELECT d.id, x.kind, x.feed_url, x.title, sp.id, tp.id, 'catalogue'
       FROM jsonb_to_recordset($1::jsonb) AS x(host text, kind text, feed_url text, title text, sport text, topic text, n int)
       JOIN domains d ON d.host = x.host
       LEFT JOIN sports sp ON sp.slug = x.sport
       LEFT JOIN topics tp ON tp.slug = x.topic
       ORDER BY x.n
       ON CONFLICT (feed_url) DO NOTHING`,
      [JSON.stringify(sources)],
    );
    const links = fresh.flatMap((e) => (e.teams ?? []).map((team) => ({ feed_url: e.url, team })));
    await db.query(
      `INSERT INTO source_teams (source_id, team_id)
       SELECT s.id, t.id FROM jsonb_to_recordset($1::jsonb) AS x(feed_url text, team text)
       JOIN sources s ON s.feed_url = x.feed_url JOIN teams t ON t.slug = x.team
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(links)],
    );
    for (const e of fresh) registered.add(e.url);
    await db.query(
      `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [REGISTERED_KEY, JSON.stringify([...registered])],
    );
  }
  return { created: fresh.length, known: entries.length - fresh.length };
}
