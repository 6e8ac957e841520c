import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { Database } from '../../db/database.js';
import { feedFixturePath } from '../../ingest/pipeline/__tests__/pipeline-fixtures.js';
import { runCli } from '../run-cli.js';

let testDb: TestDatabase;
let db: Database;
let dir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  dir = mkdtempSync(join(tmpdir(), 'sportspyder-cli-'));
});
afterAll(async () => {
  await testDb.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    db,
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
  });
  return { code, out, err };
}

describe('admin CLI', () => {
  it('prints help', async () => {
    const { code, out } = await cli('--help');
    expect(code).toBe(0);
    expect(out).toContain('sources add <feedUrl>');
    expect(out).toContain('feeds import <opml-file>');
  });

  it('adds a source with its domain and default team, and refuses a duplicate', async () => {
    const added = await cli(
      'sources',
      'add',
      'https://www.packerswire.example/feed/',
      '--title',
      'Packers Wire',
      '--team',
      'green-bay-packers',
      '--sport',
      'nfl',
    );
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Added source \d+: Packers Wire \(news\)/);
    const { rows } = await db.query<{ host: string; team: string; sport: string }>(
      `SELECT d.host, t.slug AS team, sp.slug AS sport FROM sources s JOIN domains d ON d.id = s.domain_id
         JOIN source_teams st ON st.source_id = s.id JOIN teams t ON t.id = st.team_id JOIN sports sp ON sp.id = s.sport_id
        WHERE s.feed_url = 'https://www.packerswire.example/feed/'`,
    );
    expect(rows).toEqual([{ host: 'packerswire.example', team: 'green-bay-packers', sport: 'nfl' }]);

    const again = await cli('sources', 'add', 'https://www.packerswire.example/feed/');
    expect(again.code).toBe(2);
    expect(again.err).toContain('already exists');
  });

  it('rejects unknown slugs, kinds and ids with exit code 2', async () => {
    expect((await cli('sources', 'add', 'https://x.example/feed', '--team', 'no-such-team')).err).toContain(
      'Unknown team slug: no-such-team',
    );
    expect((await cli('sources', 'add', 'https://x.example/feed', '--kind', 'blog')).code).toBe(2);
    const unknown = await cli('sources', 'disable', '999999');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('No source with id 999999');
    expect((await cli('sources', 'ingest', '999999')).code).toBe(2);
    expect((await cli('nonsense')).code).toBe(2);
    expect((await cli('sources', 'list', '--bogus')).code).toBe(2);
  });

  it('disables, enables, ingests and lists sources with their failures', async () => {
    const good = await cli(
      'sources',
      'add',
      `file://${feedFixturePath('atom.xml')}`,
      '--title',
      'Comets Daily',
    );
    const goodId = /Added source (\d+)/.exec(good.out)![1]!;
    const bad = await cli(
      'sources',
      'add',
      `file://${feedFixturePath('xxe.xml')}`,
      '--title',
      'Hostile Feed',
    );
    const badId = /Added source (\d+)/.exec(bad.out)![1]!;

    expect((await cli('sources', 'disable', badId)).code).toBe(0);
    const list = await cli('sources', 'list');
    expect(list.out).toMatch(new RegExp(`^${badId}\\s+news\\s+Hostile Feed\\s+no\\s+0`, 'm'));

    const ingest = await cli('sources', 'ingest', goodId);
    expect(ingest.code).toBe(0);
    expect(ingest.out).toMatch(/Comets Daily: ok inserted=[1-9]\d* duplicates=0/);
    const again = await cli('sources', 'ingest', goodId);
    expect(again.out).toMatch(/Comets Daily: (ok inserted=0|not-modified)/);

    expect((await cli('sources', 'enable', badId)).code).toBe(0);
    const failed = await cli('sources', 'ingest', badId);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('failed (doctype-forbidden)');
    const after = await cli('sources', 'list');
    expect(after.out).toMatch(
      new RegExp(`^${badId}\\s+news\\s+Hostile Feed\\s+yes\\s+1\\s+doctype-forbidden`, 'm'),
    );
  });

  it('imports an OPML file, taking teams and sports from folder names', async () => {
    const file = join(dir, 'feeds.opml');
    writeFileSync(
      file,
      `<?xml version="1.0"?>
<opml version="2.0"><head><title>Feeds</title></head><body>
  <outline text="NFL">
    <outline text="green-bay-packers">
      <outline text="Lambeau Ledger" type="rss" xmlUrl="https://lambeauledger.example/feed"/>
    </outline>
    <outline text="League news" type="rss" xmlUrl="https://leaguewire.example/rss"/>
  </outline>
  <outline text="Misc">
    <outline text="Podcast Hour" xmlUrl="https://pods.example/hour.xml" category="Chicago Bears"/>
    <outline text="Duplicate" xmlUrl="https://www.packerswire.example/feed/"/>
  </outline>
</body></opml>`,
    );
    const result = await cli('feeds', 'import', file);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Imported 3 sources (1 already registered, 0 failed)');
    const { rows } = await db.query<{ title: string; sport: string | null; teams: string[] | null }>(
      `SELECT s.title, sp.slug AS sport,
              (SELECT array_agg(t.slug) FROM source_teams st JOIN teams t ON t.id = st.team_id WHERE st.source_id = s.id) AS teams
         FROM sources s LEFT JOIN sports sp ON sp.id = s.sport_id
        WHERE s.feed_url IN ('https://lambeauledger.example/feed', 'https://leaguewire.example/rss', 'https://pods.example/hour.xml')
        ORDER BY s.title`,
    );
    expect(rows).toEqual([
      { title: 'Lambeau Ledger', sport: 'nfl', teams: ['green-bay-packers'] },
      { title: 'League news', sport: 'nfl', teams: null },
      { title: 'Podcast Hour', sport: null, teams: ['chicago-bears'] },
    ]);
    expect((await cli('feeds', 'import', join(dir, 'missing.opml'))).code).toBe(2);
  });
});
