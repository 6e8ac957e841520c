// Page-view tracking: the body of POST api/v1/user/views and the `out` flag.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server, signedIn } from './fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function recordViews() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(api('user/views'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ view: { id: bodies.length } }, { status: 201 });
    }),
  );
  return bodies;
}

describe('trackView', () => {
  it('posts path, hash, platform, referrer, first, variant and visibility', async () => {
    const bodies = recordViews();
    const { client } = makeClient({ viewportWidth: () => 767, documentHidden: () => true });
    await expect(client.trackView({ path: '/nfl', referrer: 'https://google.com/' })).resolves.toBe(true);
    await client.trackView({ path: '/nba', referrer: '/nfl' });
    expect(bodies[0]).toEqual({
      path: '/nfl',
      hash: client.deviceHash,
      p: 1,
      referrer: 'https://google.com/',
      first: true,
      v: null,
      no: true,
      vf: null,
      va: null,
    });
    expect(bodies[1]).toMatchObject({ path: '/nba', first: false, referrer: '/nfl' });
  });

  it('marks desktop views with p 0 and sends the experiment variant of the session', async () => {
    const bodies = recordViews();
    const session = signedIn();
    session.session.exp = {
      id: 1,
      type: 'ads',
      platform: 'all',
      variants: [
        { id: 4, percentage: 50 },
        { id: 5, percentage: 49 },
      ],
    };
    server.use(http.get(api('session'), () => HttpResponse.json(session)));
    const { client } = makeClient({ viewportWidth: () => 1280, random: () => 0.9 });
    await client.session.load();
    await client.trackView({ path: '/' });
    expect(bodies[0]).toMatchObject({ p: 0, v: 5, no: false });
  });

  it('sends nothing when the page URL has the out flag', async () => {
    const bodies = recordViews();
    const { client } = makeClient({ location: () => 'http://localhost/login?out' });
    await expect(client.trackView({ path: '/login' })).resolves.toBe(false);
    expect(bodies).toEqual([]);
  });

  it('swallows failures and does not route them to the 404 or 429 handlers', async () => {
    server.use(
      http.post(api('user/views'), () =>
        HttpResponse.json({ errors: [{ title: 'Slow down', code: 'rate_limited' }] }, { status: 429 }),
      ),
    );
    let rateLimited = 0;
    const { client } = makeClient({ onRateLimited: () => rateLimited++ });
    await expect(client.trackView({ path: '/' })).resolves.toBe(false);
    expect(rateLimited).toBe(0);
  });
});
