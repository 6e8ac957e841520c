// Moderation in Chromium against the built demo server (issue 48): the admin opens /admin (the queue is
// live); the demo member reports a message of the Packers chat's demo conversation; the report arrives
// in the admin's open queue without a reload, with its reason and reporter; Delete takes it out of the
// queue. axe on the admin home: 0 serious or critical.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const ADMIN = { email: 'admin@sportspyder.test', password: 'sportspyder-admin' };
const MEMBER = { email: 'demo@sportspyder.test', password: 'sportspyder-demo' };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');
const run = Date.now().toString(36);

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  const login = page.locator('form.ss-form');
  await login.getByLabel('Email').fill(who.email);
  await login.getByLabel('Password').fill(who.password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

/** Accepts the chat rules if they are asked for. */
async function acceptRulesIfAsked(page: Page) {
  const agree = page.getByRole('button', { name: 'I agree' });
  if (await agree.isVisible().catch(() => false)) await agree.click();
}

describe('/admin moderation queue', () => {
  it('a report arrives live in the admin queue and the admin deletes the message', async () => {
    const adminContext = await newContext(browser(), baseUrl);
    const memberContext = await newContext(browser(), baseUrl);
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, ADMIN);
      await admin.goto('/admin');
      await admin.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
      await admin.getByRole('heading', { name: 'Moderation queue' }).waitFor();
      await expectAccessible(admin, '/admin');

      // The demo member reports another member's message of the demo conversation.
      const member = await memberContext.newPage();
      await signIn(member, MEMBER);
      await member.goto('/nfl/green-bay-packers/chat');
      const others = member
        .getByTestId('chat-message')
        .filter({ has: member.getByRole('button', { name: 'Report' }) });
      await others.first().waitFor();
      const target = others.first();
      const text = (await target.locator('.ss-chat-msg__text').textContent())?.trim() ?? '';
      await target.getByRole('button', { name: 'Report' }).click();
      await acceptRulesIfAsked(member);
      const dialog = member.getByRole('dialog', { name: 'Report message' });
      await dialog.getByLabel('Other').check();
      await dialog.getByRole('textbox').fill(`e2e report ${run}`);
      await dialog.getByRole('button', { name: 'Report' }).click();
      await member.getByText('Message reported successfully!').waitFor();

      // It arrives in the admin's open queue, without a reload.
      const item = admin.getByTestId('moderation-item').filter({ hasText: `e2e report ${run}` });
      await item.waitFor({ timeout: 10_000 });
      expect(await item.textContent()).toContain('reported by demo');
      if (text) expect(await item.textContent()).toContain(text.slice(0, 20));
      // With reports listed (links to their places in the text): axe again.
      await expectAccessible(admin, '/admin with a report');
      await item.getByRole('button', { name: 'Delete' }).click();
      await item.waitFor({ state: 'detached' });
    } finally {
      await adminContext.close();
      await memberContext.close();
    }
  }, 60_000);
});
