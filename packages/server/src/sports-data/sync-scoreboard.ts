/**
 * A league's games of a date range from the provider into `games` (issue 45): each game is found by the
 * provider's id (or created) and its start, state, progress and score are written only when one of them
 * changed, so the answer lists exactly the games that changed, for the realtime push. A game between
 * teams we have not paired is skipped and counted.
 * @module
 */
import type { Queryable } from '../db/database.js';
import type { ProviderFailure, ProviderLeague, SportsDataProvider } from './sports-data-provider.js';

/** A game that changed (or appeared) in a sync. */
export interface ChangedGame {
  id: number;
  status: 'not-started' | 'in-play' | 'finished';
  /** True when it was not stored before. */
  created: boolean;
}

/** What a scoreboard sync did. */
export type SyncScoreboardResult =
  | {
      ok: true;
      games: number;
      changed: ChangedGame[];
      /** Games in play now (the job reads the league often while there are any). */
      inPlay: number;
      /** Games of unpaired teams or unreadable elements. */
      skipped: number;
    }
  | { ok: false; failure: ProviderFailure };

/**
 * Reads the league's games from `from` to `to` and stores them.
 * @example
 * const result = await syncScoreboard(db, provider, league, today, today);
 * if (result.ok) pushGameChanges(result.changed);
 */
export async function syncScoreboard(
  db: Queryable,
  provider: SportsDataProvider,
  league: ProviderLeague,
  from: Date,
  to: Date,
  now: Date = new Date(),
): Promise<SyncScoreboardResult> {
  const answer = await provider.scoreboard(league, from, to);
  if (!answer.ok) return answer;
  const games = answer.data.map((g) => ({
    externalId: g.externalId,
    home: g.home.teamExternalId,
    away: g.away.teamExternalId,
    startsAt: g.startsAt.toISOString(),
    status: g.state,
    progress: g.progress,
    homeScore: g.home.score,
    awayScore: g.away.score,
  }));
  const { rows } = await db.query<{ id: number; status: ChangedGame['status']; created: boolean }>(
    `INSERT INTO games (sport_id, home_team_id, away_team_id, starts_at, status, progress, home_score, away_score,
                        provider, external_id, updated_at)
     SELECT s.id, h.team_id, a.team_id, x."startsAt", x.status, x.progress, x."homeScore", x."awayScore",
            $1, x."externalId", $4
       FROM jsonb_to_recordset($3::jsonb) AS x("externalId" text, home text, away text, "startsAt" timestamptz,
              status text, progress text, "homeScore" int, "awayScore" int)
       JOIN sports s ON s.slug = $2
       JOIN team_provider_ids h ON h.provider = $1 AND h.league = $5 AND h.external_id = x.home
       JOIN team_provider_ids a ON a.provider = $1 AND a.league = $5 AND a.external_id = x.away
     ON CONFLICT (provider, external_id) WHERE external_id IS NOT NULL DO UPDATE SET
       home_team_id = EXCLUDED.home_team_id, away_team_id = EXCLUDED.away_team_id, starts_at = EXCLUDED.starts_at,
       status = EXCLUDED.status, progress = EXCLUDED.progress, home_score = EXCLUDED.home_score,
       away_score = EXCLUDED.away_score, updated_at = EXCLUDED.updated_at
     WHERE (games.starts_at, games.status, games.progress, games.home_score, games.away_score)
       IS DISTINCT FROM (EXCLUDED.starts_at, EXCLUDED.status, EXCLUDED.progress, EXCLUDED.home_score,
                         EXCLUDED.away_score)
     RETURNING id, status, (xmax = 0) AS created`,
    [provider.name, league.sport, JSON.stringify(games), now, league.key],
  );
  const paired = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM jsonb_to_recordset($3::jsonb) AS x(home text, away text)
      WHERE EXISTS (SELECT 1 FROM team_provider_ids WHERE provider = $1 AND league = $2 AND external_id = x.home)
        AND EXISTS (SELECT 1 FROM team_provider_ids WHERE provider = $1 AND league = $2 AND external_id = x.away)`,
    [provider.name, league.key, JSON.stringify(games)],
  );
  const stored = Number(paired.rows[0]?.n ?? 0);
  return {
    ok: true,
    games: stored,
    changed: rows.map((r) => ({ id: Number(r.id), status: r.status, created: Boolean(r.created) })),
    inPlay: answer.data.filter((g) => g.state === 'in-play').length,
    skipped: answer.skipped + (games.length - stored),
  };
}
