import type { LiveSearchResult } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { buildMemberApp, MEMBERS } from '../../content/members/__tests__/member-fixtures.js';
import type { Database } from '../../db/database.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
const ids: Record<string, number> = {};

async function teamIdOf(db: Database, slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM teams WHERE slug = $1', [slug]);
  return Number(rows[0]?.id);
}

// A few players, a source and a podcast on top of the seeded teams and topics.
async function insertNames(db: Database): Promise<void> {
  const packers = await teamIdOf(db, 'green-bay-packers');
  const bears = await teamIdOf(db, 'chicago-bears');
  const guardians = await teamIdOf(db, 'cleveland-guardians');
  const { rows: pos } = await db.query<{ id: number }>(
    `INSERT INTO positions (sport_id, name, abbr, grp) VALUES
       (2, 'Wide Receiver', 'WR', 'Offense'), (2, 'Quarterback', 'QB', 'Offense'), (1, 'Third Base', '3B', 'Infield')
     ON CONFLICT (sport_id, abbr) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  const [wr, qb, third] = pos.map((p) => Number(p.id));
  const players: [string, string, number, number, number, number][] = [
    ['nolan-corliss', 'Nolan Corliss', packers, 2, wr!, 5],
    ['chidi-okafor', 'Chidi Okafor', bears, 2, qb!, 3],
    ['jose-ramirez', 'José Ramírez', guardians, 1, third!, 4],
    ['corliss-green', 'Corliss Green', bears, 2, wr!, 1],
    ['marcus-corliss', 'Marcus Corliss', bears, 2, wr!, 0],
  ];
  for (const [slug, name, team, sport, position, trend] of players) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO players (slug, name, team_id, sport_id, position_id, trend) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id`,
      [slug, name, team, sport, position, trend],
    );
    ids[slug] = Number(rows[0]?.id);
  }
  ids.wr = wr!;
  const { rows: domain } = await db.query<{ id: number }>(
    `INSERT INTO domains (host, name) VALUES ('cheesehead.example', 'Cheesehead Chronicle') RETURNING id`,
  );
  const { rows: source } = await db.query<{ id: number }>(
    `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, 'news', 'https://cheesehead.example/feed', 'Cheesehead Chronicle')
     RETURNING id`,
    [domain[0]?.id],
  );
  ids.source = Number(source[0]?.id);
  const { rows: podcast } = await db.query<{ id: number }>(
    `INSERT INTO podcasts (feed_url, title, author) VALUES ('https://pod.example/feed', 'Chicago Sports Hour', 'Windy City Audio')
     RETURNING id`,
  );
  ids.podcast = Number(podcast[0]?.id);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await insertNames(testDb.db);
  ({ app } = await buildMemberApp(testDb.db));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function live(q: string): Promise<LiveSearchResult[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/search/live_results?q=${encodeURIComponent(q)}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().liveResults;
}
const names = (results: { name: string }[]) => results.map((r) => r.name);

describe('GET api/v1/search/live_results', () => {
  it('finds the Chicago teams from "chi", and players, podcasts that begin with it, at most 10', async () => {
    const results = await live('chi');
    expect(results.length).toBeLessThanOrEqual(10);
    expect(results[0]?.name).toMatch(/^Chicago /);
    const teams = results.filter((r) => r.id.startsWith('team-'));
    expect(teams.length).toBeGreaterThanOrEqual(5);
    expect(names(teams)).toEqual(expect.arrayContaining(['Chicago Bears', 'Chicago Cubs', 'Chicago Bulls']));
    expect(names(results)).toContain('Chidi Okafor');
    expect(names(results)).toContain('Chicago Sports Hour');
  });

  it('matches from the first character, in any case', async () => {
    expect((await live('c')).length).toBe(10);
    expect(names(await live('GREEN BAY'))[0]).toBe('Green Bay Packers');
  });

  it('ignores accents on either side', async () => {
    expect(names(await live('jose ramirez'))[0]).toBe('José Ramírez');
    expect(names(await live('RAMÍ'))).toContain('José Ramírez');
  });

  it('knows abbreviations and nicknames', async () => {
    expect(names(await live('NYY'))[0]).toBe('New York Yankees');
    expect(names(await live('KC'))).toEqual(
      expect.arrayContaining(['Kansas City Chiefs', 'Kansas City Royals']),
    );
    const la = names(await live('LA'));
    expect(la).toEqual(expect.arrayContaining(['Los Angeles Lakers', 'Los Angeles Dodgers']));
    expect(names(await live('la lakers'))[0]).toBe('Los Angeles Lakers');
    expect(names(await live('Niners'))[0]).toBe('San Francisco 49ers');
    expect(names(await live('habs'))[0]).toBe('Montréal Canadiens');
    expect(names(await live('Bama'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Alabama Crimson Tide/)]),
    );
  });

  it('forgives one typo in a word of five letters or more', async () => {
    expect(names(await live('packrs'))).toContain('Green Bay Packers');
    expect(names(await live('celitcs'))[0]).toBe('Boston Celtics');
    expect(names(await live('corlss'))).toEqual(
      expect.arrayContaining(['Nolan Corliss', 'Corliss Green', 'Marcus Corliss']),
    );
    // A word that matches as typed means what it says: "packers" is not also the Pacers.
    expect(names(await live('packers'))).toEqual(['Green Bay Packers']);
    // Four letters are too few for a typo: "pakc" is not "pack".
    expect(names(await live('pakc'))).not.toContain('Green Bay Packers');
  });

  it('ranks the more popular of two names a typo is one edit from first (issue 48: "pakcers")', async () => {
    // One swap from the Packers, one dropped letter from the Pacers (whose trigrams are nearer).
    const dropdown = names(await live('pakcers'));
    expect(dropdown.slice(0, 2)).toEqual(['Green Bay Packers', 'Indiana Pacers']);
    const page = (
      await app.inject({ method: 'GET', url: '/api/v1/search/teams?q=pakcers&type=team' })
    ).json();
    expect(page.teams.map((t: { fullName: string }) => t.fullName).slice(0, 2)).toEqual([
      'Green Bay Packers',
      'Indiana Pacers',
    ]);
  });

  it('answers what each row opens, its logo and second line', async () => {
    const [packers] = await live('packers');
    expect(packers).toEqual({
      id: expect.stringMatching(/^team-\d+$/),
      name: 'Green Bay Packers',
      url: '/nfl/green-bay-packers',
      logo: '/logos/teams/green-bay-packers.svg',
      label: 'NFL',
    });
    const corliss = (await live('nolan corliss'))[0];
    expect(corliss).toMatchObject({
      id: `player-${ids['nolan-corliss']}`,
      url: '/players/nolan-corliss',
      label: 'WR · Green Bay Packers',
      logo: '/logos/teams/green-bay-packers.svg',
    });
    const source = (await live('cheesehead'))[0];
    expect(source).toMatchObject({
      id: `source-${ids.source}`,
      url: `/sources/${ids.source}/news`,
      label: 'News source',
    });
    const podcast = (await live('chicago sports hour'))[0];
    expect(podcast).toMatchObject({
      id: `podcast-${ids.podcast}`,
      url: `/podcasts/${ids.podcast}`,
      label: 'Podcast · Windy City Audio',
    });
    const golf = (await live('PGA'))[0];
    expect(golf).toMatchObject({ name: 'Golf', url: '/s/golf', label: 'Topic' });
  });

  it('answers an empty list for punctuation, other scripts and a query cut at 200 characters', async () => {
    expect(await live('!!! ...')).toEqual([]);
    expect(await live('Иван')).toEqual([]);
    expect(await live('')).toEqual([]);
    const long = await live(`packers ${'x'.repeat(5000)}`);
    expect(long).toEqual([]);
  });
});

describe('GET api/v1/search/teams, topics and players', () => {
  it('pages teams with the total in meta', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/search/teams?q=new&perPage=3' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.teams).toHaveLength(3);
    expect(body.meta.counts.teams).toBeGreaterThan(6);
    expect(body.meta.totalResults).toBe(body.meta.counts.teams);
    expect(body.meta.pagination).toMatchObject({ page: 1, perPage: 3, totalCount: body.meta.counts.teams });
    const second = (
      await app.inject({ method: 'GET', url: '/api/v1/search/teams?q=new&perPage=3&page=2' })
    ).json();
    expect(second.teams).toHaveLength(3);
    const firstSlugs = body.teams.map((t: { slug: string }) => t.slug);
    for (const team of second.teams) expect(firstSlugs).not.toContain(team.slug);
  });

  it('finds a team by a typo for the team pickers (type=team)', async () => {
    const body = (await app.inject({ method: 'GET', url: '/api/v1/search/teams?q=packrs&type=team' })).json();
    expect(body.teams[0].fullName).toBe('Green Bay Packers');
    expect(body.meta.counts.teams).toBe(body.teams.length);
  });

  it('finds topics by name and alias, players with their cards', async () => {
    const topics = (await app.inject({ method: 'GET', url: '/api/v1/search/topics?q=wimbledon' })).json();
    expect(topics.topics.map((t: { slug: string }) => t.slug)).toEqual(['tennis']);
    const players = (await app.inject({ method: 'GET', url: '/api/v1/search/players?q=nolan' })).json();
    expect(players.players.map((p: { name: string }) => p.name)).toEqual(['Nolan Corliss']);
    expect(players.players[0].team.slug).toBe('green-bay-packers');
    expect(players.players[0].position.abbr).toBe('WR');
    expect(players.meta.counts.players).toBe(1);
  });

  it('ranks a name that begins with the query first, then equal matches by trend', async () => {
    const body = (await app.inject({ method: 'GET', url: '/api/v1/search/players?q=corl' })).json();
    // "Corliss Green" begins with the query; the other two have a later word that does, and
    // Nolan (trend 5) is trending more than Marcus (trend 0).
    expect(body.players.map((p: { name: string }) => p.name)).toEqual([
      'Corliss Green',
      'Nolan Corliss',
      'Marcus Corliss',
    ]);
  });

  it('answers an empty page past the end with the total', async () => {
    const body = (await app.inject({ method: 'GET', url: '/api/v1/search/teams?q=packers&page=5' })).json();
    expect(body.teams).toEqual([]);
    expect(body.meta.counts.teams).toBe(1);
  });

  it('answers 422 naming the field for a blank q', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/search/teams?q=' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('q');
  });
});

describe('GET api/v1/search/fantasy_players', () => {
  it('is for members only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/search/fantasy_players?sportId=2' });
    expect(res.statusCode).toBe(401);
  });

  it("lists a sport's players by name, team and position", async () => {
    const jar = new CookieJar();
    const [email, password] = MEMBERS.demo;
    expect((await jar.signIn(app, email, password)).statusCode).toBe(200);
    const get = async (query: string) =>
      (await jar.request(app, { method: 'GET', url: `/api/v1/search/fantasy_players?${query}` })).json();
    const byName = await get('sportId=2&q=nolan corliss');
    expect(byName.players.map((p: { name: string }) => p.name)).toEqual(['Nolan Corliss']);
    expect(byName.players[0]).toEqual({
      id: ids['nolan-corliss'],
      name: 'Nolan Corliss',
      position: { id: ids.wr, name: 'Wide Receiver' },
      team: expect.objectContaining({ slug: 'green-bay-packers' }),
    });
    const bears = await teamIdOf(testDb.db, 'chicago-bears');
    const byTeam = await get(`sportId=2&teamId=${bears}&positionId=${ids.wr}`);
    expect(byTeam.players.map((p: { name: string }) => p.name)).toEqual(['Corliss Green', 'Marcus Corliss']);
    const otherSport = await get('sportId=1&q=corliss');
    expect(otherSport.players).toEqual([]);
    const all = await get('sportId=2&perPage=2');
    expect(all.meta.pagination).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(all.players.map((p: { name: string }) => p.name)).toEqual(['Nolan Corliss', 'Chidi Okafor']);

    // A player no roster lists any more (inactive) cannot be drafted, by name or in the list.
    await testDb.db.query(`UPDATE players SET active = false WHERE id = $1`, [ids['nolan-corliss']]);
    try {
      expect((await get('sportId=2&q=nolan corliss')).players).toEqual([]);
      const rest = await get('sportId=2&perPage=2');
      expect(rest.meta.pagination).toMatchObject({ totalCount: 3 });
      expect(rest.players.map((p: { name: string }) => p.name)).not.toContain('Nolan Corliss');
    } finally {
      await testDb.db.query(`UPDATE players SET active = true WHERE id = $1`, [ids['nolan-corliss']]);
    }
  });
});
