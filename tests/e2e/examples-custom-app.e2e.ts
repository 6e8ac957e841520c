// examples/custom-app in Chromium: the Vite + React team dashboard is built (`vite build`, into a
// temporary folder) and served by `vite preview`, which forwards /api, /cable and /demo to the test
// server as the example's vite.config.ts does for `npm start`'s server. The Packers' news and their chat
// channel render; a message a member posts arrives live over the forwarded socket; the latest episode
// plays in the player bar and keeps playing when the reader switches to another team. axe: 0 serious
// or critical. Uses the repository's node_modules (no install in the example).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HttpMember } from '../../packages/server/src/__tests__/helpers/server-processes.js';
import { expectAccessible } from './axe.js';
import { launchBrowser } from './browser.js';
import { repoRoot } from './example-process.js';
import { freePort } from './server-process.js';

const baseUrl = inject('baseUrl');
const root = join(repoRoot, 'examples/custom-app');
const MEMBER = { username: 'demo@sportspyder.test', password: 'sportspyder-demo' };

let browser: Browser;
let preview: PreviewServer;
let appUrl = '';
const outDir = mkdtempSync(join(tmpdir(), 'custom-app-'));

beforeAll(async () => {
  // The example's config reads the SportSpyder address from the environment, as a developer sets it.
  process.env.SPORTSPYDER_URL = baseUrl;
  const vite = await import('vite');
  const inline = { root, logLevel: 'warn' as const, build: { outDir, emptyOutDir: true } };
  // A production build (React's production bundle) even though the test runner sets NODE_ENV=test.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ ...inline, mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  preview = await vite.preview({ ...inline, preview: { port: await freePort(), host: '127.0.0.1' } });
  appUrl = preview.resolvedUrls?.local[0] ?? '';
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await preview?.close();
  rmSync(outDir, { recursive: true, force: true });
});

/** A signed-in member who accepted the chat rules, posting over plain HTTP. */
async function chatMember(): Promise<HttpMember> {
  const member = new HttpMember();
  await member.request(baseUrl, 'GET', '/api/v1/session');
  const signIn = await member.request(baseUrl, 'POST', '/api/v1/session', {
    ...MEMBER,
    hash: 'c'.repeat(32),
  });
  expect(signIn.status).toBe(200);
  expect((await member.request(baseUrl, 'PUT', '/api/v1/session', { chatAcceptedRules: true })).status).toBe(
    200,
  );
  return member;
}

describe('examples/custom-app', () => {
  it('shows the news and the live chat, and keeps the episode playing across teams', async () => {
    const api = async <T>(path: string) => (await (await fetch(`${baseUrl}${path}`)).json()) as T;
    const { articles } = await api<{ articles: Array<{ title: string }> }>(
      '/api/v1/teams/green-bay-packers/articles?perPage=8',
    );
    const { podcastEpisodes } = await api<{ podcastEpisodes: Array<{ title: string }> }>(
      '/api/v1/teams/green-bay-packers/podcast_episodes?perPage=1',
    );
    const { channels } = await api<{ channels: Array<{ id: number; name: string; selected: boolean }> }>(
      '/api/v1/teams/green-bay-packers/channels',
    );
    const channel = channels.find((c) => c.selected) ?? channels[0]!;
    const episode = podcastEpisodes[0]!;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(appUrl);

    await page.getByRole('heading', { level: 1, name: 'Green Bay Packers dashboard' }).waitFor();
    const news = page.getByRole('region', { name: 'News' });
    await news.getByTestId('article-card').first().waitFor();
    expect(await news.getByTestId('article-card').count()).toBe(articles.length);
    // Exact: a sub-article's headline may contain the lead's ("Film room: " + the lead's), depending on
    // the day the demo is generated, and a name is matched as a substring otherwise.
    await news.getByRole('link', { name: articles[0]!.title, exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Games' })
      .getByRole('heading', { name: /Scores|Upcoming/ })
      .first()
      .waitFor();

    // The chat channel: its history, then live (the socket goes through the preview's proxy).
    const chat = page.getByRole('region', { name: `${channel.name} chat` });
    await chat.getByTestId('chat-message').first().waitFor();
    await chat.getByText('Live').waitFor();
    await expectAccessible(page, 'the dashboard');
    const text = `Live on the custom app ${Date.now()}`;
    const posted = await (await chatMember()).request(
      baseUrl,
      'POST',
      `/api/v1/channels/${channel.id}/messages`,
      {
        content: text,
      },
    );
    expect(posted.status).toBe(201);
    await chat.getByTestId('chat-message').filter({ hasText: text }).waitFor();

    // The persistent player: the latest episode plays in the bar, and still does after a team switch.
    await page.getByRole('button', { name: `Play ${episode.title}` }).click();
    const bar = page.getByRole('region', { name: 'Podcast player' });
    await bar.getByText(episode.title).waitFor();
    await page.getByRole('button', { name: `Pause ${episode.title}` }).waitFor();
    await page.getByLabel('Team').selectOption('chicago-bears');
    await page.getByRole('heading', { level: 1, name: 'Chicago Bears dashboard' }).waitFor();
    await news.getByTestId('article-card').first().waitFor();
    await bar.getByText(episode.title).waitFor();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
    await expectAccessible(page, 'the dashboard with the player bar');
    expect(errors).toEqual([]);
    await context.close();
  });
});
