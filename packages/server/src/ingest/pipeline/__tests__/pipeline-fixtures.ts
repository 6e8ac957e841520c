// Test fixtures of the pipeline, clustering, scheduler and CLI tests: sources inserted through SQL and
// the feed files of packages/server/test-fixtures/feeds.
import { readFileSync } from 'node:fs';
import type { Database, Queryable } from '../../../db/database.js';
import { loadSource, type SourceKind, type SourceRow } from '../source-row.js';

const dir = new URL('../../../../test-fixtures/feeds/', import.meta.url);

/** The text of one fixture feed file. */
export function feedFixture(name: string): string {
  return readFileSync(new URL(name, dir), 'utf8');
}

/** The absolute path of one fixture feed file. */
export function feedFixturePath(name: string): string {
  return new URL(name, dir).pathname;
}

/** The fixed "now" of the tests: just after the fixture feeds' dates. */
export const NOW = new Date('2026-11-22T00:00:00Z');

/** What {@link addSource} creates. */
export interface AddSourceInput {
  host: string;
  feedUrl: string;
  kind?: SourceKind;
  title?: string;
  teamSlugs?: string[];
  sportSlug?: string;
  topicSlug?: string;
  paywall?: boolean;
  nextFetchAt?: Date;
}

/** Inserts a domain (when new) and a source with default teams, returns the source row. */
export async function addSource(db: Queryable, input: AddSourceInput): Promise<SourceRow> {
  const domain = await db.query<{ id: number }>(
    `INSERT INTO domains (host, name, paywall) VALUES ($1, $1, $2)
     ON CONFLICT (host) DO UPDATE SET paywall = EXCLUDED.paywall RETURNING id`,
    [input.host, input.paywall ?? false],
  );
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO sources (domain_id, kind, feed_url, title, sport_id, topic_id, next_fetch_at)
     VALUES ($1, $2, $3, $4, (SELECT id FROM sports WHERE slug = $5), (SELECT id FROM topics WHERE slug = $6),
             COALESCE($7, now()))
     RETURNING id`,
    [
      domain.rows[0]!.id,
      input.kind ?? 'news',
      input.feedUrl,
      input.title ?? input.host,
      input.sportSlug ?? null,
      input.topicSlug ?? null,
      input.nextFetchAt ?? null,
    ],
  );
  const id = Number(rows[0]!.id);
  for (const slug of input.teamSlugs ?? []) {
    await db.query('INSERT INTO source_teams (source_id, team_id) SELECT $1, id FROM teams WHERE slug = $2', [
      id,
      slug,
    ]);
  }
  return (await loadSource(db, id))!;
}

/** A minimal RSS 2.0 document with the given items. */
export function rssFeed(
  title: string,
  items: { title: string; link: string; guid?: string; date: Date; description?: string }[],
): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${esc(title)}</title><link>https://example.com/</link><description>d</description>
${items
  .map(
    (
      i,
    ) => `<item><title>${esc(i.title)}</title><link>${esc(i.link)}</link><guid>${esc(i.guid ?? i.link)}</guid>
<pubDate>${i.date.toUTCString()}</pubDate><description>${esc(i.description ?? '')}</description></item>`,
  )
  .join('\n')}
</channel></rss>`;
}

/**
 * `db` with its transactions held until `gate` opens (a store that cannot finish yet), under the name
 * of `kind` (what the code under test decides by the engine).
 */
export function gatedDatabase(db: Database, gate: Promise<void>, kind: Database['kind'] = db.kind): Database {
  return {
    kind,
    query: (text, params) => db.query(text, params),
    exec: (sql) => db.exec(sql),
    transaction: async (fn) => {
      await gate;
      return db.transaction(fn);
    },
    close: () => db.close(),
  };
}
