/**
 * Game alerts (issue 49): when the sports data job stores games whose state changed, a game that turned
 * in play alerts "game start" and a game that turned finished alerts its final score, to the members who
 * follow one of its teams and turned that kind on. Both carry the tag `game-<id>`, so on the device the
 * final replaces the start. A member whose spoiler shield hides the game gets the final without the score.
 * Games the provider reports long after the fact (a first read of yesterday's scoreboard) alert nothing.
 * @module
 */
import type { PushPayload } from '@sportspyder/contract';
import type { Database } from '../db/database.js';
import { membersHidingResult } from '../spoilers/shield-check.js';
import type { ChangedGame } from '../sports-data/sync-scoreboard.js';
import { type AlertRecipient, enqueueAlert } from './enqueue-alert.js';

/** A game that started longer ago than this is not news any more: its start alerts nothing. */
export const GAME_START_FRESH_MS = 3 * 60 * 60_000;
/** A game that started longer ago than this is not news any more: its final alerts nothing. */
export const FINAL_FRESH_MS = 12 * 60 * 60_000;

interface GameRow {
  id: number;
  status: string;
  starts_at: Date | string;
  home_score: number | null;
  away_score: number | null;
  home_id: number;
  home_name: string;
  away_id: number;
  away_name: string;
  sport_slug: string;
}

interface FanRow {
  user_id: number;
  team_slug: string;
}

/**
 * The texts of a final score: the score when the member may see it, else only that the game ended.
 * @example
 * finalText({ home: 'Jets', away: 'Bills', homeScore: 17, awayScore: 24 }, false);
 * // { title: 'Final: Bills 24, Jets 17', body: 'Bills win 24–17.' }
 */
export function finalText(
  game: { home: string; away: string; homeScore: number | null; awayScore: number | null },
  hidden: boolean,
): { title: string; body: string } {
  if (hidden || game.homeScore === null || game.awayScore === null) {
    return {
      title: `Final: ${game.away} vs ${game.home}`,
      body: 'The game has ended – tap to see the result.',
    };
  }
  const { home, away, homeScore: h, awayScore: a } = game;
  const body = h === a ? `Tied ${h}–${a}.` : h > a ? `${home} win ${h}–${a}.` : `${away} win ${a}–${h}.`;
  return { title: `Final: ${away} ${a}, ${home} ${h}`, body };
}

/** The members to alert for `kind` on one of the game's teams, each with the page of their team (first followed). */
async function fans(db: Database, game: GameRow, column: 'game_start' | 'final_score'): Promise<FanRow[]> {
  const { rows } = await db.query<FanRow>(
    `SELECT DISTINCT ON (f.user_id) f.user_id, t.slug AS team_slug
       FROM team_alerts a
       JOIN following_teams f ON f.user_id = a.user_id AND f.team_id = a.team_id
       JOIN teams t ON t.id = a.team_id
      WHERE a.team_id IN ($1, $2) AND a.${column}
        AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = a.user_id)
      ORDER BY f.user_id, f.position, f.id`,
    [game.home_id, game.away_id],
  );
  return rows;
}

/**
 * Queues the alerts of the changed games; answers how many deliveries were queued. Never throws for a
 * single game: one failing game must not stop the others (the job's push to pages goes on regardless).
 * @example
 * const onGamesChanged = async (changed) => { await pushToPages(changed); await queueGameAlerts(db, changed); };
 */
export async function queueGameAlerts(
  db: Database,
  changed: readonly ChangedGame[],
  options: { now?: Date; log?: { warn(details: object, message: string): void } } = {},
): Promise<number> {
  const ids = changed.filter((g) => g.status !== 'not-started').map((g) => g.id);
  if (ids.length === 0) return 0;
  const now = options.now ?? new Date();
  const { rows: games } = await db.query<GameRow>(
    `SELECT g.id, g.status, g.starts_at, g.home_score, g.away_score, h.id AS home_id, h.name AS home_name,
            a.id AS away_id, a.name AS away_name, s.slug AS sport_slug
       FROM games g JOIN teams h ON h.id = g.home_team_id JOIN teams a ON a.id = g.away_team_id
       JOIN sports s ON s.id = g.sport_id
      WHERE g.id = ANY($1::int[])`,
    [ids],
  );
  let queued = 0;
  for (const game of games) {
    try {
      const age = now.getTime() - new Date(game.starts_at).getTime();
      const tag = `game-${game.id}`;
      if (game.status === 'in-play' && age <= GAME_START_FRESH_MS) {
        const recipients = (await fans(db, game, 'game_start')).map(
          (fan): AlertRecipient => ({
            userId: Number(fan.user_id),
            payload: {
              kind: 'game_start',
              title: `${game.away_name} at ${game.home_name}`,
              body: 'The game has started.',
              url: `/${game.sport_slug}/${fan.team_slug}`,
              tag,
              timestamp: now.getTime(),
            },
          }),
        );
        queued += (await enqueueAlert(db, { dedupeKey: `${tag}-start`, kind: 'game_start', recipients, now }))
          .queued;
      } else if (game.status === 'finished' && age <= FINAL_FRESH_MS) {
        const list = await fans(db, game, 'final_score');
        const hidden = await membersHidingResult(db, {
          gameId: game.id,
          userIds: list.map((fan) => Number(fan.user_id)),
          now,
        });
        const recipients = list.map((fan): AlertRecipient => {
          const payload: PushPayload = {
            kind: 'final_score',
            ...finalText(
              {
                home: game.home_name,
                away: game.away_name,
                homeScore: game.home_score,
                awayScore: game.away_score,
              },
              hidden.has(Number(fan.user_id)),
            ),
            url: `/${game.sport_slug}/${fan.team_slug}`,
            tag,
            timestamp: now.getTime(),
          };
          return { userId: Number(fan.user_id), payload };
        });
        queued += (
          await enqueueAlert(db, { dedupeKey: `${tag}-final`, kind: 'final_score', recipients, now })
        ).queued;
      }
    } catch (error) {
      options.log?.warn({ err: error, gameId: game.id }, 'could not queue the alerts of a game');
    }
  }
  return queued;
}
