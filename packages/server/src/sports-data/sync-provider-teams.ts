/**
 * Reads a league's teams from the provider and stores the pairs with ours in `team_provider_ids`
 * (`match-provider-teams.ts` decides them); answers what stayed unpaired so the start can list it.
 * @module
 */
import type { Database } from '../db/database.js';
import { matchProviderTeams, type OurTeam, type TeamException } from './match-provider-teams.js';
import type {
  ProviderFailure,
  ProviderLeague,
  ProviderTeam,
  SportsDataProvider,
} from './sports-data-provider.js';

/** What a team sync did. */
export type SyncTeamsResult =
  | { ok: true; paired: number; unpairedProvider: ProviderTeam[]; unpairedOurs: string[] }
  | { ok: false; failure: ProviderFailure };

/**
 * Pairs the league's provider teams with ours and stores the pairs (replacing the league's old ones).
 * @example
 * const result = await syncProviderTeams(db, provider, league, loadTeamExceptions());
 */
export async function syncProviderTeams(
  db: Database,
  provider: SportsDataProvider,
  league: ProviderLeague,
  exceptions: readonly TeamException[],
): Promise<SyncTeamsResult> {
  const answer = await provider.teams(league);
  if (!answer.ok) return answer;
  const { rows } = await db.query<OurTeam>(
    `SELECT t.id, t.slug, t.full_name AS "fullName", t.location, t.name
       FROM teams t JOIN sports s ON s.id = t.sport_id WHERE s.slug = $1 ORDER BY t.id`,
    [league.sport],
  );
  const match = matchProviderTeams(provider.name, league.key, answer.data, rows, exceptions);
  const pairs = [...match.pairs].map(([externalId, teamId]) => ({ externalId, teamId }));
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM team_provider_ids WHERE provider = $1 AND league = $2', [
      provider.name,
      league.key,
    ]);
    await tx.query(
      `INSERT INTO team_provider_ids (provider, team_id, league, external_id)
       SELECT $1, x."teamId", $2, x."externalId"
         FROM jsonb_to_recordset($3::jsonb) AS x("teamId" int, "externalId" text)`,
      [provider.name, league.key, JSON.stringify(pairs)],
    );
  });
  return {
    ok: true,
    paired: pairs.length,
    unpairedProvider: match.unpairedProvider,
    unpairedOurs: match.unpairedOurs.map((t) => t.slug),
  };
}
