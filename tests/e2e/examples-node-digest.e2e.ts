// examples/node-digest against the test server: the PRO demo member (seeded with API access) makes an
// API key through the API, then the example runs as its README says (`node digest.mjs nfl/green-bay-packers`
// with SPORTSPYDER_URL and SPORTSPYDER_API_KEY) and prints Markdown with the Packers' headline titles,
// their games and the key's member. A revoked key makes it fail with the API's reason.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HttpMember } from '../../packages/server/src/__tests__/helpers/server-processes.js';
import { runExample } from './example-process.js';

const baseUrl = inject('baseUrl');
const PRO = { username: 'pro@sportspyder.test', password: 'sportspyder-pro' };
const SCRIPT = 'examples/node-digest/digest.mjs';

const member = new HttpMember();
let key: { id: number; token: string };

beforeAll(async () => {
  await member.request(baseUrl, 'GET', '/api/v1/session');
  const signIn = await member.request(baseUrl, 'POST', '/api/v1/session', { ...PRO, hash: 'e'.repeat(32) });
  expect(signIn.status).toBe(200);
  const created = await member.request(baseUrl, 'POST', '/api/v1/profile/api_keys', {
    apiKey: { description: 'node-digest example' },
  });
  expect(created.status).toBe(201);
  key = ((await created.json()) as { apiKey: { id: number; token: string } }).apiKey;
});
afterAll(async () => {
  if (key) await member.request(baseUrl, 'DELETE', `/api/v1/profile/api_keys/${key.id}`);
});

/** Link texts of the Markdown's list items, unescaped. */
function linkTexts(markdown: string): string[] {
  return [...markdown.matchAll(/^- \[((?:\\.|[^\]])*)\]\(/gm)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

describe('examples/node-digest', () => {
  it("prints the team's daily digest as Markdown with an API key", async () => {
    const { stdout } = await runExample(SCRIPT, ['nfl/green-bay-packers'], {
      SPORTSPYDER_URL: baseUrl,
      SPORTSPYDER_API_KEY: key.token,
    });
    const res = await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/articles?perPage=5`);
    const { articles } = (await res.json()) as { articles: Array<{ title: string }> };
    expect(articles.length).toBeGreaterThan(0);

    expect(stdout).toMatch(/^# Green Bay Packers: daily digest$/m);
    expect(stdout).toContain('for @profan');
    // The newest headlines are always in it (the day's, or the latest five on a quiet day).
    const listed = linkTexts(stdout);
    for (const { title } of articles) expect(listed).toContain(title);
    expect(stdout).toMatch(/^## Games$/m);
    expect(stdout).toContain(`(${baseUrl}/nfl/green-bay-packers/news)`);

    // The key was what the script used: the member's key list shows it used.
    const list = await member.request(baseUrl, 'GET', '/api/v1/profile/api_keys');
    const { apiKeys } = (await list.json()) as { apiKeys: Array<{ id: number; lastUsedAt: string | null }> };
    expect(apiKeys.find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull();
  });

  it('fails with the reason when the key is not valid', async () => {
    const failed = await runExample(SCRIPT, ['nfl/green-bay-packers'], {
      SPORTSPYDER_URL: baseUrl,
      SPORTSPYDER_API_KEY: 'ss_not-a-real-key',
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('This API key is not valid.');
  });
});
