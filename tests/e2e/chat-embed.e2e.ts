// The chat embed on a partner page in Chromium (issue 14): a page served from ANOTHER SITE (localhost,
// while the product runs on 127.0.0.1, so the session cookie is never sent inside the frame) loads
// `<server>/widgets/chat.js` for the Packers channel. A visitor sees the channel's messages in the
// iframe; a member signs in through the popup (the frame gets a one-time code from it and exchanges it
// for a frame session), accepts the rules if asked, and sends a message that appears in the frame and
// in the channel's history. axe on the host page and the frame (axe reads into frames): 0 serious or
// critical. Its own server runs with CHAT_EMBED_ORIGINS naming the partner page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser } from './browser.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

const MEMBER = { email: 'demo@sportspyder.test', password: 'sportspyder-demo' };

let browser: Browser;
let server: ServerProcess;
let host: Server;
let hostUrl = '';
let channelId = 0;

function listen(s: Server): Promise<string> {
  return new Promise((resolve) => {
    s.listen(0, '127.0.0.1', () => resolve(`http://localhost:${(s.address() as AddressInfo).port}`));
  });
}

beforeAll(async () => {
  // The partner page first: its origin goes into the server's CHAT_EMBED_ORIGINS.
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner news</title></head>
<body><main><h1>Partner news</h1><p>Talk about the game below.</p>
<script src="${server.url}/widgets/chat.js" data-team="nfl/green-bay-packers" data-channel="${channelId}" data-theme="light" async></script>
</main></body></html>`);
  });
  hostUrl = await listen(host);
  server = await startServerProcess({ env: { CHAT_EMBED_ORIGINS: hostUrl } });
  const res = await fetch(`${server.url}/api/v1/teams/green-bay-packers/channels`);
  channelId = (await res.json()).channels[0].id;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await server?.stop();
});

async function chatFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('sportspyder-chat iframe').elementHandle({ timeout: 10_000 });
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no chat frame');
  return frame;
}

describe('the chat embed on a partner page', () => {
  it('shows a visitor the channel, then lets a member sign in by the popup and send', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(hostUrl);

    // The visitor: the seeded Packers conversation, read-only, with the sign-in button.
    const frame = await chatFrame(page);
    await frame.getByRole('heading', { name: 'Packers chat' }).waitFor();
    await frame.getByTestId('chat-message').first().waitFor();
    expect(await frame.getByTestId('chat-message').count()).toBeGreaterThan(0);
    expect(await frame.getByRole('textbox').count()).toBe(0);
    // The frame reported its height: the iframe follows its content, not the reserved 520 px.
    await expect.poll(async () => page.locator('sportspyder-chat').getAttribute('data-state')).toBe('ready');
    await expect
      .poll(async () => (await page.locator('sportspyder-chat iframe').boundingBox())?.height ?? 0)
      .not.toBe(520);
    await expectAccessible(page, 'the partner page with the visitor frame');

    // The member: the popup, first-party on SportSpyder, signs in and hands the code to the frame.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      frame.getByRole('button', { name: 'Sign in to chat' }).click(),
    ]);
    await popup.getByRole('heading', { name: /^Sign in to chat on localhost:\d+$/ }).waitFor();
    await expectAccessible(popup, 'the sign-in popup');
    await popup.getByLabel('Email').fill(MEMBER.email);
    await popup.getByLabel('Password').fill(MEMBER.password);
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Sign in' }).click()]);

    // The rules first when the member has not accepted them yet.
    const input = frame.getByLabel(/^Message as /);
    const agree = frame.getByRole('button', { name: 'I agree to the rules' });
    await Promise.race([input.waitFor(), agree.waitFor()]);
    if (await agree.isVisible()) {
      await expectAccessible(page, 'the partner page with the rules open in the frame');
      await agree.click();
    }
    await input.waitFor();
    const text = `From the partner page ${Date.now()}`;
    await input.fill(text);
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.getByTestId('chat-message').filter({ hasText: text }).waitFor();
    // The live push can show the message before the send's own answer clears the box.
    await expect.poll(() => input.inputValue()).toBe('');
    await expectAccessible(page, 'the partner page with the member frame');

    // It is in the channel for everyone, and the partner page never got a SportSpyder cookie.
    const history = await (await fetch(`${server.url}/api/v1/channels/${channelId}/messages`)).json();
    expect(history.messages.map((m: { content: string }) => m.content)).toContain(text);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the fallback within 3 s when the frame cannot load', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The same partner page, with the product's address pointing at a closed port for the frame.
    await page.route(`${server.url}/embed/chat**`, (route) => route.abort('connectionrefused'));
    await page.goto(hostUrl);
    const fallback = page.getByText('The chat is unavailable right now.');
    await fallback.waitFor({ timeout: 4_500 });
    await page.getByRole('link', { name: 'Open the chat on SportSpyder' }).waitFor();
    await expectAccessible(page, 'the fallback');
    await context.close();
  });
});
