// The shipped catalogue (issue 44) is data that must hold together: every entry in the format, named by its
// provenance, filed under sports, teams and topics that exist, each feed once; registering it creates the
// real world's sources with their teams, once, and a source an admin removed does not come back.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import { referenceDataDir } from '../../../paths.js';
import { readReferenceData } from '../../../seed/reference-data.js';
import { catalogueCoverage, coverageTable, PODCAST_TARGET } from '../catalogue-coverage.js';
import { CatalogueError, loadCatalogue } from '../load-catalogue.js';
import { domainKeyOf, registerCatalogue } from '../register-catalogue.js';

const reference = readReferenceData(referenceDataDir());
const catalogue = loadCatalogue();

describe('the shipped catalogue', () => {
  it('files every entry under sports, teams and topics that exist, and names where it came from', () => {
    const sports = new Set(reference.sports.map((s) => s.slug));
    const topics = new Set(reference.topics.map((t) => t.slug));
    const teamSport = new Map(reference.teams.flatMap((f) => f.teams.map((t) => [t.slug, f.sport] as const)));
    const problems: string[] = [];
    for (const e of catalogue) {
      if (e.sport && !sports.has(e.sport)) problems.push(`${e.url}: unknown sport ${e.sport}`);
      if (e.topic && !topics.has(e.topic)) problems.push(`${e.url}: unknown topic ${e.topic}`);
      if (!e.sport && !e.topic) problems.push(`${e.url}: neither sport nor topic`);
      for (const team of e.teams ?? []) {
        if (!teamSport.has(team)) problems.push(`${e.url}: unknown team ${team}`);
        else if (e.sport && teamSport.get(team) !== e.sport)
          problems.push(`${e.url}: ${team} is not ${e.sport}`);
      }
      // Where it came from: a public repository's file, or a public page (with what was taken from it).
      if (!/(github:[\w.-]+\/[\w.-]+\/\S+|https?:\/\/\S+)/.test(e.from))
        problems.push(`${e.url}: from "${e.from}"`);
      if (
        e.kind === 'video' &&
        !/^https:\/\/www\.youtube\.com\/feeds\/videos\.xml\?(channel_id=UC[\w-]{22}|user=[\w-]{1,60})$/.test(
          e.url,
        )
      )
        problems.push(`${e.url}: a video entry is a YouTube channel feed (by channel id or user name)`);
    }
    expect(problems).toEqual([]);
  });

  it('covers the leagues, podcasts and teams the README states', () => {
    const coverage = catalogueCoverage(catalogue, reference);
    expect(coverage.kinds.podcast).toBeGreaterThanOrEqual(PODCAST_TARGET);
    const nfl = coverage.sports.find((s) => s.sport === 'nfl')!;
    const mlb = coverage.sports.find((s) => s.sport === 'mlb')!;
    expect(mlb.teamsBelowTarget).toEqual([]);
    expect(nfl.teamsWithVideo).toBe(32);
    expect(coverageTable(coverage)).toContain(`${coverage.total} feeds in all.`);
  });
});

describe('loadCatalogue', () => {
  it('names the file and the entry of a broken edit, and a feed listed twice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
    try {
      const entry = {
        url: 'https://a.example/feed',
        kind: 'news',
        title: 'A',
        sport: 'nfl',
        from: 'https://a.example/',
      };
      writeFileSync(
        join(dir, 'a.json'),
        JSON.stringify({ about: 'a', sources: [entry, { ...entry, url: 'ftp://x' }] }),
      );
      expect(() => loadCatalogue(dir)).toThrow(/a\.json: entry 2 \/url/);
      writeFileSync(join(dir, 'a.json'), JSON.stringify({ about: 'a', sources: [entry] }));
      writeFileSync(join(dir, 'b.json'), JSON.stringify({ about: 'b', sources: [entry] }));
      expect(() => loadCatalogue(dir)).toThrow(
        new CatalogueError('b.json: https://a.example/feed is listed twice (also in a.json)'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('registerCatalogue', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t.dispose());

  it('registers every feed with its teams once, and leaves a removed one removed', async () => {
    const first = await registerCatalogue(t.db, catalogue);
    expect(first).toEqual({ created: catalogue.length, known: 0 });
    const { rows } = await t.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM sources WHERE origin = 'catalogue' AND enabled AND next_fetch_at <= now()",
    );
    expect(Number(rows[0]!.n)).toBe(catalogue.length);
    const packers = await t.db.query<{ title: string }>(
      `SELECT s.title FROM sources s JOIN source_teams st ON st.source_id = s.id JOIN teams tm ON tm.id = st.team_id
        WHERE tm.slug = 'green-bay-packers' AND s.kind = 'news'`,
    );
    expect(packers.rows.map((r) => r.title)).toContain('Acme Packing Company');
    // An admin removes one; the next start (the same catalogue plus a new entry) adds only the new one.
    await t.db.query('DELETE FROM sources WHERE feed_url = $1', [catalogue[0]!.url]);
    const added = {
      url: 'https://new.example/feed.xml',
      kind: 'news' as const,
      title: 'New',
      sport: 'nfl',
      from: 'https://new.example/',
    };
    expect(await registerCatalogue(t.db, [...catalogue, added])).toEqual({
      created: 1,
      known: catalogue.length,
    });
    const gone = await t.db.query('SELECT 1 FROM sources WHERE feed_url = $1', [catalogue[0]!.url]);
    expect(gone.rows).toHaveLength(0);
  });

  it('makes each YouTube channel a domain of its own', () => {
    expect(domainKeyOf('https://www.youtube.com/feeds/videos.xml?channel_id=UCabc')).toBe(
      'youtube.com/channel/UCabc',
    );
    expect(domainKeyOf('https://www.youtube.com/feeds/videos.xml?user=WNBA')).toBe('youtube.com/user/wnba');
    expect(domainKeyOf('https://www.acmepackingcompany.com/rss/index.xml')).toBe('acmepackingcompany.com');
  });
});
