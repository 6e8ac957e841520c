// What the client tells the ad rules about this page load: the experiment variant (the session's
// experiment and one random bucket per page load) and whether the device is visiting for the first time.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_HASH_STORAGE_KEY } from '../constants.js';
import { memoryStorage } from '../testing/index.js';
import { api, makeClient, server, signedOut } from './fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const experiment = {
  id: 3,
  type: 'ads',
  platform: 'all',
  variants: [
    { id: 4, percentage: 50 },
    { id: 5, percentage: 49 },
  ],
};

function sessionWithExperiment() {
  const { session } = signedOut();
  server.use(http.get(api('session'), () => HttpResponse.json({ session: { ...session, exp: experiment } })));
}

describe('client.variant', () => {
  it('is null until the session with its experiment is read', async () => {
    sessionWithExperiment();
    const { client } = makeClient({ random: () => 0.1 });
    expect(client.variant()).toBeNull();
    await client.session.load();
    expect(client.variant()).toBe(4);
  });

  it('follows the page load bucket: a roll past the first variant picks the second', async () => {
    sessionWithExperiment();
    const { client } = makeClient({ random: () => 0.6 });
    await client.session.load();
    expect(client.variant()).toBe(5);
  });

  it('is null without an experiment', async () => {
    server.use(http.get(api('session'), () => HttpResponse.json(signedOut())));
    const { client } = makeClient();
    await client.session.load();
    expect(client.variant()).toBeNull();
  });
});

describe('client.visitorType', () => {
  it('is new on a device without a device hash, returning on the next page load', () => {
    const storage = memoryStorage();
    expect(makeClient({ storage }).client.visitorType).toBe('new');
    expect(storage.getItem(DEVICE_HASH_STORAGE_KEY)).toMatch(/^[0-9a-f]{32}$/);
    expect(makeClient({ storage }).client.visitorType).toBe('returning');
  });
});
