/**
 * The database operations behind the admin CLI's `sources` and `feeds` commands: create a source (and
 * its domain from the URL host), list, enable and disable. Kept apart from argument parsing so the OPML
 * import and `sources add` share them.
 * @module
 */
import type { Queryable } from '../db/database.js';
import {
  SOURCE_COLUMNS,
  type SourceKind,
  type SourceRow,
  toSourceRow,
} from '../ingest/pipeline/source-row.js';
import { CliUsageError } from './cli-output.js';

/** The source kinds the CLI accepts. */
export const SOURCE_KINDS: readonly SourceKind[] = ['news', 'video', 'podcast', 'mastodon'];

/** What {@link createSource} needs. */
export interface NewSource {
  /** Feed URL (http(s), `demo:` or `file:`). */
  feedUrl: string;
  /** Kind (default guessed from the URL: YouTube feeds are videos, the rest news). */
  kind?: SourceKind;
  /** Title (default the host). */
  title?: string;
  /** Default team slugs. */
  teamSlugs?: readonly string[];
  /** Sport slug of a sport-wide outlet. */
  sportSlug?: string;
  /** Topic slug of an other-sport outlet. */
  topicSlug?: string;
}

/** The domain host of a feed URL: the http(s) host without `www.`, `local` for demo and file feeds. */
export function hostOfFeedUrl(feedUrl: string): string {
  if (/^https?:\/\//i.test(feedUrl)) {
    try {
      return new URL(feedUrl).hostname.toLowerCase().replace(/^www\./, '');
    } catch {
      throw new CliUsageError(`Not a valid URL: ${feedUrl}`);
    }
  }
  if (/^(demo|file):/i.test(feedUrl)) return 'local';
  throw new CliUsageError(`A feed URL must start with http://, https://, demo: or file: (got ${feedUrl})`);
}

/** The kind a URL suggests when none is given. */
export function guessKind(feedUrl: string): SourceKind {
  if (/youtube\.com\/feeds\/videos\.xml/i.test(feedUrl)) return 'video';
  if (/\/api\/v1\/accounts\/[^/]+\/statuses/i.test(feedUrl)) return 'mastodon';
  return 'news';
}

async function idOf(db: Queryable, table: 'teams' | 'sports' | 'topics', slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE slug = $1`, [slug]);
  if (!rows[0]) throw new CliUsageError(`Unknown ${table.slice(0, -1)} slug: ${slug}`);
  return Number(rows[0].id);
}

/**
 * Creates a source (and its domain when the host is new). Unknown slugs and an already registered feed
 * URL are usage errors.
 * @example
 * const source = await createSource(db, { feedUrl: 'https://packerswire.example/feed', teamSlugs: ['green-bay-packers'] });
 */
export async function createSource(db: Queryable, input: NewSource): Promise<SourceRow> {
  const host = hostOfFeedUrl(input.feedUrl);
  const kind = input.kind ?? guessKind(input.feedUrl);
  if (!SOURCE_KINDS.includes(kind))
    throw new CliUsageError(`Unknown kind ${kind} (use ${SOURCE_KINDS.join(', ')})`);
  const existing = await db.query<{ id: number }>('SELECT id FROM sources WHERE feed_url = $1', [
    input.feedUrl,
  ]);
  if (existing.rows[0]) {
    throw new CliUsageError(`A source with this feed URL already exists (id ${existing.rows[0].id})`);
  }
  const teamIds: number[] = [];
  for (const slug of input.teamSlugs ?? []) teamIds.push(await idOf(db, 'teams', slug));
  const sportId = input.sportSlug ? await idOf(db, 'sports', input.sportSlug) : null;
  const topicId = input.topicSlug ? await idOf(db, 'topics', input.topicSlug) : null;
  const domain = await db.query<{ id: number }>(
    `INSERT INTO domains (host, name, is_youtube) VALUES ($1, $2, $3)
     ON CONFLICT (host) DO UPDATE SET host = EXCLUDED.host RETURNING id`,
    [host, host, host === 'youtube.com'],
  );
  const { rows } = await db.query<SourceRow>(
    `INSERT INTO sources AS s (domain_id, kind, feed_url, title, sport_id, topic_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${SOURCE_COLUMNS}`,
    [Number(domain.rows[0]!.id), kind, input.feedUrl, input.title?.trim() || host, sportId, topicId],
  );
  const source = toSourceRow(rows[0]!);
  for (const teamId of teamIds) {
    await db.query('INSERT INTO source_teams (source_id, team_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      source.id,
      teamId,
    ]);
  }
  return source;
}

/**
 * Lists every source, by id.
 * @example
 * const sources = await listSources(db);
 */
export async function listSources(db: Queryable): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM sources s ORDER BY s.id`);
  return rows.map(toSourceRow);
}

/**
 * Enables or disables a source; an enabled source is due at once. Unknown ids are usage errors.
 * @example
 * await setSourceEnabled(db, 12, false);
 */
export async function setSourceEnabled(db: Queryable, id: number, enabled: boolean): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE sources SET enabled = $2, next_fetch_at = CASE WHEN $2 THEN now() ELSE next_fetch_at END
      WHERE id = $1 RETURNING id`,
    [id, enabled],
  );
  if (!rows[0]) throw new CliUsageError(`No source with id ${id}`);
}
