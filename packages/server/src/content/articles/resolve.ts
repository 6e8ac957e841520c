/**
 * Resolves the slug-or-id path parameters of the content routes (sport, team, topic, player, user,
 * source, domain) to rows, answering the contract's 404 when nothing matches. Sports, teams and topics
 * are reference data written by the seed at start: what was found is remembered for
 * {@link REFERENCE_MEMO_MS}, so a feed page spends no statement on them (issue 15, members' pages). A
 * member found by name (the combined feeds) is remembered too, until the member changes something.
 * @module
 */
import { MemberMemo } from '../../auth/member-memo.js';
import type { Database } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { findTeam } from '../../routes/teams.js';
import { SharedAnswers } from '../feeds/shared-answers.js';

/** How long a found sport, team or topic is remembered, in ms (nothing changes them between seeds). */
export const REFERENCE_MEMO_MS = 60_000;

/**
 * How long a member found by username is remembered, in ms: what a lost invalidation (a Redis outage)
 * could leave old, as for sessions (`auth/session-memo.ts`).
 */
export const MEMBER_NAME_MEMO_MS = 30_000;

/** Member names remembered at most (each is a few dozen bytes). */
const MEMBER_NAME_MEMO_MAX = 10_000;

const memos = new WeakMap<Database, SharedAnswers<unknown>>();
const memberNames = new WeakMap<Database, MemberMemo<Resolved>>();

/** `load()` remembered per database under `key` for REFERENCE_MEMO_MS; a failure (404) is not kept. */
function remembered<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  let memo = memos.get(db);
  if (!memo) {
    // Reference rows are a few hundred: the memo stays small, and an unknown key is dropped on failure.
    memo = new SharedAnswers<unknown>(REFERENCE_MEMO_MS);
    memos.set(db, memo);
  }
  return memo.get(key, load) as Promise<T>;
}

/** What the feeds need of a resolved resource: its id, its slug (feed id, RSS URL) and a title. */
export interface Resolved {
  /** Database id. */
  id: number;
  /** Slug (or the id as text for id-only resources). */
  slug: string;
  /** Human name (RSS channel titles). */
  name: string;
}

function notFound(): never {
  throw new HttpError(404, NOT_FOUND.errors);
}

async function bySlugOrId(db: Database, sql: string, value: string): Promise<Resolved> {
  const numeric = /^\d+$/.test(value) ? Number(value) : null;
  if (numeric !== null && numeric > 2147483647) notFound();
  const { rows } = await db.query<Resolved>(sql, [value, numeric]);
  return rows[0] ?? notFound();
}

/** A sport by slug or id. */
export function resolveSport(db: Database, value: string): Promise<Resolved> {
  return remembered(db, `sport:${value}`, () =>
    bySlugOrId(
      db,
      'SELECT id, slug, name FROM sports WHERE slug = $1 OR id = $2 ORDER BY (slug = $1) DESC LIMIT 1',
      value,
    ),
  );
}

/** A topic by slug or id. */
export function resolveTopic(db: Database, value: string): Promise<Resolved> {
  return remembered(db, `topic:${value}`, () =>
    bySlugOrId(
      db,
      'SELECT id, slug, name FROM topics WHERE slug = $1 OR id = $2 ORDER BY (slug = $1) DESC LIMIT 1',
      value,
    ),
  );
}

/** A player by slug or id. */
export function resolvePlayer(db: Database, value: string): Promise<Resolved & { teamId: number | null }> {
  return bySlugOrId(
    db,
    `SELECT id, slug, name, team_id AS "teamId" FROM players WHERE slug = $1 OR id = $2
     ORDER BY (slug = $1) DESC LIMIT 1`,
    value,
  ) as Promise<Resolved & { teamId: number | null }>;
}

/**
 * A member by username (case-insensitive) or id; `slug` is the username. A member found is remembered
 * for {@link MEMBER_NAME_MEMO_MS} under the name asked for, until a member invalidation forgets them
 * ({@link forgetMemberNames}: a rename or an account deletion, on every process through the app's bus).
 */
export async function resolveUser(db: Database, value: string): Promise<Resolved> {
  let memo = memberNames.get(db);
  if (!memo) {
    memo = new MemberMemo<Resolved>(MEMBER_NAME_MEMO_MS, Date.now, MEMBER_NAME_MEMO_MAX);
    memberNames.set(db, memo);
  }
  const key = value.toLowerCase();
  const kept = memo.lookup(key);
  if (kept) return kept;
  const epoch = memo.epoch;
  const found = await bySlugOrId(
    db,
    `SELECT id, username AS slug, username AS name FROM users WHERE lower(username) = lower($1) OR id = $2
     ORDER BY (lower(username) = lower($1)) DESC LIMIT 1`,
    value,
  );
  memo.remember(key, found.id, found, epoch);
  return found;
}

/** Forgets the names remembered of a member in this process (the app calls it on member invalidations). */
export function forgetMemberNames(db: Database, userId: number): void {
  memberNames.get(db)?.forgetUser(userId);
}

/** A team by slug, legacy slug or id (see `findTeam`). */
export function resolveTeam(
  db: Database,
  value: string,
): Promise<Resolved & { sportId: number; sportSlug: string }> {
  return remembered(db, `team:${value}`, async () => {
    const found = await findTeam(db, value);
    if (!found) notFound();
    const { team } = found;
    return {
      id: team.id,
      slug: team.slug,
      name: team.fullName,
      sportId: team.sportId,
      sportSlug: team.sportSlug,
    };
  });
}

/** A news source by id (podcast and social sources are not news sources). */
export async function resolveSource(db: Database, id: number): Promise<Resolved> {
  const { rows } = await db.query<Resolved>(
    `SELECT id, id::text AS slug, title AS name FROM sources WHERE id = $1 AND kind IN ('news', 'video')`,
    [id],
  );
  return rows[0] ?? notFound();
}

/** A domain by id. */
export async function resolveDomain(db: Database, id: number): Promise<Resolved> {
  const { rows } = await db.query<Resolved>('SELECT id, id::text AS slug, name FROM domains WHERE id = $1', [
    id,
  ]);
  return rows[0] ?? notFound();
}

/** The teams a member follows, in their order. */
export async function followedTeamIds(db: Database, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ team_id: number }>(
    'SELECT team_id FROM following_teams WHERE user_id = $1 ORDER BY position, id',
    [userId],
  );
  return rows.map((r) => r.team_id);
}
