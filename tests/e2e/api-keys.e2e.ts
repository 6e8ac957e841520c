// API keys in Chromium against the built server (issue 13, spec 3 §7): the PRO demo account (seeded
// with the api flag) creates a key on /settings/api ('API key created', the token shown once), then
// Node reads api/v1/teams and its own session with the key as a bearer token, and a POST with the key
// is refused with nothing made; the key is deleted after confirming ('Successfully deleted API key')
// and stops working. axe on every page: 0 serious or critical.
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const MEMBER = { email: 'pro@sportspyder.test', password: 'sportspyder-pro', username: 'profan' };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

const withKey = (token: string, path: string, init: RequestInit = {}) =>
  fetch(new URL(path, baseUrl), {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });

describe('API keys', () => {
  it('creates a key in the site, reads api/v1 with it from Node, sees a POST refused, then deletes it', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    const login = page.locator('form.ss-form');
    await login.getByLabel('Email').fill(MEMBER.email);
    await login.getByLabel('Password').fill(MEMBER.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();

    // The settings menu has the API entry for this member.
    await page.goto('/settings/account');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API' }).click();
    await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();
    await page.getByText('You have no API keys yet.').waitFor();
    await expectAccessible(page, '/settings/api (no keys)');

    await page.getByLabel('Description (optional)').fill('Browser test');
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByText('API key created').waitFor();
    const panel = page.getByTestId('new-api-key');
    const token = await panel.getByLabel('API key').inputValue();
    expect(token).toMatch(/^ss_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('api-key').first().waitFor();
    expect(await page.getByTestId('api-key').first().textContent()).not.toContain(token);
    await expectAccessible(page, '/settings/api (new key shown)');

    // Node, with nothing but the key.
    const teams = await withKey(token, '/api/v1/teams');
    expect(teams.status).toBe(200);
    expect(((await teams.json()) as { teams: unknown[] }).teams.length).toBeGreaterThan(0);
    const session = await withKey(token, '/api/v1/session');
    expect(
      ((await session.json()) as { session: { user: { username: string } } }).session.user.username,
    ).toBe(MEMBER.username);
    const post = await withKey(token, '/api/v1/profile/api_keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: {} }),
    });
    expect([401, 403]).toContain(post.status);
    const keys = (await (await withKey(token, '/api/v1/profile/api_keys')).json()) as {
      apiKeys: { lastUsedAt: string | null }[];
    };
    expect(keys.apiKeys).toHaveLength(1);
    expect(keys.apiKeys[0]?.lastUsedAt).not.toBeNull();

    // Done hides the token; a reload shows the listed key with its prefix only.
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    const row = page.getByTestId('api-key');
    await row.waitFor();
    expect(await row.textContent()).toContain(token.slice(0, 11));
    expect(await row.textContent()).not.toContain(token);

    await page.getByRole('button', { name: 'Delete API key Browser test' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expectAccessible(page, '/settings/api (delete confirmation)');
    await dialog.getByRole('button', { name: 'Yes, delete this key' }).click();
    await page.getByText('Successfully deleted API key').waitFor();
    await page.getByText('You have no API keys yet.').waitFor();
    expect((await withKey(token, '/api/v1/teams')).status).toBe(401);
    await context.close();
  });
});
