// Chat in Chromium against the built server (issue 14): two new members, each in their own browser
// context, in the Green Bay Packers' team channel. The first one's message reaches the second live
// (after the rules, accepted in the rules dialog); the second replies in the thread and the first
// sees the reply; like and unlike; a report with reason 6 and a text; the author deletes their own
// message and both see it deleted; a visitor's send opens the sign-in prompt. axe on every page
// state: 0 serious or critical. The server allows one message per member every 5 s.
// Then the virtualised list: a channel of 10,000 messages (answered by the page's own route, all in
// one page) keeps a window of rows while scrolled to the oldest and back (its long tasks are measured
// by `npm run bench:web`).
// The two members' scenario runs twice: on the suite's server (PGlite) and on a server of its own on
// a fresh PostgreSQL database (CI_POSTGRES_URL, which .ci/run sets).
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, newContext } from './browser.js';
import { LONG_CHANNEL_PATH, messageLabel, routeLongChannel } from './long-channel.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

const CHAT = LONG_CHANNEL_PATH;

let browser: Browser;
const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function open(base = baseUrl): Promise<Page> {
  const context = await newContext(browser, base);
  contexts.push(context);
  return context.newPage();
}

/** Signs up a new member on /join (a fresh account has not accepted the chat rules). */
async function join(page: Page, name: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `${name}_${stamp}`.slice(0, 30);
  await page.goto('/join');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill('chat password 1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
  return username;
}

/** The message card with `text` in the page's chat. */
const card = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text }).first();

/** Sends in the composer named `box`; the first time, accepts the rules in their dialog. */
async function send(page: Page, box: string, text: string, acceptRules: boolean) {
  await page.getByRole('textbox', { name: box }).fill(text);
  await page
    .getByRole('button', { name: box === 'Reply in thread' ? 'Send reply' : 'Send', exact: true })
    .click();
  if (acceptRules) {
    const rules = page.getByRole('dialog', { name: 'Messaging rules' });
    await rules.waitFor();
    expect(await rules.textContent()).toContain('Stay on topic to sports.');
    await expectAccessible(page, `${CHAT} (rules dialog)`);
    await rules.getByRole('button', { name: 'I agree' }).click();
    await rules.waitFor({ state: 'detached' });
  }
}

/** Two members chat in the Packers' channel of the server at `base`; a visitor is asked to sign in. */
async function twoMembersChat(base: string) {
  const ann = await open(base);
  const bob = await open(base);
  const annName = await join(ann, 'ann');
  await join(bob, 'bob');

  await ann.goto(CHAT);
  await bob.goto(CHAT);
  for (const page of [ann, bob]) {
    await page.getByRole('heading', { level: 1, name: 'Green Bay Packers Chat' }).waitFor();
    // The demo conversation of the seed is there.
    await card(page, 'Lambeau in the snow').waitFor();
  }
  await expectAccessible(ann, CHAT);

  // A message from Ann (after the rules) appears for Bob without a reload.
  const hello = `Hello from Ann ${Date.now()}`;
  await send(ann, 'Message Packers', hello, true);
  await card(ann, hello).waitFor();
  await card(bob, hello).waitFor({ timeout: 10_000 });

  // Bob replies in the thread (his rules first); Ann sees the reply count and the reply.
  await card(bob, hello).getByRole('button', { name: 'Reply', exact: true }).click();
  await bob.getByText(/Replying to /).waitFor();
  await bob.waitForURL((url) => /\/chat\/\d+\/\d+$/.test(url.pathname));
  await expectAccessible(bob, `${CHAT} (thread)`);
  const reply = `Welcome, ${annName}!`;
  await send(bob, 'Reply in thread', reply, true);
  await card(bob, reply).waitFor();
  const replies = card(ann, hello).getByRole('button', { name: '1 reply' });
  await replies.waitFor({ timeout: 10_000 });
  await replies.click();
  await card(ann, reply).waitFor();
  await ann.getByRole('button', { name: /^← / }).click();

  // Bob likes Ann's message, then takes it back.
  await bob.getByRole('button', { name: /^← / }).click();
  const like = card(bob, hello).getByRole('button', { name: /^Like/ });
  await like.click();
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
  expect(await like.getAttribute('aria-label')).toBe('Like, 1 like');
  await expect
    .poll(() => card(ann, hello).getByRole('button', { name: /^Like/ }).getAttribute('aria-label'), {
      timeout: 10_000,
    })
    .toBe('Like, 1 like');
  await like.click();
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
  expect(await like.getAttribute('aria-label')).toBe('Like, 0 likes');

  // Bob reports it: 'Other' with a text.
  await card(bob, hello).getByRole('button', { name: 'Report' }).click();
  const report = bob.getByRole('dialog', { name: 'Report message' });
  await report.waitFor();
  expect(await report.getByLabel('Off topic/not sports related').isChecked()).toBe(true);
  await report.getByLabel('Other').check();
  await report.getByLabel(/Tell us more/).fill('Spoiler for the late game');
  await expectAccessible(bob, `${CHAT} (report dialog)`);
  await report.getByRole('button', { name: 'Report' }).click();
  await bob.getByText('Message reported successfully!').waitFor();
  await report.waitFor({ state: 'detached' });

  // Ann deletes her own message; both see it deleted.
  await card(ann, hello).getByRole('button', { name: 'Delete' }).click();
  const confirm = ann.getByRole('alertdialog', { name: 'Delete this message?' });
  await confirm.waitFor();
  await expectAccessible(ann, `${CHAT} (delete confirmation)`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await ann.getByText('Message deleted successfully!').waitFor();
  for (const page of [ann, bob]) {
    await page
      .getByTestId('chat-message')
      .filter({ hasText: 'This message was deleted' })
      .first()
      .waitFor({ timeout: 10_000 });
    expect(await page.getByText(hello).count()).toBe(0);
  }

  // A visitor reads the channel; sending opens the sign-in prompt.
  const visitor = await open(base);
  await visitor.goto(CHAT);
  await card(visitor, 'Lambeau in the snow').waitFor();
  await visitor.getByRole('textbox', { name: 'Message Packers' }).fill('Can I chat?');
  await visitor.getByRole('button', { name: 'Send', exact: true }).click();
  const prompt = visitor.getByRole('dialog', { name: 'Sign in required' });
  await prompt.waitFor();
  expect(await prompt.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?out');
  await expectAccessible(visitor, `${CHAT} (visitor's sign-in prompt)`);
}

describe('team chat with two members', () => {
  it('delivers, replies, likes, reports and deletes live, and asks a visitor to sign in', async () => {
    await twoMembersChat(baseUrl);
  });
});

const postgresUrl = process.env.CI_POSTGRES_URL;
describe.runIf(postgresUrl)('team chat with two members on PostgreSQL', () => {
  const database = `sportspyder_e2e_chat_${process.pid}`;
  let server: ServerProcess | undefined;
  const admin = () => new pg.Client({ connectionString: postgresUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database}`);
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
    const url = new URL(postgresUrl as string);
    url.pathname = `/${database}`;
    server = await startServerProcess({ env: { DATABASE_URL: url.toString() } });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.end();
  });

  it('delivers, replies, likes, reports and deletes live, and asks a visitor to sign in', async () => {
    await twoMembersChat((server as ServerProcess).url);
  });
});

describe('a channel of 10,000 messages', () => {
  // How long its tasks take while scrolling is measured by `npm run bench:web`, not asserted here.
  it('keeps a window of rows, reaches the oldest with Home and comes back with Go to latest', async () => {
    const page = await open();
    const total = 10_000;
    await routeLongChannel(page, total);
    await page.goto(CHAT);
    await card(page, messageLabel(total)).waitFor({ timeout: 20_000 });
    const scroller = page.getByRole('region', { name: /^Messages in / });
    // The DOM holds a window of rows, not 10,000.
    expect(await page.getByTestId('chat-message').count()).toBeLessThan(60);
    const box = await scroller.boundingBox();
    if (!box) throw new Error('no message list');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let step = 0; step < 20; step++) {
      await page.mouse.wheel(0, -600);
      await page.waitForTimeout(16);
    }
    await scroller.focus();
    await page.keyboard.press('Home');
    await card(page, messageLabel(1)).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('chat-message').count()).toBeLessThan(60);
    // 'Go to latest' is offered away from the newest message and brings it back.
    await page.getByRole('button', { name: 'Go to latest' }).click();
    await card(page, messageLabel(total)).waitFor();
  });
});
