// Session store (spec 1 §4.1): load, sign in with the device hash and reload, non-optimistic
// sign-out with refetch and toast, and the first-read merge of listening data.
import type { PodcastListens } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_STORAGE_KEY, SIGNED_OUT_TOAST } from '../constants.js';
import { ApiError } from '../errors.js';
import { emptyPlayerMemory, readPlayerMemory, writePlayerMemory } from '../player-memory.js';
import { memoryStorage } from '../storage.js';
import { api, makeClient, makeUser, server, signedIn, signedOut } from './fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('load', () => {
  it('starts loading and then shows the signed-in member', async () => {
    server.use(http.get(api('session'), () => HttpResponse.json(signedIn())));
    const { client } = makeClient();
    expect(client.session.getSnapshot()).toMatchObject({ loading: true, loggedIn: false, user: null });
    await client.session.load();
    const snapshot = client.session.getSnapshot();
    expect(snapshot.loading).toBe(false);
    expect(snapshot.loggedIn).toBe(true);
    expect(snapshot.user?.username).toBe('demo');
    expect(client.session.getSnapshot()).toBe(snapshot);
  });

  it('reads the session once for concurrent loads', async () => {
    let calls = 0;
    server.use(
      http.get(api('session'), () => {
        calls++;
        return HttpResponse.json(signedOut());
      }),
    );
    const { client } = makeClient();
    await Promise.all([client.session.load(), client.session.load()]);
    expect(calls).toBe(1);
    expect(client.session.getSnapshot()).toMatchObject({ loading: false, loggedIn: false });
  });

  it('records a failed read in the snapshot', async () => {
    server.use(
      http.get(api('session'), () =>
        HttpResponse.json({ errors: [{ title: 'Server error', code: 'server_error' }] }, { status: 500 }),
      ),
    );
    const { client } = makeClient();
    await expect(client.session.load()).rejects.toBeInstanceOf(ApiError);
    expect(client.session.getSnapshot().loading).toBe(false);
    expect(client.session.getSnapshot().error).toBeInstanceOf(ApiError);
  });
});

describe('sign in', () => {
  it('posts username, password and the device hash, then reloads the page', async () => {
    let body: unknown;
    server.use(
      http.post(api('session'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(signedIn());
      }),
    );
    const { client, reload } = makeClient();
    await client.session.signIn({ username: 'demo@sportspyder.test', password: 'sportspyder-demo' });
    expect(body).toEqual({
      username: 'demo@sportspyder.test',
      password: 'sportspyder-demo',
      hash: client.deviceHash,
    });
    expect(client.deviceHash).toMatch(/^[0-9a-f]{32}$/);
    expect(reload).toHaveBeenCalledTimes(1);
    // Nothing on the page changes before the reload: the reloaded page reads the new session.
    expect(client.session.getSnapshot().loggedIn).toBe(false);
  });

  it('rejects with the ApiError on 422 so the form can show its title, and does not reload', async () => {
    server.use(
      http.post(api('session'), () =>
        HttpResponse.json(
          {
            errors: [{ title: 'Invalid email or password', code: 'invalid_credentials', field: 'password' }],
          },
          { status: 422 },
        ),
      ),
    );
    const { client, reload } = makeClient();
    const error = (await client.session
      .signIn({ username: 'demo@sportspyder.test', password: 'wrong' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.firstError.title).toBe('Invalid email or password');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('sign out', () => {
  it('stays signed in until the DELETE answered, then refetches and shows the toast', async () => {
    let signedInOnServer = true;
    let releaseDelete: () => void = () => undefined;
    const calls: string[] = [];
    server.use(
      http.get(api('session'), () => {
        calls.push('GET');
        return HttpResponse.json(signedInOnServer ? signedIn() : signedOut());
      }),
      http.delete(api('session'), async () => {
        calls.push('DELETE');
        await new Promise<void>((resolve) => (releaseDelete = resolve));
        signedInOnServer = false;
        return HttpResponse.json(signedOut());
      }),
    );
    const { client } = makeClient({ cookies: () => 'sportspyder_csrf=t' });
    await client.session.load();
    const signingOut = client.session.signOut();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(['GET', 'DELETE']);
    expect(client.session.getSnapshot().loggedIn).toBe(true);
    expect(client.toasts.getSnapshot()).toEqual([]);

    releaseDelete();
    await signingOut;
    expect(calls).toEqual(['GET', 'DELETE', 'GET']);
    expect(client.session.getSnapshot()).toMatchObject({ loggedIn: false, user: null });
    expect(client.toasts.getSnapshot().map((toast) => toast.text)).toEqual([SIGNED_OUT_TOAST]);
  });

  it('uses the DELETE answer when the refetch fails', async () => {
    let reads = 0;
    server.use(
      http.get(api('session'), () => {
        reads++;
        return reads === 1 ? HttpResponse.json(signedIn()) : HttpResponse.error();
      }),
      http.delete(api('session'), () => HttpResponse.json(signedOut())),
    );
    const { client } = makeClient({ retry: { attempts: 1 } });
    await client.session.load();
    await client.session.signOut();
    expect(client.session.getSnapshot().loggedIn).toBe(false);
    expect(client.toasts.getSnapshot().map((t) => t.text)).toEqual([SIGNED_OUT_TOAST]);
  });

  it('keeps the session and shows no toast when the DELETE fails', async () => {
    server.use(
      http.get(api('session'), () => HttpResponse.json(signedIn())),
      http.delete(api('session'), () =>
        HttpResponse.json({ errors: [{ title: 'Invalid CSRF', code: 'csrf_invalid' }] }, { status: 403 }),
      ),
    );
    const { client } = makeClient();
    await client.session.load();
    await expect(client.session.signOut()).rejects.toBeInstanceOf(ApiError);
    expect(client.session.getSnapshot().loggedIn).toBe(true);
    expect(client.toasts.getSnapshot()).toEqual([]);
  });
});

describe('listening data merge on first read', () => {
  it('merges the server listens into the stored player memory once', async () => {
    const storage = memoryStorage();
    writePlayerMemory(storage, { ...emptyPlayerMemory(), recents: [{ id: 1, time: 5 }], times: { '1': 5 } });
    let listens: PodcastListens = {
      recents: [{ id: 2, time: 30 }],
      completed: [9],
      times: { '1': 99, '2': 30 },
      episode: 2,
    };
    server.use(
      http.get(api('session'), () => HttpResponse.json(signedIn(makeUser({ podcastListens: listens })))),
    );
    const { client } = makeClient({ storage });
    await client.session.load();
    const memory = readPlayerMemory(storage);
    expect(memory.recents).toEqual([
      { id: 1, time: 5 },
      { id: 2, time: 30 },
    ]);
    expect(memory.times).toEqual({ '1': 5, '2': 30 });
    expect(memory.completed).toEqual([9]);
    expect(memory.serverEpisodeId).toBe(2);

    // Later reads do not merge again.
    listens = { recents: [{ id: 3, time: 1 }], completed: [], times: {}, episode: null };
    await client.session.refetch();
    expect(readPlayerMemory(storage).recents.map((r) => r.id)).toEqual([1, 2]);
    expect(storage.getItem(PLAYER_STORAGE_KEY)).not.toBeNull();
  });
});
