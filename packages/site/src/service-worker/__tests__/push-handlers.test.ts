// The service worker's push handlers (issue 49): what a payload shows (title, body, collapse tag, the
// page to open), what a click opens, and how a replaced subscription reaches the server, over a fake
// worker scope whose fetch goes to msw.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type NotificationEventLike,
  notificationFromPayload,
  notificationIcon,
  type PushEventLike,
  type PushSubscriptionChangeEventLike,
  type PushWorkerScope,
  parsePushPayload,
  pickClientToFocus,
  registerPushHandlers,
  safeSitePath,
} from '../push-handlers.js';

const ORIGIN = 'http://localhost';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const finalScore = {
  kind: 'final_score',
  title: 'Packers 27, Bears 20 (Final)',
  body: 'Love threw for 310 yards.',
  url: '/nfl/games/123',
  tag: 'game-123',
  timestamp: 1_764_000_000_000,
};

describe('reading a payload', () => {
  it('reads an alert of a known kind', () => {
    expect(parsePushPayload(JSON.stringify(finalScore))).toEqual(finalScore);
  });

  it('refuses what is not an alert of ours', () => {
    expect(parsePushPayload('')).toBeNull();
    expect(parsePushPayload('not json')).toBeNull();
    expect(parsePushPayload(JSON.stringify({ ...finalScore, kind: 'promo' }))).toBeNull();
  });

  it('keeps a click on the site', () => {
    expect(safeSitePath('/nba/teams/los-angeles-lakers')).toBe('/nba/teams/los-angeles-lakers');
    expect(safeSitePath('https://evil.example/')).toBe('/');
    expect(safeSitePath('//evil.example/')).toBe('/');
    expect(safeSitePath('/\\evil.example')).toBe('/');
    expect(parsePushPayload(JSON.stringify({ ...finalScore, url: 'javascript:alert(1)' }))?.url).toBe('/');
  });
});

describe('the notification of a payload', () => {
  it("shows the title and body, collapses on the tag and opens the alert's page", () => {
    const { title, options } = notificationFromPayload(
      finalScore as Parameters<typeof notificationFromPayload>[0],
    );
    expect(title).toBe(finalScore.title);
    expect(options).toMatchObject({
      body: finalScore.body,
      tag: 'game-123',
      icon: notificationIcon,
      timestamp: finalScore.timestamp,
      data: { url: '/nfl/games/123', kind: 'final_score' },
    });
  });

  it('sounds again for a final score replacing the start, silently for a new episode', () => {
    const of = (kind: string) =>
      notificationFromPayload({ ...finalScore, kind } as Parameters<typeof notificationFromPayload>[0])
        .options.renotify;
    expect(of('final_score')).toBe(true);
    expect(of('breaking')).toBe(true);
    expect(of('game_start')).toBe(false);
    expect(of('new_episode')).toBe(false);
  });
});

describe('which window a click uses', () => {
  const windows = [
    { url: 'https://other.example/', focused: true },
    { url: `${ORIGIN}/nba`, focused: false },
    { url: `${ORIGIN}/nfl/games/123`, focused: false },
  ];

  it('prefers the window already on the page, then the focused one of the site, then any', () => {
    expect(pickClientToFocus(windows, '/nfl/games/123', ORIGIN)).toBe(windows[2]);
    expect(pickClientToFocus(windows, '/mlb', ORIGIN)).toBe(windows[1]);
    expect(pickClientToFocus([windows[0] as (typeof windows)[number]], '/mlb', ORIGIN)).toBeUndefined();
  });
});

/** A worker scope whose handlers the test fires; what they do is recorded. */
function fakeScope(windows: { url: string; focused?: boolean }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const record = {
    shown: [] as { title: string; options: NotificationOptions }[],
    opened: [] as string[],
    focused: [] as string[],
    navigated: [] as string[],
  };
  const clients = windows.map((w) => ({
    ...w,
    focus: async () => {
      record.focused.push(w.url);
      return null;
    },
    navigate: async (url: string) => {
      record.navigated.push(url);
      return null;
    },
  }));
  const scope: PushWorkerScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => {
        record.shown.push({ title, options: options ?? {} });
      },
      pushManager: {
        subscribe: async () => ({
          toJSON: () => ({ endpoint: 'https://push.example/renewed', keys: { p256dh: 'k', auth: 'a' } }),
        }),
      },
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url) => {
        record.opened.push(url);
        return null;
      },
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener as (event: unknown) => void);
    },
    fetch: (input, init) => fetch(new URL(input, ORIGIN), init),
    cookieStore: { get: async (name) => (name === 'sportspyder_csrf' ? { value: 'csrf-token' } : null) },
  };
  registerPushHandlers(scope);
  /** Fires `type` and resolves when the promise given to waitUntil settles. */
  const fire = async <E>(type: string, event: Omit<E, 'waitUntil'>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { fire, record };
}

describe('the handlers', () => {
  it('shows the notification of a push inside waitUntil', async () => {
    const { fire, record } = fakeScope();
    await fire<PushEventLike>('push', { data: { text: () => JSON.stringify(finalScore) } });
    expect(record.shown).toEqual([
      {
        title: finalScore.title,
        options: expect.objectContaining({ body: finalScore.body, tag: 'game-123', renotify: true }),
      },
    ]);
  });

  it('still shows a plain notification for a push it cannot read', async () => {
    const { fire, record } = fakeScope();
    await fire<PushEventLike>('push', { data: null });
    expect(record.shown[0]?.title).toBe('SportSpyder');
  });

  it("a click closes the notification and opens its page in the site's window", async () => {
    const { fire, record } = fakeScope([{ url: `${ORIGIN}/nba`, focused: true }]);
    let closed = false;
    await fire<NotificationEventLike>('notificationclick', {
      notification: { data: { url: '/nfl/games/123' }, close: () => (closed = true) },
    });
    expect(closed).toBe(true);
    expect(record.focused).toEqual([`${ORIGIN}/nba`]);
    expect(record.navigated).toEqual([`${ORIGIN}/nfl/games/123`]);
    expect(record.opened).toEqual([]);
  });

  it('a click with no window of the site open opens one', async () => {
    const { fire, record } = fakeScope([{ url: 'https://other.example/' }]);
    await fire<NotificationEventLike>('notificationclick', {
      notification: { data: { url: '/nfl/games/123' }, close: () => undefined },
    });
    expect(record.opened).toEqual([`${ORIGIN}/nfl/games/123`]);
  });

  it('stores a replaced subscription with the CSRF token and forgets the old endpoint', async () => {
    const calls: { method: string; csrf: string | null; body: unknown }[] = [];
    const keep = async ({ request }: { request: Request }) => {
      calls.push({
        method: request.method,
        csrf: request.headers.get('X-CSRF-Token'),
        body: await request.json(),
      });
      return request.method === 'POST'
        ? HttpResponse.json({ id: 1 })
        : new HttpResponse(null, { status: 204 });
    };
    server.use(
      http.post(`${ORIGIN}/api/v1/profile/push_subscriptions`, keep),
      http.delete(`${ORIGIN}/api/v1/profile/push_subscriptions`, keep),
      http.get(`${ORIGIN}/api/v1/push/public_key`, () => HttpResponse.json({ publicKey: 'BAEC' })),
    );
    const { fire } = fakeScope();
    const old = {
      toJSON: () => ({ endpoint: 'https://push.example/old', keys: { p256dh: 'k', auth: 'a' } }),
    };
    await fire<PushSubscriptionChangeEventLike>('pushsubscriptionchange', {
      oldSubscription: old,
      newSubscription: null,
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        csrf: 'csrf-token',
        body: { endpoint: 'https://push.example/renewed', keys: { p256dh: 'k', auth: 'a' } },
      },
      { method: 'DELETE', csrf: 'csrf-token', body: { endpoint: 'https://push.example/old' } },
    ]);
  });
});
