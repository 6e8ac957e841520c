// ESPN's site API (issue 45) served from a loopback host with real answers (fixtures/, sources in its
// README): the adapter reads teams, rosters (grouped and flat), scoreboards before, during and after
// games, and standings; it refuses broken answers without throwing; the syncs pair teams, write rosters
// (moving and retiring players, never deleting them) and report exactly the games whose score or state
// changed between two reads.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import { matchProviderTeams } from '../../match-provider-teams.js';
import type { ProviderLeague, ProviderTeam } from '../../sports-data-provider.js';
import { sportsDataMode } from '../../start-server-sports-data.js';
import {
  DEFAULT_LIVE_MS,
  IDLE_SCORES_MS,
  type SportsDataLogger,
  startSportsDataJob,
} from '../../start-sports-data-job.js';
import { syncProviderTeams } from '../../sync-provider-teams.js';
import { syncRoster } from '../../sync-roster.js';
import type { ChangedGame } from '../../sync-scoreboard.js';
import { syncScoreboard } from '../../sync-scoreboard.js';
import { syncStandings } from '../../sync-standings.js';
import { createEspnProvider } from '../espn-provider.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

const NFL: ProviderLeague = { sport: 'nfl', key: 'football/nfl' };
const NBA: ProviderLeague = { sport: 'nba', key: 'basketball/nba' };

// What each path answers; a test may replace an answer (the next read of a scoreboard).
const answers = new Map<string, unknown>();
// Every path asked for, in order.
const asked: string[] = [];
let server: Server;
let base: string;
let testDb: TestDatabase;

beforeAll(async () => {
  answers.set('/apis/site/v2/sports/football/nfl/teams', fixture('nfl-teams.json'));
  answers.set('/apis/site/v2/sports/basketball/nba/teams', fixture('nba-teams.json'));
  answers.set('/apis/site/v2/sports/football/nfl/teams/12/roster', fixture('nfl-roster-kc.json'));
  answers.set('/apis/site/v2/sports/basketball/nba/teams/13/roster', fixture('nba-roster-lal.json'));
  answers.set('/apis/site/v2/sports/football/nfl/scoreboard', fixture('nfl-scoreboard-mixed.json'));
  answers.set('/apis/site/v2/sports/basketball/nba/scoreboard', fixture('nba-scoreboard-in.json'));
  answers.set('/apis/v2/sports/football/nfl/standings', fixture('nfl-standings.json'));
  answers.set('/apis/v2/sports/basketball/nba/standings', fixture('nba-standings.json'));
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    asked.push(path);
    const answer = answers.get(path);
    if (path.endsWith('/broken/roster')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"athletes": [{"id": "1", "fullN');
      return;
    }
    if (path.endsWith('/down/roster')) return void response.writeHead(503).end('busy');
    if (answer === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  testDb = await createTestDatabase();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await testDb.dispose();
});

const provider = () => createEspnProvider({ baseUrl: base });

/** The teams of a scoreboard answer, as the teams endpoint would list them (the same real objects). */
function teamsOf(answer: unknown): ProviderTeam[] {
  const events = (
    answer as { events: { competitions: { competitors: { team: Record<string, string> }[] }[] }[] }
  ).events;
  return events.flatMap((e) =>
    e.competitions[0]!.competitors.map(({ team }) => ({
      externalId: team.id!,
      abbreviation: team.abbreviation ?? null,
      displayName: team.displayName!,
      location: team.location ?? null,
      name: team.name ?? null,
      slug: null,
    })),
  );
}

async function pairTeams(league: ProviderLeague, theirs: ProviderTeam[]): Promise<void> {
  const { rows } = await testDb.db.query<{
    id: number;
    slug: string;
    fullName: string;
    location: string;
    name: string;
  }>(
    `SELECT t.id, t.slug, t.full_name AS "fullName", t.location, t.name FROM teams t JOIN sports s ON s.id = t.sport_id
      WHERE s.slug = $1`,
    [league.sport],
  );
  const { pairs } = matchProviderTeams('espn', league.key, theirs, rows, []);
  for (const [externalId, teamId] of pairs) {
    await testDb.db.query(
      `INSERT INTO team_provider_ids (provider, team_id, league, external_id) VALUES ('espn', $1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [teamId, league.key, externalId],
    );
  }
}

describe('the ESPN adapter', () => {
  it('reads a league’s teams', async () => {
    const answer = await provider().teams(NFL);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.data.map((t) => t.abbreviation)).toEqual(['ARI', 'ATL', 'BUF', 'KC']);
    expect(answer.data[0]).toMatchObject({
      externalId: '22',
      displayName: 'Arizona Cardinals',
      slug: 'arizona-cardinals',
    });
  });

  it('reads a football roster grouped by position group and a basketball roster as a list', async () => {
    const nfl = await provider().roster(NFL, '12');
    expect(nfl.ok && nfl.data.length).toBe(11);
    const badger = nfl.ok ? nfl.data.find((a) => a.fullName === 'Elijhah Badger') : undefined;
    // A roster athlete without a number (null in the answer) is read, with no number.
    expect(badger).toMatchObject({ jersey: null, position: { abbreviation: 'WR' } });
    expect(badger?.headshotUrl).toMatch(/^https:\/\/a\.espncdn\.com\//);
    const nba = await provider().roster(NBA, '13');
    expect(nba.ok && nba.data.find((a) => a.fullName === 'Luka Doncic')).toMatchObject({
      jersey: '77',
      position: { abbreviation: 'PG', name: 'Point Guard' },
    });
  });

  it('reads games before, during and after play in spec 2’s states', async () => {
    const answer = await provider().scoreboard(NFL, new Date('2022-09-11'), new Date('2022-09-11'));
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.data.map((g) => [g.externalId, g.state, g.progress, g.home.score, g.away.score])).toEqual([
      ['401437650', 'in-play', '0:48 - 4th', 26, 24],
      ['401437630', 'finished', 'Final', 20, 7],
      ['401437640', 'not-started', null, null, null],
    ]);
    expect(answer.data[2]!.startsAt.toISOString()).toBe('2022-09-11T20:25:00.000Z');
  });

  it('reads standings from conference tables', async () => {
    const answer = await provider().standings(NFL);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.data.length).toBe(6);
    expect(answer.data.every((s) => s.season === '2024' && s.wins + s.losses + s.ties === 17)).toBe(true);
    const nba = await provider().standings(NBA);
    expect(nba.ok && nba.data.every((s) => s.season === '2024-25' && s.wins + s.losses === 82)).toBe(true);
  });

  it('answers a failure, never throws, for a truncated answer, an error status or an unknown shape', async () => {
    expect(await provider().roster(NFL, 'broken')).toMatchObject({ ok: false, failure: { code: 'shape' } });
    expect(await provider().roster(NFL, 'down')).toMatchObject({ ok: false, failure: { code: 'http' } });
    expect(await provider().standings({ sport: 'nhl', key: 'hockey/nhl' })).toMatchObject({
      ok: false,
      failure: { code: 'http' },
    });
    const unreachable = createEspnProvider({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    expect(await unreachable.teams(NFL)).toMatchObject({ ok: false, failure: { code: 'unreachable' } });
    // An answer of another shape, and a list with one unreadable element (skipped and counted).
    answers.set('/apis/site/v2/sports/hockey/nhl/teams', { teams: [] });
    expect(await provider().teams({ sport: 'nhl', key: 'hockey/nhl' })).toMatchObject({
      ok: false,
      failure: { code: 'shape' },
    });
    const teams = structuredClone(fixture('nfl-teams.json')) as {
      sports: { leagues: { teams: { team: Record<string, unknown> }[] }[] }[];
    };
    delete teams.sports[0]!.leagues[0]!.teams[1]!.team.displayName;
    answers.set('/apis/site/v2/sports/football/nfl/teams', teams);
    const partial = await provider().teams(NFL);
    expect(partial).toMatchObject({ ok: true, skipped: 1 });
    expect(partial.ok && partial.data.map((t) => t.abbreviation)).toEqual(['ARI', 'BUF', 'KC']);
    answers.set('/apis/site/v2/sports/football/nfl/teams', fixture('nfl-teams.json'));
  });
});

describe('the sports data syncs', () => {
  it('pairs the provider’s teams with ours and lists the rest', async () => {
    const result = await syncProviderTeams(testDb.db, provider(), NFL, []);
    expect(result).toMatchObject({ ok: true, paired: 4, unpairedProvider: [] });
    expect(result.ok && result.unpairedOurs).toHaveLength(28);
    const { rows } = await testDb.db.query<{ slug: string; externalId: string }>(
      `SELECT t.slug, p.external_id AS "externalId" FROM team_provider_ids p JOIN teams t ON t.id = p.team_id
        WHERE p.league = 'football/nfl' ORDER BY t.slug`,
    );
    expect(rows).toContainEqual({ slug: 'kansas-city-chiefs', externalId: '12' });
  });

  it('writes a roster, then moves and retires players without deleting them', async () => {
    const chiefs = await testDb.db.query<{ id: number }>(
      "SELECT id FROM teams WHERE slug = 'kansas-city-chiefs'",
    );
    const team = { teamId: chiefs.rows[0]!.id, externalId: '12' };
    const first = await syncRoster(testDb.db, provider(), NFL, team);
    expect(first).toMatchObject({ ok: true, players: 11, created: 11, inactive: 0 });
    const players = async () =>
      (
        await testDb.db.query<{
          name: string;
          slug: string;
          active: boolean;
          number: string | null;
          headshot: string | null;
        }>(
          `SELECT name, slug, active, number, headshot_url AS headshot FROM players
            WHERE provider = 'espn' AND team_id = $1 ORDER BY name`,
          [team.teamId],
        )
      ).rows;
    const stored = await players();
    expect(stored).toHaveLength(11);
    expect(stored.find((p) => p.name === 'Elijhah Badger')).toMatchObject({
      slug: 'elijhah-badger',
      active: true,
      number: null,
    });

    // The next day's roster lacks its first offensive player: inactive, still there for their articles.
    const roster = structuredClone(fixture('nfl-roster-kc.json')) as {
      athletes: { items: { fullName: string }[] }[];
    };
    const left = roster.athletes[0]!.items.shift()!;
    answers.set('/apis/site/v2/sports/football/nfl/teams/12/roster', roster);
    expect(await syncRoster(testDb.db, provider(), NFL, team)).toMatchObject({
      ok: true,
      players: 10,
      created: 0,
      inactive: 1,
    });
    expect((await players()).find((p) => p.name === left.fullName)).toMatchObject({ active: false });

    // An unreadable roster writes nothing (never half a roster).
    const before = await players();
    expect(await syncRoster(testDb.db, provider(), NFL, { ...team, externalId: 'broken' })).toMatchObject({
      ok: false,
    });
    expect(await players()).toEqual(before);
    answers.set('/apis/site/v2/sports/football/nfl/teams/12/roster', fixture('nfl-roster-kc.json'));
    expect(await syncRoster(testDb.db, provider(), NFL, team)).toMatchObject({ inactive: 0 });
    expect((await players()).find((p) => p.name === left.fullName)).toMatchObject({ active: true });
  });

  it('stores games and reports exactly the ones whose score or state changed', async () => {
    const board = fixture('nfl-scoreboard-mixed.json');
    await pairTeams(NFL, teamsOf(board));
    const day = new Date('2022-09-11');
    const first = await syncScoreboard(testDb.db, provider(), NFL, day, day);
    expect(first).toMatchObject({ ok: true, games: 3, inPlay: 1, skipped: 0 });
    expect(first.ok && first.changed.every((g) => g.created)).toBe(true);
    // The same answer again: nothing changed.
    expect(await syncScoreboard(testDb.db, provider(), NFL, day, day)).toMatchObject({
      ok: true,
      changed: [],
    });

    // The next read: a field goal in the last minute of the game in play.
    const next = structuredClone(board) as {
      events: {
        id: string;
        status: { displayClock: string; type: { shortDetail: string } };
        competitions: { competitors: { homeAway: string; score: string }[] }[];
      }[];
    };
    const live = next.events[0]!;
    live.status.displayClock = '0:20';
    live.status.type.shortDetail = '0:20 - 4th';
    live.competitions[0]!.competitors.find((c) => c.homeAway === 'away')!.score = '27';
    answers.set('/apis/site/v2/sports/football/nfl/scoreboard', next);
    const second = await syncScoreboard(testDb.db, provider(), NFL, day, day);
    expect(second.ok && second.changed).toHaveLength(1);
    const { rows } = await testDb.db.query<{ status: string; progress: string; home: number; away: number }>(
      `SELECT status, progress, home_score AS home, away_score AS away FROM games
        WHERE provider = 'espn' AND external_id = '401437650'`,
    );
    expect(rows).toEqual([{ status: 'in-play', progress: '0:20 - 4th', home: 26, away: 27 }]);
    answers.set('/apis/site/v2/sports/football/nfl/scoreboard', board);
  });

  it('stores the standings of paired teams', async () => {
    const result = await syncStandings(testDb.db, provider(), NFL);
    expect(result.ok).toBe(true);
    const { rows } = await testDb.db.query<{ wins: number; losses: number }>(
      `SELECT wins, losses FROM standings s JOIN team_provider_ids p ON p.team_id = s.team_id
        WHERE p.league = 'football/nfl' AND s.season = '2024'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.wins + r.losses <= 17)).toBe(true);
  });
});

/** The job over the NFL on `db`, its clock driven by the test (steps run only through `runDue`). */
function nflJob(db: TestDatabase, now: () => Date, changes: ChangedGame[][], log?: SportsDataLogger) {
  return startSportsDataJob({
    db: db.db,
    provider: provider(),
    leagues: [NFL],
    now,
    tickMs: 3_600_000,
    exceptions: [],
    onGamesChanged: (games) => {
      changes.push(games);
    },
    ...(log ? { log } : {}),
  });
}

describe('the sports data job', () => {
  it('is on in the real world and off in the demo world unless SPORTS_DATA says otherwise', () => {
    expect(sportsDataMode({}, 'real')).toBe('espn');
    expect(sportsDataMode({}, 'demo')).toBe('off');
    expect(sportsDataMode({ SPORTS_DATA: 'off' }, 'real')).toBe('off');
    expect(sportsDataMode({ SPORTS_DATA: 'ESPN' }, 'demo')).toBe('espn');
  });

  it('pairs the teams, then reads today’s scores, the schedule, the standings and every paired roster', async () => {
    const fresh = await createTestDatabase();
    try {
      const now = new Date('2022-09-11T20:00:00Z');
      const changes: ChangedGame[][] = [];
      const warnings: string[] = [];
      const job = nflJob(fresh, () => now, changes, {
        info: () => undefined,
        warn: (_obj, msg) => warnings.push(msg),
      });
      asked.length = 0;
      await job.runDue();
      await job.stop();
      // Teams first, then today's scores, the schedule, standings and each paired team's roster.
      expect(asked[0]).toBe('/apis/site/v2/sports/football/nfl/teams');
      expect(asked).toContain('/apis/v2/sports/football/nfl/standings');
      expect(asked.filter((p) => p.endsWith('/roster'))).toHaveLength(4);
      // Today's scoreboard and the schedule ahead (their games are of teams this teams answer lacks: skipped).
      expect(asked.filter((p) => p.endsWith('/scoreboard'))).toHaveLength(2);
      expect(changes).toEqual([]);
      // The three teams without a roster answer are logged, and the job went on.
      expect(warnings.filter((w) => w === 'sports data read failed')).toHaveLength(3);
      expect(warnings).toContain(
        'teams not paired with the provider (add them to data/sports-data/team-exceptions.json)',
      );
      const chiefs = await fresh.db.query<{ n: string | number }>(
        "SELECT count(*) AS n FROM players p JOIN teams t ON t.id = p.team_id WHERE t.slug = 'kansas-city-chiefs' AND p.active",
      );
      expect(Number(chiefs.rows[0]!.n)).toBe(11);
    } finally {
      await fresh.dispose();
    }
  });

  it('reads the scoreboard every 30 s while a game is in play and every 15 minutes otherwise', async () => {
    const fresh = await createTestDatabase();
    try {
      const board = fixture('nfl-scoreboard-mixed.json');
      let now = new Date('2022-09-11T20:00:00Z');
      const changes: ChangedGame[][] = [];
      const job = nflJob(fresh, () => now, changes);
      // The fixture's teams list lacks the scoreboard's teams: pair those as the teams answer would.
      const teams = fixture('nfl-teams.json') as { sports: { leagues: { teams: { team: unknown }[] }[] }[] };
      const events = (board as { events: { competitions: { competitors: { team: unknown }[] }[] }[] }).events;
      teams.sports[0]!.leagues[0]!.teams.push(
        ...events.flatMap((e) => e.competitions[0]!.competitors.map((c) => ({ team: c.team }))),
      );
      answers.set('/apis/site/v2/sports/football/nfl/teams', teams);
      await job.runDue();
      const scoreReads = () => asked.filter((p) => p.endsWith('/scoreboard')).length;
      const before = scoreReads();
      now = new Date(now.getTime() + DEFAULT_LIVE_MS - 1000);
      await job.runDue();
      expect(scoreReads()).toBe(before);
      // 30 s later, a score change: read, and pushed as the one game that changed.
      const next = structuredClone(board) as {
        events: { competitions: { competitors: { homeAway: string; score: string }[] }[] }[];
      };
      next.events[0]!.competitions[0]!.competitors.find((c) => c.homeAway === 'home')!.score = '29';
      answers.set('/apis/site/v2/sports/football/nfl/scoreboard', next);
      changes.length = 0;
      now = new Date(now.getTime() + 1000);
      await job.runDue();
      expect(scoreReads()).toBe(before + 1);
      expect(changes.flat()).toHaveLength(1);
      // The game ends and nothing else is in play or about to start: the next read is 15 minutes away.
      const over = structuredClone(next) as unknown as {
        events: { status: { type: { state: string; completed: boolean; shortDetail: string } } }[];
      };
      over.events = over.events.slice(0, 2);
      Object.assign(over.events[0]!.status.type, { state: 'post', completed: true, shortDetail: 'Final' });
      answers.set('/apis/site/v2/sports/football/nfl/scoreboard', over);
      now = new Date(now.getTime() + DEFAULT_LIVE_MS);
      await job.runDue();
      expect(changes.flat().at(-1)).toMatchObject({ status: 'finished', created: false });
      const afterFinal = scoreReads();
      now = new Date(now.getTime() + DEFAULT_LIVE_MS * 2);
      await job.runDue();
      expect(scoreReads()).toBe(afterFinal);
      now = new Date(now.getTime() + IDLE_SCORES_MS);
      await job.runDue();
      expect(scoreReads()).toBe(afterFinal + 1);
      await job.stop();
    } finally {
      answers.set('/apis/site/v2/sports/football/nfl/teams', fixture('nfl-teams.json'));
      answers.set('/apis/site/v2/sports/football/nfl/scoreboard', fixture('nfl-scoreboard-mixed.json'));
      await fresh.dispose();
    }
  });
});
