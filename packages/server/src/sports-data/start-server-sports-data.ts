/**
 * Starts the sports data job where the other jobs run (issue 45), as the environment asks:
 * `SPORTS_DATA=espn|off` (default: `espn` in the real world, `off` in the demo world, whose generated
 * rosters and games stay), `ESPN_API_URL` (default ESPN's public host; tests point it at loopback) and
 * `SPORTS_DATA_LIVE_MS` (the scoreboard's pace while games are in play, default 30 s). Requests go
 * through the same guarded fetch as feeds (no private addresses in production unless allowed), with the
 * product's User-Agent and at most 2 at once to the provider's host.
 * @module
 */
import type { Database } from '../db/database.js';
import { HostPoliteness } from '../ingest/feeds/host-politeness.js';
import type { WorldMode } from '../sources/world/world-setting.js';
import { createEspnProvider, DEFAULT_ESPN_API_URL } from './espn/espn-provider.js';
import { type SportsDataJob, type SportsDataLogger, startSportsDataJob } from './start-sports-data-job.js';
import type { ChangedGame } from './sync-scoreboard.js';

/** The providers `SPORTS_DATA` can name. */
export type SportsDataMode = 'espn' | 'off';

/**
 * Which provider runs: `SPORTS_DATA` when set (anything but `espn` is off), else `espn` in the real world.
 * @example
 * sportsDataMode({}, 'real'); // 'espn'
 */
export function sportsDataMode(
  env: Record<string, string | undefined>,
  world: WorldMode | null,
): SportsDataMode {
  const asked = (env.SPORTS_DATA ?? '').trim().toLowerCase();
  if (asked) return asked === 'espn' ? 'espn' : 'off';
  return world === 'real' ? 'espn' : 'off';
}

/** Options of {@link startServerSportsData}. */
export interface StartServerSportsDataOptions {
  db: Database;
  env: Record<string, string | undefined>;
  world: WorldMode | null;
  /** The guarded fetch of the process (SSRF). */
  fetch: typeof fetch;
  userAgent: string;
  log?: SportsDataLogger;
  onGamesChanged?: (games: ChangedGame[]) => Promise<void> | void;
}

/**
 * Starts the job, or answers null when sports data is off.
 * @example
 * const sportsData = startServerSportsData({ db, env, world: world?.mode ?? null, fetch, userAgent });
 */
export function startServerSportsData(options: StartServerSportsDataOptions): SportsDataJob | null {
  if (sportsDataMode(options.env, options.world) === 'off') return null;
  const provider = createEspnProvider({
    baseUrl: options.env.ESPN_API_URL || DEFAULT_ESPN_API_URL,
    fetch: options.fetch,
    userAgent: options.userAgent,
    politeness: new HostPoliteness(),
  });
  const live = Number(options.env.SPORTS_DATA_LIVE_MS);
  options.log?.info(
    { provider: provider.name },
    'sports data: rosters, games and standings from the provider',
  );
  return startSportsDataJob({
    db: options.db,
    provider,
    ...(live > 0 ? { liveMs: live } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.onGamesChanged ? { onGamesChanged: options.onGamesChanged } : {}),
  });
}
