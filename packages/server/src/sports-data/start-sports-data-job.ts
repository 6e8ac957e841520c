/**
 * The sports data job (issue 45): keeps each league's teams, rosters, games and standings in step with
 * the provider, politely. Per league:
 * - teams paired at start and daily (unpaired ones are logged, never guessed);
 * - every paired team's roster daily, one team per step;
 * - the schedule (yesterday to three weeks ahead) hourly;
 * - today's scoreboard every {@link SportsDataJobOptions.liveMs} (30 s) while a game is in play or about to
 *   start, else every 15 minutes;
 * - the standings daily and after a scoreboard read that saw a game finish.
 * One request at a time for the whole job, under a lease in `job_leases`, so several processes never
 * read the same things. Games whose score or state changed go to `onGamesChanged` (the realtime push).
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { releaseJobLease, takeJobLease } from '../email-pages/recap-newsletter.js';
import { loadTeamExceptions, type TeamException } from './match-provider-teams.js';
import type { ProviderLeague, SportsDataProvider } from './sports-data-provider.js';
import { syncProviderTeams } from './sync-provider-teams.js';
import { syncRoster } from './sync-roster.js';
import { type ChangedGame, syncScoreboard } from './sync-scoreboard.js';
import { syncStandings } from './sync-standings.js';

/** How often today's scoreboard is read while a league has a game in play (default). */
export const DEFAULT_LIVE_MS = 30_000;
/** How often it is read otherwise. */
export const IDLE_SCORES_MS = 15 * 60_000;
/** How often the schedule ahead is read. */
export const SCHEDULE_MS = 60 * 60_000;
/** How often teams, rosters and standings are read. */
export const DAILY_MS = 24 * 60 * 60_000;
/** Days of schedule read ahead. */
export const SCHEDULE_DAYS = 21;
/** A game starting within this is "about to start": its league is read at the live pace. */
export const SOON_MS = 15 * 60_000;
const JOB = 'sports_data';
const LEASE_MS = 2 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The logger of the job. */
export interface SportsDataLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Options of {@link startSportsDataJob}. */
export interface SportsDataJobOptions {
  db: Database;
  provider: SportsDataProvider;
  /** The leagues to follow (default all the provider's). */
  leagues?: readonly ProviderLeague[];
  /** Scoreboard pace while games are in play (default 30 s, `SPORTS_DATA_LIVE_MS`). */
  liveMs?: number;
  /** Time between two looks for due work (default 5 s). */
  tickMs?: number;
  /** The clock. */
  now?: () => Date;
  /** Hand-made team pairs (default `data/sports-data/team-exceptions.json`). */
  exceptions?: readonly TeamException[];
  /** Called with the games whose score or state changed. */
  onGamesChanged?: (games: ChangedGame[]) => Promise<void> | void;
  log?: SportsDataLogger;
}

interface LeagueState {
  league: ProviderLeague;
  teamsAt: number;
  rostersAt: number;
  /** Teams whose roster is still to read in this day's pass. */
  rosterQueue: { teamId: number; externalId: string }[];
  scheduleAt: number;
  scoresAt: number;
  standingsAt: number;
}

/** A running job. */
export interface SportsDataJob {
  /** Stops it, waiting for the step in progress. */
  stop(): Promise<void>;
  /** Runs the due steps now (tests); resolves when none is due (or after a minute of steps). */
  runDue(): Promise<void>;
}

/**
 * Starts the job.
 * @example
 * const job = startSportsDataJob({ db, provider: createEspnProvider({ baseUrl }), onGamesChanged });
 */
export function startSportsDataJob(options: SportsDataJobOptions): SportsDataJob {
  const clock = options.now ?? (() => new Date());
  const liveMs = Math.max(1000, options.liveMs ?? DEFAULT_LIVE_MS);
  const owner = `sports-data-${process.pid}-${randomUUID().slice(0, 8)}`;
  const exceptions = options.exceptions ?? loadTeamExceptions();
  const { db, provider, log } = options;
  const states: LeagueState[] = (options.leagues ?? provider.leagues).map((league) => ({
    league,
    teamsAt: 0,
    rostersAt: Number.POSITIVE_INFINITY,
    rosterQueue: [],
    scheduleAt: Number.POSITIVE_INFINITY,
    scoresAt: Number.POSITIVE_INFINITY,
    standingsAt: Number.POSITIVE_INFINITY,
  }));

  const failed = (state: LeagueState, what: string, failure: { code: string; message: string }) =>
    log?.warn({ league: state.league.key, what, ...failure }, 'sports data read failed');

  /** One due step of one league, or false when nothing is due. */
  const step = async (state: LeagueState, now: number): Promise<boolean> => {
    const { league } = state;
    if (state.teamsAt <= now) {
      const result = await syncProviderTeams(db, provider, league, exceptions);
      if (!result.ok) {
        failed(state, 'teams', result.failure);
        state.teamsAt = now + IDLE_SCORES_MS;
        return true;
      }
      if (result.unpairedOurs.length || result.unpairedProvider.length) {
        log?.warn(
          {
            league: league.key,
            ours: result.unpairedOurs,
            provider: result.unpairedProvider.map((t) => `${t.externalId} ${t.displayName}`),
          },
          'teams not paired with the provider (add them to data/sports-data/team-exceptions.json)',
        );
      }
      state.teamsAt = now + DAILY_MS;
      // The first pairing starts everything else at once.
      state.rostersAt = Math.min(state.rostersAt, now);
      state.scheduleAt = Math.min(state.scheduleAt, now);
      state.scoresAt = Math.min(state.scoresAt, now);
      state.standingsAt = Math.min(state.standingsAt, now);
      return true;
    }
    if (state.scoresAt <= now) {
      const today = new Date(now);
      const result = await syncScoreboard(db, provider, league, today, today, today);
      if (!result.ok) {
        failed(state, 'scoreboard', result.failure);
        state.scoresAt = now + liveMs;
        return true;
      }
      if (result.changed.length) await options.onGamesChanged?.(result.changed);
      if (result.changed.some((g) => g.status === 'finished' && !g.created)) state.standingsAt = now;
      const soon = await startsSoon(league.sport, now);
      state.scoresAt = now + (result.inPlay > 0 || soon ? liveMs : IDLE_SCORES_MS);
      return true;
    }
    if (state.scheduleAt <= now) {
      const result = await syncScoreboard(
        db,
        provider,
        league,
        new Date(now - DAY_MS),
        new Date(now + SCHEDULE_DAYS * DAY_MS),
        new Date(now),
      );
      if (!result.ok) failed(state, 'schedule', result.failure);
      else if (result.changed.length) await options.onGamesChanged?.(result.changed);
      state.scheduleAt = now + SCHEDULE_MS;
      return true;
    }
    if (state.standingsAt <= now) {
      const result = await syncStandings(db, provider, league);
      if (!result.ok) failed(state, 'standings', result.failure);
      state.standingsAt = now + DAILY_MS;
      return true;
    }
    if (state.rostersAt <= now) {
      if (state.rosterQueue.length === 0) {
        const { rows } = await db.query<{ teamId: number; externalId: string }>(
          `SELECT team_id AS "teamId", external_id AS "externalId" FROM team_provider_ids
            WHERE provider = $1 AND league = $2 ORDER BY team_id`,
          [provider.name, league.key],
        );
        state.rosterQueue = rows.map((r) => ({ teamId: Number(r.teamId), externalId: r.externalId }));
      }
      const team = state.rosterQueue.shift();
      if (team) {
        const result = await syncRoster(db, provider, league, team, new Date(now));
        if (!result.ok) failed(state, `roster ${team.externalId}`, result.failure);
      }
      if (state.rosterQueue.length === 0) state.rostersAt = now + DAILY_MS;
      return true;
    }
    return false;
  };

  const startsSoon = async (sport: string, now: number): Promise<boolean> => {
    const { rows } = await db.query(
      `SELECT 1 FROM games g JOIN sports s ON s.id = g.sport_id
        WHERE s.slug = $1 AND g.status = 'not-started' AND g.starts_at BETWEEN $2 AND $3 LIMIT 1`,
      [sport, new Date(now - SOON_MS), new Date(now + SOON_MS)],
    );
    return rows.length > 0;
  };

  let stopped = false;
  let running: Promise<void> | null = null;
  // One step at a time, the leagues taking turns, until nothing is due or the lease is lost.
  const runDue = (): Promise<void> => {
    running ??= (async () => {
      try {
        if (!(await takeJobLease(db, JOB, owner, LEASE_MS, clock()))) return;
        try {
          // Within half the lease, so the lease never runs out mid-pass; the next tick goes on.
          const deadline = Date.now() + LEASE_MS / 2;
          let progressed = true;
          while (progressed && !stopped && Date.now() < deadline) {
            progressed = false;
            for (const state of states) {
              if (stopped) break;
              if (await step(state, clock().getTime())) progressed = true;
            }
          }
        } finally {
          await releaseJobLease(db, JOB, owner);
        }
      } catch (error) {
        log?.warn({ err: error }, 'sports data step failed');
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void runDue(), Math.max(100, options.tickMs ?? 5000));
  timer.unref();
  return {
    runDue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
