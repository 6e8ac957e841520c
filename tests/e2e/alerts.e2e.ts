// Alerts on the device in Chromium against the built server (issue 49). The demo member turns on "Final
// score" for a followed team on /settings/alerts, saves, and finds it kept after a reload (axe on the
// page). Then the site's own service worker: with notifications allowed, a push message is delivered to
// it through the DevTools protocol (ServiceWorker.deliverPushMessage, the path a push service's message
// takes inside the browser), and the notification it shows is read back with getNotifications (title,
// body, tag; a second message with the same tag replaces the first). Chromium has no protocol command
// to click a notification, so the click is a `notificationclick` NotificationEvent, carrying the shown
// notification, dispatched inside the worker: the worker's own listener runs and moves the page to the
// alert's URL. The demo member is shared with other browser tests: the choices are put back at the end.
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const DEMO = { email: 'demo@sportspyder.test', password: 'sportspyder-demo' };
/** The demo member follows the Packers, the Yankees and the Celtics. */
const TEAM = { name: 'Green Bay Packers', path: '/nfl/green-bay-packers/news' };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

interface AlertChoices {
  teams: { teamId: number; gameStart: boolean; finalScore: boolean; breaking: boolean }[];
  podcasts: { podcastId: number; newEpisode: boolean }[];
  quietHours: { start: string; end: string; timeZone: string } | null;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form.ss-form');
  await form.getByLabel('Email').fill(DEMO.email);
  await form.getByLabel('Password').fill(DEMO.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

/** GET or PUT the member's alert choices from the page (its cookies and CSRF token). */
function alertChoices(page: Page, put?: AlertChoices): Promise<AlertChoices> {
  return page.evaluate(async (body) => {
    const csrf = decodeURIComponent(document.cookie.match(/sportspyder_csrf=([^;]+)/)?.[1] ?? '');
    const res = await fetch('/api/v1/profile/alerts', {
      method: body ? 'PUT' : 'GET',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as AlertChoices;
  }, put);
}

/** The notifications the site's worker shows now with `tag` (what the member sees). */
function shownNotifications(page: Page, tag: string) {
  return page.evaluate(async (t) => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications({ tag: t })).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  }, tag);
}

/** A DevTools session with the id it gives the site's service worker registration (scope `/`). */
async function workerRegistration(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const scope = new URL('/', baseUrl).href;
  const id = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await id };
}

let before: AlertChoices | undefined;
let signedIn: Page | undefined;

afterAll(async () => {
  if (signedIn && before) await alertChoices(signedIn, before).catch(() => undefined);
});

describe('alerts', () => {
  it('keeps a Final score choice, and the service worker shows a pushed alert whose click opens its page', async () => {
    const context = await newContext(browser(), baseUrl);
    await context.grantPermissions(['notifications'], { origin: new URL(baseUrl).origin });
    const page = await context.newPage();
    signedIn = page;
    await signIn(page);
    before = await alertChoices(page);

    // The choices: one fieldset per followed team, saved and kept.
    await page.goto('/settings/alerts');
    const team = page.getByRole('group', { name: TEAM.name });
    const finalScore = team.getByRole('checkbox', { name: 'Final score' });
    await finalScore.waitFor();
    await expectAccessible(page, '/settings/alerts');
    if (await finalScore.isChecked()) {
      // Left on by an earlier run: start from off so the save below is a change.
      await finalScore.uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Alerts updated successfully!').first().waitFor();
    }
    await finalScore.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Alerts updated successfully!').first().waitFor();
    await page.reload();
    await page
      .getByRole('group', { name: TEAM.name })
      .getByRole('checkbox', { name: 'Final score' })
      .waitFor();
    expect(
      await page
        .getByRole('group', { name: TEAM.name })
        .getByRole('checkbox', { name: 'Final score' })
        .isChecked(),
    ).toBe(true);

    // The device: notifications are allowed and the site's worker is there, so the switch is offered.
    await page.getByRole('button', { name: 'Turn on alerts on this device' }).waitFor({ timeout: 15_000 });
    await expectAccessible(page, '/settings/alerts (device switch)');

    // A push message to the site's worker, as the browser delivers one from the push service.
    const worker: Worker =
      context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const { cdp, registrationId } = await workerRegistration(context, page);
    const tag = `game-e2e-${Date.now()}`;
    const push = (title: string, body: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(baseUrl).origin,
        registrationId,
        data: JSON.stringify({
          kind: 'final_score',
          title,
          body,
          url: TEAM.path,
          tag,
          timestamp: Date.now(),
        }),
      });
    await push('Packers 20, Bears 17 (3rd quarter)', 'Love to Watson for 40 yards.');
    await expect
      .poll(() => shownNotifications(page, tag), { timeout: 15_000 })
      .toEqual([
        {
          title: 'Packers 20, Bears 17 (3rd quarter)',
          body: 'Love to Watson for 40 yards.',
          tag,
          url: TEAM.path,
        },
      ]);

    // A newer alert of the same game replaces the older one on the device.
    await push('Packers 27, Bears 20 (Final)', 'Green Bay wins at Soldier Field.');
    await expect
      .poll(() => shownNotifications(page, tag), { timeout: 15_000 })
      .toEqual([
        {
          title: 'Packers 27, Bears 20 (Final)',
          body: 'Green Bay wins at Soldier Field.',
          tag,
          url: TEAM.path,
        },
      ]);

    // The click: the worker's notificationclick listener gets the shown notification.
    await worker.evaluate(async (t) => {
      const scope = self as unknown as {
        registration: { getNotifications(o: { tag: string }): Promise<Notification[]> };
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications({ tag: t });
      if (!notification) throw new Error('no notification to click');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    }, tag);
    await page.waitForURL((url) => url.pathname === TEAM.path, { timeout: 15_000 });
    await expect.poll(() => shownNotifications(page, tag)).toEqual([]);
    await context.close();
    // Sign-in, two saves, a reload, axe twice and the worker's first start: above the default minute
    // on a busy machine.
  }, 180_000);
});
