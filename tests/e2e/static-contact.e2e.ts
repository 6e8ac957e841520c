// The static pages and the contact form end to end in Chromium against the real server (issue 13):
// every static page of spec 1 §2.1 opens with its heading and content (axe: 0 serious or critical),
// the feature guide opens a guide from the catalogue, and a contact message sent from the footer's
// Feedback link shows the spec's toast, goes home, and arrives at the contact address in /dev/mail.
// The embed configurator on /about/publishers (issue 16) mounts the real widget and copies an SRI snippet.
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

const STATIC_PAGES: [path: string, heading: string, text: string][] = [
  ['/about', 'About SportSpyder', '6,000+'],
  ['/about/features', 'Feature Guide', 'Reading the news feed'],
  ['/about/feature/podcasts/player', 'The podcast player', 'Skip back or forward'],
  ['/about/pro', 'SportSpyder PRO', '$35/year'],
  ['/about/members', 'For Members', 'Follow teams'],
  ['/about/publishers', 'For Publishers', 'headline.js'],
  ['/about/developers', 'For Developers', 'Authorization: Bearer'],
  ['/privacy', 'Privacy Policy', 'never sell'],
  ['/promoted', 'Promoted Content', 'labelled as promoted'],
  ['/featured', 'Featured Content', 'Ask about featured content'],
  ['/version', 'Version', 'reload by themselves'],
];

describe('static pages', () => {
  it('opens every static page with its heading and content, accessibly', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    for (const [path, heading, text] of STATIC_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByText(text, { exact: false }).first().waitFor();
      // "<page> | SportSpyder"; a guide adds its catalogue: "<guide> | Feature Guide | SportSpyder".
      expect(await page.title()).toMatch(new RegExp(`^${heading} \\| (Feature Guide \\| )?SportSpyder$`));
      await expectAccessible(page, path);
    }
    // The catalogue's links open the guides.
    await page.goto('/about/features');
    await page.getByRole('link', { name: 'Fantasy teams' }).click();
    await page.waitForURL(`${baseUrl}/about/feature/players/fantasy`);
    await page.getByRole('heading', { level: 1, name: 'Fantasy teams' }).waitFor();
    await context.close();
  });
});

describe('embed configurator', () => {
  it('previews the real headline widget and copies a snippet whose integrity matches the served file', async () => {
    const context = await newContext(browser(), baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    await page.goto('/about/publishers');
    const configurator = page.getByRole('region', { name: 'Configure the headline widget' });
    const code = configurator.getByRole('figure', { name: 'Snippet' }).locator('code');
    await configurator.getByText('integrity', { exact: false }).first().waitFor();
    const host = configurator.getByTestId('embed-preview').locator('sportspyder-headline');
    await host.waitFor();
    await expectAccessible(page, '/about/publishers with the preview');

    await configurator.getByLabel('Theme').selectOption('dark');
    await configurator.getByLabel('Number of headlines').fill('3');
    await expect.poll(() => host.getAttribute('data-scheme')).toBe('dark');
    expect(await configurator.getByTestId('embed-preview').locator('sportspyder-headline').count()).toBe(1);
    const snippet = (await code.textContent()) ?? '';
    expect(snippet).toContain('data-limit="3" data-theme="dark"');
    expect(snippet).toContain('crossorigin="anonymous"');

    // The hash in the snippet is the served file's: the browser would run it.
    const [, src, integrity] = /src="([^"]+)" integrity="([^"]+)"/.exec(snippet) ?? [];
    expect(src).toMatch(/\/widgets\/v[^/]+\/headline\.js$/);
    const computed = await page.evaluate(async (url) => {
      const bytes = await (await fetch(url)).arrayBuffer();
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
      return `sha384-${btoa(String.fromCharCode(...digest))}`;
    }, src ?? '');
    expect(computed).toBe(integrity);

    await configurator.getByRole('button', { name: 'Copy snippet' }).click();
    await configurator.getByRole('status').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await context.close();
  });
});

describe('contact form', () => {
  it('sends a message from the Feedback link: toast, home, and the mail in /dev/mail', async () => {
    const email = `e2e_contact_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
    const subject = `Scores please ${Date.now().toString(36)}`;
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Feedback' }).click();
    await page.waitForURL(`${baseUrl}/contact/1`);
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await page.getByLabel('Topic').inputValue()).toBe('1');

    // A missing subject and message come back from the server, named in the error box.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send message' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'The following problems were encountered:' });
    await box.getByText("Subject can't be blank").waitFor();
    expect(await page.getByLabel('Subject').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, '/contact/1 with errors');

    // Changing the topic changes the URL and the fields.
    await page.getByLabel('Topic').selectOption('3');
    await page.waitForURL(`${baseUrl}/contact/3`);
    await page.getByLabel('Url').waitFor();
    await page.getByLabel('Topic').selectOption('1');
    await page.waitForURL(`${baseUrl}/contact/1`);

    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Live scores on the team pages would be great.\nThanks!');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent successfully — We appreciate your feedback!').waitFor();
    await page.waitForURL(`${baseUrl}/`);

    const mail = page.locator('li.mail', { hasText: subject });
    const deadline = Date.now() + 15_000;
    do {
      await page.goto(`${baseUrl}/dev/mail`);
      if ((await mail.count()) > 0) break;
      await page.waitForTimeout(250);
    } while (Date.now() < deadline);
    expect(await mail.count()).toBe(1);
    expect(await mail.locator('.to').textContent()).toBe('contact@localhost');
    expect(await mail.locator('h2').textContent()).toBe(`[SportSpyder contact] General comments: ${subject}`);
    const text = (await mail.locator('pre').textContent()) ?? '';
    expect(text).toContain(`From: ${email}`);
    expect(text).toContain('Live scores on the team pages would be great.');
    await context.close();
  });
});
