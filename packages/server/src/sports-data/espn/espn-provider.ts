/**
 * ESPN's public site API as a {@link SportsDataProvider} (issue 45). The API is unofficial: no key, no
 * documented contract, used by fan tools (Home Assistant's Team Tracker) for years. The adapter defends
 * itself accordingly: every request has a time limit and a size cap (`limited-fetch.ts`), waits its turn
 * for the host (at most 2 at once, starts 1 s apart), and every answer and every element of its lists is
 * checked against `espn-schemas.ts` before use; what does not fit is skipped and counted, never thrown.
 * The base URL is `ESPN_API_URL` (tests point it at a loopback server).
 * @module
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { HostPoliteness } from '../../ingest/feeds/host-politeness.js';
import { limitedFetch } from '../../ingest/feeds/limited-fetch.js';
import type {
  GameState,
  ProviderAnswer,
  ProviderAthlete,
  ProviderGame,
  ProviderStanding,
  ProviderTeam,
  SportsDataProvider,
} from '../sports-data-provider.js';
import { ESPN_LEAGUES } from './espn-leagues.js';
import {
  EspnAthlete,
  EspnEvent,
  EspnRosterAnswer,
  EspnRosterGroup,
  EspnScoreboardAnswer,
  EspnStandingEntry,
  EspnStandingsNode,
  EspnTeam,
  EspnTeamsAnswer,
} from './espn-schemas.js';

/** ESPN's public API host. */
export const DEFAULT_ESPN_API_URL = 'https://site.api.espn.com';
/** Time limit of one request. */
export const ESPN_TIMEOUT_MS = 10_000;
/** Largest answer read (a busy college Saturday's scoreboard is a few MB). */
export const ESPN_MAX_BYTES = 16 * 1024 * 1024;

/** Options of {@link createEspnProvider}. */
export interface EspnProviderOptions {
  /** The API's base URL (default {@link DEFAULT_ESPN_API_URL}). */
  baseUrl?: string;
  /** The fetch implementation (default Node's; the server passes its SSRF-guarded one). */
  fetch?: typeof fetch;
  /** User-Agent naming the product. */
  userAgent?: string;
  /** Per-host politeness shared with the feed fetcher. */
  politeness?: HostPoliteness;
  /** Time limit of one request in ms (default 10 s). */
  timeoutMs?: number;
}

type Failure = Extract<ProviderAnswer<never>, { ok: false }>;
const fail = (code: 'unreachable' | 'http' | 'shape', message: string): Failure => ({
  ok: false,
  failure: { code, message },
});

/** `YYYYMMDD` of a UTC day. */
function day(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}

/** Checks each element, keeping those that fit `schema` and counting the others. */
function each<S extends TSchema, T>(
  items: readonly unknown[],
  schema: S,
  map: (item: import('@sinclair/typebox').Static<S>) => T | null,
): { data: T[]; skipped: number } {
  const data: T[] = [];
  let skipped = 0;
  for (const item of items) {
    const mapped = Value.Check(schema, item) ? map(item) : null;
    if (mapped === null) skipped++;
    else data.push(mapped);
  }
  return { data, skipped };
}

function toTeam(team: EspnTeam): ProviderTeam {
  return {
    externalId: String(team.id),
    abbreviation: team.abbreviation ?? null,
    displayName: team.displayName,
    location: team.location ?? null,
    name: team.name ?? null,
    slug: team.slug ?? null,
  };
}

function toAthlete(athlete: EspnAthlete): ProviderAthlete {
  const abbreviation = athlete.position?.abbreviation?.trim();
  const injury = athlete.injuries?.find((i) => i.status)?.status ?? null;
  const headshot = athlete.headshot?.href;
  return {
    externalId: String(athlete.id),
    fullName: athlete.fullName.trim(),
    jersey: athlete.jersey?.trim() || null,
    position: abbreviation ? { abbreviation, name: athlete.position?.name?.trim() || abbreviation } : null,
    headshotUrl: headshot && /^https:\/\//.test(headshot) ? headshot : null,
    injury,
  };
}

/**
 * A game's state and progress text in spec 2's terms. A game the API calls over without being played
 * (postponed, canceled: `post` and not `completed`) is not a result: it stays "not started" with the API's
 * word for it as its progress.
 */
export function gameStateOf(status: EspnEvent['status']): { state: GameState; progress: string | null } {
  const type = status.type;
  if (type.state === 'pre') return { state: 'not-started', progress: null };
  if (type.state === 'in') {
    return { state: 'in-play', progress: type.shortDetail || type.detail || status.displayClock || null };
  }
  if (type.completed === false) {
    return { state: 'not-started', progress: type.shortDetail || type.description || null };
  }
  const detail = type.shortDetail ?? '';
  return { state: 'finished', progress: /^final/i.test(detail) ? detail : 'Final' };
}

function score(value: string | number | null | undefined, state: GameState): number | null {
  if (state === 'not-started' || value === undefined || value === null) return null;
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function toGame(event: EspnEvent): ProviderGame | null {
  const startsAt = new Date(event.date);
  if (Number.isNaN(startsAt.getTime())) return null;
  const competitors = event.competitions[0]!.competitors;
  const home = competitors.find((c) => c.homeAway === 'home');
  const away = competitors.find((c) => c.homeAway === 'away');
  if (!home || !away) return null;
  const { state, progress } = gameStateOf(event.status);
  return {
    externalId: String(event.id),
    startsAt,
    state,
    progress,
    home: { teamExternalId: String(home.team.id), score: score(home.score, state) },
    away: { teamExternalId: String(away.team.id), score: score(away.score, state) },
  };
}

function statValue(entry: EspnStandingEntry, ...names: string[]): number | null {
  for (const name of names) {
    const stat = entry.stats.find((s) => s.name === name || s.type === name);
    if (typeof stat?.value === 'number' && Number.isFinite(stat.value))
      return Math.max(0, Math.round(stat.value));
  }
  return null;
}

/**
 * The standings' entries wherever they are in the tree (league, conferences, divisions), once per team,
 * with the season of the nearest node that names one.
 */
function standingEntries(
  node: unknown,
  season: string,
  out: Map<string, ProviderStanding>,
  counts: { skipped: number },
): void {
  if (!Value.Check(EspnStandingsNode, node)) {
    counts.skipped++;
    return;
  }
  // "2024-25" for a season across the new year (as the demo labels it), else the year.
  const here =
    node.standings?.seasonDisplayName ?? String(node.standings?.season ?? node.season?.year ?? season);
  for (const entry of node.standings?.entries ?? []) {
    if (!Value.Check(EspnStandingEntry, entry)) {
      counts.skipped++;
      continue;
    }
    const wins = statValue(entry, 'wins');
    const losses = statValue(entry, 'losses');
    if (wins === null || losses === null) {
      counts.skipped++;
      continue;
    }
    const teamExternalId = String(entry.team.id);
    out.set(teamExternalId, {
      teamExternalId,
      season: here,
      wins,
      losses,
      ties: statValue(entry, 'ties', 'otLosses', 'OTLosses', 'overtimeLosses') ?? 0,
    });
  }
  for (const child of node.children ?? []) standingEntries(child, here, out, counts);
}

/**
 * Creates the ESPN provider.
 * @example
 * const provider = createEspnProvider({ baseUrl: config.espnApiUrl, politeness });
 * const teams = await provider.teams(provider.leagues[0]);
 */
export function createEspnProvider(options: EspnProviderOptions = {}): SportsDataProvider {
  const base = (options.baseUrl ?? DEFAULT_ESPN_API_URL).replace(/\/+$/, '');

  const getJson = async (path: string): Promise<{ ok: true; body: unknown } | Failure> => {
    const result = await limitedFetch(`${base}${path}`, {
      accept: 'application/json',
      timeoutMs: options.timeoutMs ?? ESPN_TIMEOUT_MS,
      maxBytes: ESPN_MAX_BYTES,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      ...(options.politeness ? { politeness: options.politeness } : {}),
    });
    if (result.kind === 'not-modified') return fail('http', `${path}: an unexpected 304`);
    if (result.kind === 'error') {
      return fail(result.code.startsWith('http-') ? 'http' : 'unreachable', `${path}: ${result.message}`);
    }
    try {
      return { ok: true, body: JSON.parse(result.body) as unknown };
    } catch {
      return fail('shape', `${path}: the answer is not JSON`);
    }
  };

  return {
    name: 'espn',
    leagues: ESPN_LEAGUES,

    async teams(league) {
      const path = `/apis/site/v2/sports/${league.key}/teams?limit=1000`;
      const answer = await getJson(path);
      if (!answer.ok) return answer;
      if (!Value.Check(EspnTeamsAnswer, answer.body))
        return fail('shape', `${path}: no sports[].leagues[].teams`);
      const teams = answer.body.sports.flatMap((s) => s.leagues.flatMap((l) => l.teams.map((t) => t.team)));
      return { ok: true, ...each(teams, EspnTeam, toTeam) };
    },

    async roster(league, teamExternalId) {
      const path = `/apis/site/v2/sports/${league.key}/teams/${encodeURIComponent(teamExternalId)}/roster`;
      const answer = await getJson(path);
      if (!answer.ok) return answer;
      if (!Value.Check(EspnRosterAnswer, answer.body)) return fail('shape', `${path}: no athletes`);
      // Football groups its athletes by position group; the other sports list them.
      const athletes = answer.body.athletes.flatMap((a) => (Value.Check(EspnRosterGroup, a) ? a.items : [a]));
      return { ok: true, ...each(athletes, EspnAthlete, toAthlete) };
    },

    async scoreboard(league, from, to) {
      const dates = day(from) === day(to) ? day(from) : `${day(from)}-${day(to)}`;
      const path = `/apis/site/v2/sports/${league.key}/scoreboard?dates=${dates}&limit=1000`;
      const answer = await getJson(path);
      if (!answer.ok) return answer;
      if (!Value.Check(EspnScoreboardAnswer, answer.body)) return fail('shape', `${path}: no events`);
      return { ok: true, ...each(answer.body.events, EspnEvent, toGame) };
    },

    async standings(league) {
      const path = `/apis/v2/sports/${league.key}/standings`;
      const answer = await getJson(path);
      if (!answer.ok) return answer;
      const out = new Map<string, ProviderStanding>();
      const counts = { skipped: 0 };
      standingEntries(answer.body, String(new Date().getUTCFullYear()), out, counts);
      if (out.size === 0) return fail('shape', `${path}: no standings entries`);
      return { ok: true, data: [...out.values()], skipped: counts.skipped };
    },
  };
}
