/**
 * The source store: create a source (and its domain from the URL host), list, enable and disable. One
 * place shared by the admin CLI (`sources add`, `feeds import`), the OPML import and the admin API, so
 * the rules (valid URL, known slugs, one source per feed URL) are the same wherever a source comes from.
 *
 * Wrong input is a {@link SourceInputError} naming the field: the CLI prints it and exits 2, the API
 * answers it as a 422 on that field.
 * @module
 */
import type { Queryable } from '../db/database.js';
import {
  SOURCE_COLUMNS,
  type SourceKind,
  type SourceRow,
  toSourceRow,
} from '../ingest/pipeline/source-row.js';

/** The source kinds. */
export const SOURCE_KINDS: readonly SourceKind[] = ['news', 'video', 'podcast', 'mastodon'];

/** Where a source came from (`sources.origin`). */
export type SourceOrigin = 'demo' | 'catalogue' | 'admin';

/** The input fields a {@link SourceInputError} can name (the admin API's body field names). */
export type SourceField = 'feedUrl' | 'url' | 'kind' | 'title' | 'teams' | 'sport' | 'topic' | 'id' | 'opml';

/** Input the store refuses: an invalid or already registered URL, an unknown slug or id. */
export class SourceInputError extends Error {
  /**
   * Creates the error.
   * @example
   * throw new SourceInputError('teams', 'not_found', 'Unknown team slug: green-bay');
   */
  constructor(
    /** The input field at fault. */
    readonly field: SourceField,
    /** A short machine code (`invalid`, `taken`, `not_found`). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SourceInputError';
  }
}

/** What {@link createSource} needs. */
export interface NewSource {
  /** Feed URL (http(s); `demo:` or `file:` unless `webOnly`). */
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
  /** Where it came from (default `admin`; the shipped catalogue says `catalogue`). */
  origin?: SourceOrigin;
}

/** Options of {@link createSource}. */
export interface CreateSourceOptions {
  /**
   * Accept http(s) URLs only. The API and its OPML import set it: a `file:` URL would let a browser
   * read the server's files, and `demo:` feeds belong to the demo world.
   */
  webOnly?: boolean;
}

/** The domain host of a feed URL: the http(s) host without `www.`, `local` for demo and file feeds. */
export function hostOfFeedUrl(feedUrl: string, options: CreateSourceOptions = {}): string {
  if (/^https?:\/\//i.test(feedUrl)) {
    try {
      return new URL(feedUrl).hostname.toLowerCase().replace(/^www\./, '');
    } catch {
      throw new SourceInputError('feedUrl', 'invalid', `Not a valid URL: ${feedUrl}`);
    }
  }
  if (options.webOnly) {
    throw new SourceInputError(
      'feedUrl',
      'invalid',
      `A feed URL must start with http:// or https:// (got ${feedUrl})`,
    );
  }
  if (/^(demo|file):/i.test(feedUrl)) return 'local';
  throw new SourceInputError(
    'feedUrl',
    'invalid',
    `A feed URL must start with http://, https://, demo: or file: (got ${feedUrl})`,
  );
}

/** The kind a URL suggests when none is given. */
export function guessKind(feedUrl: string): SourceKind {
  if (/youtube\.com\/feeds\/videos\.xml/i.test(feedUrl)) return 'video';
  if (/\/api\/v1\/accounts\/[^/]+\/statuses/i.test(feedUrl)) return 'mastodon';
  return 'news';
}

const FIELD_OF = { teams: 'teams', sports: 'sport', topics: 'topic' } as const;

/**
 * The ids of slugs of one table, in order; an unknown slug is a {@link SourceInputError} on its field.
 * @example
 * const [packers] = await idsOfSlugs(db, 'teams', ['green-bay-packers']);
 */
export async function idsOfSlugs(
  db: Queryable,
  table: 'teams' | 'sports' | 'topics',
  slugs: readonly string[],
): Promise<number[]> {
  if (slugs.length === 0) return [];
  const { rows } = await db.query<{ id: number; slug: string }>(
    `SELECT id, slug FROM ${table} WHERE slug = ANY($1::text[])`,
    [[...slugs]],
  );
  const bySlug = new Map(rows.map((r) => [r.slug, Number(r.id)]));
  return slugs.map((slug) => {
    const id = bySlug.get(slug);
    if (id === undefined) {
      throw new SourceInputError(FIELD_OF[table], 'not_found', `Unknown ${table.slice(0, -1)} slug: ${slug}`);
    }
    return id;
  });
}

/**
 * Replaces the default teams of a source.
 * @example
 * await replaceSourceTeams(db, 12, [packersId]);
 */
export async function replaceSourceTeams(
  db: Queryable,
  sourceId: number,
  teamIds: readonly number[],
): Promise<void> {
  await db.query('DELETE FROM source_teams WHERE source_id = $1', [sourceId]);
  if (teamIds.length === 0) return;
  await db.query(
    `INSERT INTO source_teams (source_id, team_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
    [sourceId, [...new Set(teamIds)]],
  );
}

/**
 * Creates a source (and its domain when the host is new); it is due at once. A feed URL that a
 * removed source (one whose articles were kept) had is given back to that source, enabled again with the
 * new title, kind, sport and teams. Unknown slugs and an already registered feed URL are
 * {@link SourceInputError}s.
 * @example
 * const source = await createSource(db, { feedUrl: 'https://packerswire.example/feed', teamSlugs: ['green-bay-packers'] });
 */
export async function createSource(
  db: Queryable,
  input: NewSource,
  options: CreateSourceOptions = {},
): Promise<SourceRow> {
  const feedUrl = input.feedUrl.trim();
  const host = hostOfFeedUrl(feedUrl, options);
  const kind = input.kind ?? guessKind(feedUrl);
  if (!SOURCE_KINDS.includes(kind)) {
    throw new SourceInputError('kind', 'invalid', `Unknown kind ${kind} (use ${SOURCE_KINDS.join(', ')})`);
  }
  const existing = await db.query<{ id: number; removed: boolean }>(
    'SELECT id, removed_at IS NOT NULL AS removed FROM sources WHERE feed_url = $1',
    [feedUrl],
  );
  const previous = existing.rows[0];
  if (previous && !previous.removed) {
    throw new SourceInputError(
      'feedUrl',
      'taken',
      `A source with this feed URL already exists (id ${previous.id})`,
    );
  }
  const teamIds = await idsOfSlugs(db, 'teams', input.teamSlugs ?? []);
  const [sportId = null] = input.sportSlug ? await idsOfSlugs(db, 'sports', [input.sportSlug]) : [];
  const [topicId = null] = input.topicSlug ? await idsOfSlugs(db, 'topics', [input.topicSlug]) : [];
  const title = input.title?.trim() || host;
  const origin = input.origin ?? 'admin';
  let row: SourceRow;
  if (previous) {
    const { rows } = await db.query<SourceRow>(
      `UPDATE sources AS s SET kind = $2, title = $3, sport_id = $4, topic_id = $5, origin = $6, enabled = true,
              removed_at = NULL, disabled_reason = NULL, disabled_at = NULL, failing_since = NULL,
              next_fetch_at = now()
        WHERE id = $1 RETURNING ${SOURCE_COLUMNS}`,
      [Number(previous.id), kind, title, sportId, topicId, origin],
    );
    row = toSourceRow(rows[0]!);
  } else {
    const domain = await db.query<{ id: number }>(
      `INSERT INTO domains (host, name, is_youtube) VALUES ($1, $2, $3)
       ON CONFLICT (host) DO UPDATE SET host = EXCLUDED.host RETURNING id`,
      [host, host, host === 'youtube.com'],
    );
    const { rows } = await db.query<SourceRow>(
      `INSERT INTO sources AS s (domain_id, kind, feed_url, title, sport_id, topic_id, origin, next_fetch_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING ${SOURCE_COLUMNS}`,
      [Number(domain.rows[0]!.id), kind, feedUrl, title, sportId, topicId, origin],
    );
    row = toSourceRow(rows[0]!);
  }
  await replaceSourceTeams(db, row.id, teamIds);
  return row;
}

/**
 * Lists every source (removed ones too), by id.
 * @example
 * const sources = await listSources(db);
 */
export async function listSources(db: Queryable): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM sources s ORDER BY s.id`);
  return rows.map(toSourceRow);
}

/**
 * Enables or disables a source. Enabling makes it due at once and forgets why it was disabled and
 * since when it was failing; disabling an enabled source records the reason given (the CLI's default:
 * "Disabled from the command line"). Unknown ids are {@link SourceInputError}s.
 * @example
 * await setSourceEnabled(db, 12, false, 'Disabled by admin');
 */
export async function setSourceEnabled(
  db: Queryable,
  id: number,
  enabled: boolean,
  reason = 'Disabled from the command line',
): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE sources SET enabled = $2,
            next_fetch_at = CASE WHEN $2 THEN now() ELSE next_fetch_at END,
            failing_since = CASE WHEN $2 THEN NULL ELSE failing_since END,
            disabled_reason = CASE WHEN $2 THEN NULL WHEN enabled THEN $3::text ELSE disabled_reason END,
            disabled_at = CASE WHEN $2 THEN NULL WHEN enabled THEN now() ELSE disabled_at END
      WHERE id = $1 RETURNING id`,
    [id, enabled, reason],
  );
  if (!rows[0]) throw new SourceInputError('id', 'not_found', `No source with id ${id}`);
}
