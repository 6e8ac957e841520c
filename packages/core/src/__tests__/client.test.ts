// The client as a whole: start() loads session and reference data and wires the realtime channels.
import type { Sport, Team, Topic } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNSENT_INPUT_RECHECK_MS } from '../constants.js';
import type { PageLifecycleListener } from '../environment.js';
import { cableUrlFor } from '../realtime.js';
import { api, makeClient, makeUser, server, signedIn, signedOut } from './fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function team(slug: string, sportId: number): Team {
  return {
    id: slug.length,
    teamId: slug.length,
    slug,
    name: slug,
    fullName: slug,
    shortName: slug.slice(0, 3).toUpperCase(),
    meta: '',
    sport: 'nfl',
    logo: `/logos/teams/${slug}.svg`,
    count: 0,
    sportId,
    divisionId: 1,
    conferenceId: null,
    location: 'Somewhere',
    sportSlug: 'nfl',
    sportName: 'NFL',
    description: null,
    twitterAccount: null,
    sendtonewsKey: null,
    snackKey: null,
    listId: null,
    podcastsEnabled: true,
    summarize: false,
    iconColor: '#203731',
  };
}

const sports: Sport[] = [
  {
    id: 1,
    name: 'NFL',
    slug: 'nfl',
    logo: '/logos/sports/nfl.svg',
    isCollege: false,
    twitterAccount: null,
    sendtonewsKey: null,
    snackKey: null,
    divisions: [{ id: 1, sportId: 1, name: 'NFC North', teams: [team('green-bay-packers', 1)] }],
  },
  {
    id: 9,
    name: 'College Football',
    slug: 'cf',
    logo: '/logos/sports/cf.svg',
    isCollege: true,
    twitterAccount: null,
    sendtonewsKey: null,
    snackKey: null,
    conferences: [{ id: 3, sportId: 9, name: 'SEC', teams: [team('alabama-crimson-tide', 9)] }],
  },
];
const topics: Topic[] = [
  { id: 1, name: 'Golf', slug: 'golf', iconColor: '#0a0', sendtonewsKey: null, snackKey: null },
];
const meta = { pagination: { page: 1, perPage: 100, totalPages: 1, totalCount: 2 } };

function referenceHandlers() {
  const queries: string[] = [];
  server.use(
    http.get(api('sports'), ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json({ sports, meta });
    }),
    http.get(api('topics'), () => HttpResponse.json({ topics, meta })),
  );
  return queries;
}

describe('reference precache', () => {
  it('loads sports with teams and topics, indexed by slug', async () => {
    const queries = referenceHandlers();
    const { client } = makeClient();
    expect(client.reference.getSnapshot().loading).toBe(true);
    await client.reference.load();
    const snapshot = client.reference.getSnapshot();
    expect(queries).toEqual(['?includes=teams']);
    expect(snapshot.loading).toBe(false);
    expect(snapshot.sports.map((s) => s.slug)).toEqual(['nfl', 'cf']);
    expect(Object.keys(snapshot.teamsBySlug).sort()).toEqual(['alabama-crimson-tide', 'green-bay-packers']);
    expect(snapshot.sportsBySlug.cf?.name).toBe('College Football');
    expect(snapshot.topics.map((t) => t.slug)).toEqual(['golf']);
    await client.reference.load();
    expect(queries).toHaveLength(1);
  });

  it('reports an error and can load again', async () => {
    server.use(
      http.get(api('sports'), () =>
        HttpResponse.json({ errors: [{ title: 'x', code: 'server_error' }] }, { status: 500 }),
      ),
      http.get(api('topics'), () => HttpResponse.json({ topics, meta })),
    );
    const { client } = makeClient();
    await expect(client.reference.load()).rejects.toThrow();
    expect(client.reference.getSnapshot()).toMatchObject({ loading: false });
    expect(client.reference.getSnapshot().error).toBeDefined();
    referenceHandlers();
    await client.reference.load();
    expect(client.reference.getSnapshot().sports).toHaveLength(2);
  });
});

describe('start and realtime', () => {
  it('refetches the session on a UserNotificationsChannel message', async () => {
    referenceHandlers();
    let count = 0;
    let reads = 0;
    server.use(
      http.get(api('session'), () => {
        reads++;
        return HttpResponse.json(signedIn(makeUser({ notificationsCount: count })));
      }),
    );
    const { client, cable } = makeClient();
    await client.start();
    expect(cable.isSubscribed('UserNotificationsChannel')).toBe(true);
    expect(cable.isSubscribed('UserVersionsChannel')).toBe(true);
    expect(reads).toBe(1);

    count = 4;
    cable.push('UserNotificationsChannel', { type: 'notification', notificationsCount: 4 });
    await flush();
    await flush();
    expect(reads).toBe(2);
    expect(client.session.getSnapshot().user?.notificationsCount).toBe(4);
    client.stop();
    expect(cable.subscriptions()).toEqual([]);
  });

  it('reloads the page when UserVersionsChannel announces a version other than the one it loaded', async () => {
    referenceHandlers();
    server.use(http.get(api('session'), () => HttpResponse.json(signedOut())));
    const { client, cable, reload } = makeClient({ hasUnsentInput: () => false });
    await client.start();
    // Another process starting with the version this page loaded with (scale-out, a restart): stay.
    cable.push('UserVersionsChannel', { version: '1' });
    expect(reload).not.toHaveBeenCalled();
    cable.push('UserVersionsChannel', { version: '2026.11.22' });
    expect(reload).toHaveBeenCalledTimes(1);
    client.stop();
  });

  it('waits for unsent input to be sent or abandoned before reloading for a new version', async () => {
    referenceHandlers();
    server.use(http.get(api('session'), () => HttpResponse.json(signedOut())));
    vi.useFakeTimers();
    try {
      let typing = true;
      const { client, cable, reload } = makeClient({ hasUnsentInput: () => typing });
      await client.start();
      cable.push('UserVersionsChannel', { version: '2' });
      vi.advanceTimersByTime(UNSENT_INPUT_RECHECK_MS * 5);
      expect(reload).not.toHaveBeenCalled();
      // A second announcement while waiting does not stack reloads.
      cable.push('UserVersionsChannel', { version: '3' });
      typing = false;
      vi.advanceTimersByTime(UNSENT_INPUT_RECHECK_MS);
      expect(reload).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(UNSENT_INPUT_RECHECK_MS * 5);
      expect(reload).toHaveBeenCalledTimes(1);
      client.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('catches up over REST after the socket reconnects: refetches the session, reloads on a new version', async () => {
    referenceHandlers();
    let version = '1';
    let reads = 0;
    server.use(
      http.get(api('session'), () => {
        reads++;
        const body = signedOut();
        return HttpResponse.json({ session: { ...body.session, version } });
      }),
    );
    const { client, cable, reload } = makeClient({ hasUnsentInput: () => false });
    await client.start();
    await flush();
    expect(reads).toBe(1);

    // Same version: the session is refreshed, the page stays.
    cable.reconnect();
    await flush();
    await flush();
    expect(reads).toBe(2);
    expect(reload).not.toHaveBeenCalled();

    // A deploy happened while the socket was down: its push was missed, the catch-up reloads.
    version = '2';
    cable.reconnect();
    await flush();
    await flush();
    expect(reads).toBe(3);
    expect(reload).toHaveBeenCalledTimes(1);
    client.stop();
  });

  it('closes the socket as the page is left and opens it when the page comes back from the cache', async () => {
    referenceHandlers();
    server.use(http.get(api('session'), () => HttpResponse.json(signedOut())));
    let lifecycle: PageLifecycleListener | undefined;
    const { client, cable } = makeClient({
      onPageLifecycle: (listener) => {
        lifecycle = listener;
        return () => {
          lifecycle = undefined;
        };
      },
    });
    await client.start();
    await flush();
    expect(cable.connected).toBe(true);
    lifecycle?.hidden();
    // No open socket: the page may enter the back/forward cache.
    expect(cable.connected).toBe(false);
    lifecycle?.shown(false);
    expect(cable.connected).toBe(false);
    lifecycle?.shown(true);
    expect(cable.connected).toBe(true);
    client.stop();
    expect(lifecycle).toBeUndefined();
  });

  it('subscribes to notifications only while a member is signed in', async () => {
    referenceHandlers();
    let signed = true;
    server.use(
      http.get(api('session'), () => HttpResponse.json(signed ? signedIn() : signedOut())),
      http.delete(api('session'), () => {
        signed = false;
        return HttpResponse.json(signedOut());
      }),
    );
    const { client, cable } = makeClient();
    await client.start();
    expect(cable.isSubscribed('UserNotificationsChannel')).toBe(true);
    await client.session.signOut();
    expect(cable.isSubscribed('UserNotificationsChannel')).toBe(false);
    expect(cable.isSubscribed('UserVersionsChannel')).toBe(true);
    client.stop();
  });

  it('revalidates cached member data when the signed-in member changes', async () => {
    let signed = true;
    let feedReads = 0;
    server.use(
      http.get(api('session'), () => HttpResponse.json(signed ? signedIn() : signedOut())),
      http.delete(api('session'), () => {
        signed = false;
        return HttpResponse.json(signedOut());
      }),
      http.get(api('feed'), () => HttpResponse.json({ reads: ++feedReads })),
    );
    const { client } = makeClient({ staleTime: 60_000 });
    await client.session.load();
    const off = client.cache.subscribe('api/v1/feed', () => undefined);
    await client.fetchResource('api/v1/feed');
    expect(feedReads).toBe(1);
    await client.session.signOut();
    await flush();
    expect(feedReads).toBe(2);
    expect(client.cache.getSnapshot('api/v1/feed').data).toEqual({ reads: 2 });
    off();
  });

  it('does not throw from start when the API is down', async () => {
    server.use(
      http.get(api('session'), () => HttpResponse.error()),
      http.get(api('sports'), () => HttpResponse.error()),
      http.get(api('topics'), () => HttpResponse.error()),
    );
    const { client } = makeClient();
    await expect(client.start()).resolves.toBeUndefined();
    expect(client.session.getSnapshot().loading).toBe(false);
    expect(client.reference.getSnapshot().loading).toBe(false);
    client.stop();
  });
});

describe('cableUrlFor', () => {
  it('derives ws and wss URLs from the origin', () => {
    expect(cableUrlFor('http://localhost:8080/nfl?x=1')).toBe('ws://localhost:8080/cable');
    expect(cableUrlFor('https://sportspyder.com/')).toBe('wss://sportspyder.com/cable');
  });
});
