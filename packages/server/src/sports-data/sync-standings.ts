/**
 * A league's standings from the provider into `standings` (issue 45), for the paired teams.
 * @module
 */
import type { Queryable } from '../db/database.js';
import type { ProviderFailure, ProviderLeague, SportsDataProvider } from './sports-data-provider.js';

/** What a standings sync did. */
export type SyncStandingsResult =
  | { ok: true; teams: number; skipped: number }
  | { ok: false; failure: ProviderFailure };

/**
 * Reads and stores the league's standings.
 * @example
 * await syncStandings(db, provider, league);
 */
export async function syncStandings(
  db: Queryable,
  provider: SportsDataProvider,
  league: ProviderLeague,
): Promise<SyncStandingsResult> {
  const answer = await provider.standings(league);
  if (!answer.ok) return answer;
  const { rows } = await db.query(
    `INSERT INTO standings (team_id, season, wins, losses, ties)
     SELECT t.team_id, x.season, x.wins, x.losses, x.ties
       FROM jsonb_to_recordset($3::jsonb) AS x("teamExternalId" text, season text, wins int, losses int, ties int)
       JOIN team_provider_ids t ON t.provider = $1 AND t.league = $2 AND t.external_id = x."teamExternalId"
     ON CONFLICT (team_id, season) DO UPDATE SET wins = EXCLUDED.wins, losses = EXCLUDED.losses, ties = EXCLUDED.ties
     RETURNING team_id`,
    [provider.name, league.key, JSON.stringify(answer.data)],
  );
  return { ok: true, teams: rows.length, skipped: answer.skipped + (answer.data.length - rows.length) };
}
