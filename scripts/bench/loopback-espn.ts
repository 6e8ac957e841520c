/**
 * A loopback ESPN for the code that reads real sports data end to end (issues 45 and 49): the real NFL
 * answers of packages/server/src/sports-data/espn/__tests__/fixtures (sources in its README) served from
 * a loopback host, with a scoreboard the caller sets, and a started server configured to read it at a
 * live pace of one second. Used by `bench:live-scores`, `bench:alerts` and the browser test
 * tests/e2e/live-scores.e2e.ts.
 * @module
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '../../packages/server/src/server.js';

const FIXTURES = new URL('../../packages/server/src/sports-data/espn/__tests__/fixtures/', import.meta.url);
/** A fresh copy of the fixture `name` (callers change it). */
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));

/** One side of a game on ESPN's scoreboard (the fields the callers change or read). */
export interface EspnCompetitor {
  homeAway: string;
  score: string;
  team: { displayName: string };
}

/** One game on ESPN's scoreboard. */
export interface EspnEvent {
  id: string;
  date: string;
  status: { displayClock: string; type: { state: string; completed: boolean; shortDetail: string } };
  competitions: { id?: string; date: string; competitors: EspnCompetitor[] }[];
}

/** ESPN's scoreboard answer. */
export interface EspnBoard {
  events: EspnEvent[];
}

/** Where a game is: before, in or after play. */
export type EspnGameState = 'pre' | 'in' | 'post';

/**
 * The real in-play scoreboard's Falcons game (against the Saints), started at `startedAt` (ms since
 * the epoch), in `state`; `inPlayDetail` is its short detail while in play.
 */
export function falconsGame(startedAt: number, state: EspnGameState, inPlayDetail = '4th'): EspnEvent {
  const answer = fixture('nfl-scoreboard-in.json') as EspnBoard;
  const event = answer.events.find((e) =>
    e.competitions[0]?.competitors.some((c) => c.team.displayName === 'Atlanta Falcons'),
  );
  const competition = event?.competitions[0];
  if (!event || !competition) throw new Error('the fixture has no Falcons game');
  const started = new Date(startedAt).toISOString();
  event.date = started;
  competition.date = started;
  event.status.type.state = state;
  event.status.type.completed = state === 'post';
  event.status.type.shortDetail =
    state === 'post' ? 'Final' : state === 'pre' ? 'Sun, 4:00 PM' : inPlayDetail;
  return event;
}

/**
 * The real teams answer (four teams) with the Saints added as the scoreboard describes them (the same
 * object ESPN nests in both answers), so both sides of the Falcons game are paired.
 */
function teamsWithSaints(): unknown {
  const answer = fixture('nfl-teams.json') as { sports: { leagues: { teams: { team: unknown }[] }[] }[] };
  const saints = (fixture('nfl-scoreboard-in.json') as EspnBoard).events
    .flatMap((e) => e.competitions[0]?.competitors ?? [])
    .find((c) => c.team.displayName === 'New Orleans Saints');
  answer.sports[0]?.leagues[0]?.teams.push({ team: saints?.team });
  return answer;
}

/** Options of {@link startLoopbackEspn}. */
export interface LoopbackEspnOptions {
  /** The scoreboard to answer now (read on each request). */
  scoreboard: () => EspnBoard;
  /** Hears each scoreboard answer as it goes out. */
  onScoreboard?: (answer: EspnBoard) => void;
  /** The loopback address to listen on (default 127.0.0.4). */
  host?: string;
}

/** A started loopback ESPN. */
export interface LoopbackEspn {
  /** Its base URL, for `ESPN_API_URL`. */
  url: string;
  /** The requests answered so far, by kind (teams, roster, standings, schedule, scoreboard, other). */
  counts: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Serves the NFL on a loopback host: the teams (with the Saints), the Chiefs' real roster for every
 * team, the standings and `scoreboard()`; anything else is a 404.
 */
export async function startLoopbackEspn({
  scoreboard,
  onScoreboard,
  host = '127.0.0.4',
}: LoopbackEspnOptions): Promise<LoopbackEspn> {
  const counts = new Map<string, number>();
  const teams = teamsWithSaints();
  const roster = fixture('nfl-roster-kc.json');
  const standings = fixture('nfl-standings.json');
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const path = url.pathname;
    let kind = 'other';
    let answer: unknown;
    if (path.endsWith('/football/nfl/teams')) [kind, answer] = ['teams', teams];
    else if (/\/football\/nfl\/teams\/\w+\/roster$/.test(path)) [kind, answer] = ['roster', roster];
    else if (path.endsWith('/football/nfl/scoreboard')) {
      // The schedule is the scoreboard over a range of dates.
      kind = (url.searchParams.get('dates') ?? '').includes('-') ? 'schedule' : 'scoreboard';
      const board = scoreboard();
      onScoreboard?.(board);
      answer = board;
    } else if (path.endsWith('/football/nfl/standings')) [kind, answer] = ['standings', standings];
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    if (answer === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    counts,
    close: () => {
      // A reader's kept-alive connections would hold close() open.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A started server reading a loopback ESPN; `close()` also removes its data folder. */
export interface ServerReadingEspn {
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * Starts the server (in-memory PGlite, demo data off, no site) with its sports data job reading the
 * ESPN at `espnUrl` every second while a game is in play (`SPORTS_DATA_LIVE_MS=1000`).
 */
export async function startServerReadingEspn(espnUrl: string, name: string): Promise<ServerReadingEspn> {
  // Imported here, not at the top: the browser test that shares the loopback ESPN runs the built
  // server in a process of its own and should not load the server's sources.
  const { startServer } = await import('../../packages/server/src/server.js');
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const server = await startServer({
    env: {
      DEMO: 'off',
      SOURCES: 'demo',
      SPORTS_DATA: 'espn',
      ESPN_API_URL: espnUrl,
      SPORTS_DATA_LIVE_MS: '1000',
    },
    memory: true,
    config: { port: 0, host: '127.0.0.1', dataDir, siteDir: '/nonexistent-site' },
    logger: false,
  });
  return {
    server,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
