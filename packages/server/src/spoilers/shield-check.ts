// Whether a member's spoiler shield hides a game's result now (issue 49). The one place the shield's rule
// lives: every answer that carries a score or a result (games, notifications, push alerts, headlines,
// chat) asks here. A game's result is hidden from a member when
//   - the member follows one of the game's teams and has the shield on for it (tables of migration 0033),
//   - the game has started (a game not started has no result to hide; its previews stay readable),
//   - the member has not revealed that game,
//   - and the hide period has not run out: `hide_hours` after the game ended (null: until revealed). A game
//     in play has not ended, so it stays hidden whatever the period.
// Why the server (not the client) decides and omits scores: docs/decisions/spoilers.md "Spoiler shield".
import type { Queryable } from '../db/database.js';

/** A finished game stored without `ended_at` (inserted finished) is taken to have ended this long after its start. */
export const ASSUMED_GAME_HOURS = 3;

/**
 * The SQL condition "game `g` is hidden from member `$user` at `$now`" (g: a `games` row alias). Shared by
 * the checks below and the list queries that mark headlines, so the rule is written once.
 */
export function hiddenGameCondition(game: string, userParam: string, nowParam: string): string {
  return `(${game}.status <> 'not-started' OR ${game}.starts_at <= ${nowParam}::timestamptz)
    AND NOT EXISTS (SELECT 1 FROM spoiler_reveals r WHERE r.user_id = ${userParam} AND r.game_id = ${game}.id)
    AND EXISTS (
      SELECT 1 FROM spoiler_shields s
        JOIN following_teams f ON f.user_id = s.user_id AND f.team_id = s.team_id
       WHERE s.user_id = ${userParam} AND s."on" AND s.team_id IN (${game}.home_team_id, ${game}.away_team_id)
         AND (s.hide_hours IS NULL OR ${game}.status <> 'finished'
              OR coalesce(${game}.ended_at, ${game}.starts_at + make_interval(hours => ${ASSUMED_GAME_HOURS}))
                 + make_interval(hours => s.hide_hours) > ${nowParam}::timestamptz))`;
}

/** The games of `gameIds` whose result member `userId`'s shield hides at `now`. */
export async function hiddenGameIds(
  db: Queryable,
  userId: number | null | undefined,
  gameIds: readonly number[],
  now: Date = new Date(),
): Promise<Set<number>> {
  if (userId == null || gameIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: number }>(
    `SELECT g.id FROM games g WHERE g.id = ANY($2::int[]) AND ${hiddenGameCondition('g', '$1', '$3')}`,
    [userId, [...gameIds], now.toISOString()],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Whether member `userId`'s spoiler shield hides game `gameId`'s result at `now` (default: the clock).
 * `teamIds` is accepted for callers that have the game's teams at hand; the game row is the authority.
 *
 * @example
 * ```ts
 * if (await resultHiddenFor(db, { userId, gameId })) body = 'Final (score hidden by your spoiler shield)';
 * ```
 */
export async function resultHiddenFor(
  db: Queryable,
  query: { userId: number; gameId: number; teamIds?: readonly number[]; now?: Date },
): Promise<boolean> {
  return (await hiddenGameIds(db, query.userId, [query.gameId], query.now)).has(query.gameId);
}

/** Of `userIds`, the members whose shield hides game `gameId`'s result at `now` (one statement for an alert fan-out). */
export async function membersHidingResult(
  db: Queryable,
  query: { gameId: number; userIds: readonly number[]; now?: Date },
): Promise<Set<number>> {
  if (query.userIds.length === 0) return new Set();
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT u.user_id FROM unnest($1::int[]) AS u(user_id)
       JOIN games g ON g.id = $2
      WHERE ${hiddenGameCondition('g', 'u.user_id', '$3')}`,
    [[...query.userIds], query.gameId, (query.now ?? new Date()).toISOString()],
  );
  return new Set(rows.map((row) => Number(row.user_id)));
}
