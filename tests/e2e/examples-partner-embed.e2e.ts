// examples/partner-embed in Chromium: the partner's page server (its own origin, localhost:<port>) serves
// the player embed and the chat embed of a SportSpyder server started for this file with
// CHAT_EMBED_ORIGINS naming that origin, as the example's README says. Both embeds appear: the player's
// facade with the episode, and the chat frame with the Packers channel's messages for a visitor.
// axe on the page and inside the frame: 0 serious or critical.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser } from './browser.js';
import { type ExampleServer, startExample } from './example-process.js';
import { freePort, type ServerProcess, startServerProcess } from './server-process.js';

let browser: Browser;
let server: ServerProcess;
let partner: ExampleServer;

beforeAll(async () => {
  // The partner's origin must be known before SportSpyder starts (it goes into CHAT_EMBED_ORIGINS), and
  // SportSpyder's address before the partner starts: fix SportSpyder's port first.
  const port = await freePort();
  partner = await startExample('examples/partner-embed/server.mjs', {
    SPORTSPYDER_URL: `http://127.0.0.1:${port}`,
  });
  server = await startServerProcess({ port, env: { CHAT_EMBED_ORIGINS: new URL(partner.url).origin } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await partner?.stop();
  await server?.stop();
});

describe('examples/partner-embed', () => {
  it('shows the player and, to a visitor, the chat channel with its messages', async () => {
    const res = await fetch(`${server.url}/api/v1/teams/green-bay-packers/podcast_episodes?perPage=1`);
    const episode = ((await res.json()) as { podcastEpisodes: Array<{ title: string }> }).podcastEpisodes[0]!;
    const history = await fetch(`${server.url}/api/v1/channels/${await firstChannelId()}/messages`);
    const { messages } = (await history.json()) as { messages: Array<{ content: string }> };
    expect(messages.length, 'the demo Packers channel has messages').toBeGreaterThan(0);

    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(partner.url);

    // The player: its facade with the episode's title and a play button, no audio loaded yet.
    const player = page.locator('sportspyder-player');
    await player.getByText(episode.title).waitFor();
    await player.getByRole('button', { name: /^Play/ }).waitFor();

    // The chat: the frame from SportSpyder, read-only for a visitor, with the channel's messages.
    const frame = page.frameLocator('sportspyder-chat iframe');
    await frame.getByRole('heading', { name: 'Packers chat' }).waitFor();
    await frame.getByTestId('chat-message').first().waitFor();
    await frame.getByText(messages[0]!.content).first().waitFor();
    await frame.getByRole('button', { name: 'Sign in to chat' }).waitFor();
    await expect.poll(async () => page.locator('sportspyder-chat').getAttribute('data-state')).toBe('ready');

    await expectAccessible(page, 'the partner page and its frames');
    expect(errors).toEqual([]);
    await context.close();
  });
});

async function firstChannelId(): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/teams/green-bay-packers/channels`);
  return ((await res.json()) as { channels: Array<{ id: number }> }).channels[0]!.id;
}
