import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server } from '../../__tests__/fixtures.js';
import {
  base64UrlToBytes,
  browserPush,
  createPushDevice,
  type DevicePushSubscription,
  PUSH_DEVICE_TEXTS,
  type PushBrowser,
  type PushPermission,
  type PushRegistration,
  pushSubscriptionBody,
  subscribeDevice,
  unsubscribeDevice,
} from '../push-device.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// A VAPID public key is a 65-byte uncompressed P-256 point; its bytes do not matter to the client.
const keyBytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const publicKey = Buffer.from(keyBytes).toString('base64url');

/** A fake push manager: one subscription at a time, as the browser keeps it. */
function fakeRegistration(existing?: { endpoint: string; key: Uint8Array }) {
  const calls = { subscribe: [] as Uint8Array[], unsubscribed: [] as string[] };
  let current: DevicePushSubscription | null = null;
  const make = (endpoint: string, key: Uint8Array): DevicePushSubscription => ({
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPkey', auth: 'authsecret' } }),
    unsubscribe: async () => {
      calls.unsubscribed.push(endpoint);
      current = null;
      return true;
    },
  });
  if (existing) current = make(existing.endpoint, existing.key);
  const registration: PushRegistration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: async ({ applicationServerKey }) => {
        const key = new Uint8Array(applicationServerKey as ArrayBuffer);
        calls.subscribe.push(key);
        current = make(`https://push.example/${calls.subscribe.length}`, key);
        return current;
      },
    },
  };
  return { registration, calls };
}

function fakeBrowser(
  permission: PushPermission,
  answer: PushPermission,
  registration: PushRegistration | null,
) {
  let now = permission;
  let asked = 0;
  const browser: PushBrowser = {
    permission: () => now,
    requestPermission: async () => {
      asked += 1;
      now = answer;
      return answer;
    },
    registration: async () => registration,
  };
  return { browser, asked: () => asked };
}

function pushServer() {
  const posted: unknown[] = [];
  const deleted: unknown[] = [];
  server.use(
    http.get(api('push/public_key'), () => HttpResponse.json({ publicKey })),
    http.post(api('profile/push_subscriptions'), async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
    http.delete(api('profile/push_subscriptions'), async ({ request }) => {
      deleted.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posted, deleted };
}

describe('push keys', () => {
  it('decodes the base64url VAPID key, with or without padding', () => {
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('-_8')]).toEqual([251, 255]);
    expect([...base64UrlToBytes(publicKey)]).toEqual([...keyBytes]);
  });

  it('builds the subscription body only from a subscription with both keys', () => {
    expect(pushSubscriptionBody({ endpoint: 'https://p/1', keys: { p256dh: 'a', auth: 'b' } })).toEqual({
      endpoint: 'https://p/1',
      keys: { p256dh: 'a', auth: 'b' },
    });
    expect(pushSubscriptionBody({ endpoint: 'https://p/1', keys: { p256dh: 'a' } })).toBeNull();
  });
});

describe('subscribing the device', () => {
  it("subscribes with the server's key and stores the subscription", async () => {
    const { posted } = pushServer();
    const { registration, calls } = fakeRegistration();
    const { client } = makeClient();
    expect(await subscribeDevice(client, registration)).toBe('https://push.example/1');
    expect([...(calls.subscribe[0] ?? [])]).toEqual([...keyBytes]);
    expect(posted).toEqual([
      { endpoint: 'https://push.example/1', keys: { p256dh: 'BPkey', auth: 'authsecret' } },
    ]);
  });

  it('reuses a subscription made with the same key, and replaces one made with another', async () => {
    const { posted } = pushServer();
    const same = fakeRegistration({ endpoint: 'https://push.example/old', key: keyBytes });
    const { client } = makeClient();
    await subscribeDevice(client, same.registration);
    expect(same.calls.subscribe).toEqual([]);
    expect(posted.at(-1)).toMatchObject({ endpoint: 'https://push.example/old' });

    const other = fakeRegistration({
      endpoint: 'https://push.example/stale',
      key: new Uint8Array([4, 9, 9]),
    });
    await subscribeDevice(client, other.registration);
    expect(other.calls.unsubscribed).toEqual(['https://push.example/stale']);
    expect(posted.at(-1)).toMatchObject({ endpoint: 'https://push.example/1' });
  });

  it('unsubscribes and deletes the endpoint on the server', async () => {
    const { deleted } = pushServer();
    const { registration, calls } = fakeRegistration({ endpoint: 'https://push.example/old', key: keyBytes });
    const { client } = makeClient();
    await unsubscribeDevice(client, registration);
    expect(calls.unsubscribed).toEqual(['https://push.example/old']);
    expect(deleted).toEqual([{ endpoint: 'https://push.example/old' }]);
  });
});

describe('the device switch', () => {
  it('asks permission once, then turns alerts on', async () => {
    const { posted } = pushServer();
    const { registration } = fakeRegistration();
    const fake = fakeBrowser('default', 'granted', registration);
    const { client } = makeClient();
    const device = createPushDevice(client, fake.browser);
    await device.refresh();
    expect(device.getSnapshot().status).toBe('off');
    await device.enable();
    expect(fake.asked()).toBe(1);
    expect(device.getSnapshot()).toEqual({ status: 'on', busy: false, error: null });
    expect(posted).toHaveLength(1);
    await device.disable();
    expect(device.getSnapshot().status).toBe('off');
  });

  it('explains a refusal and a dismissed prompt, and subscribes nothing', async () => {
    const { posted } = pushServer();
    const { registration } = fakeRegistration();
    const { client } = makeClient();
    const refused = createPushDevice(client, fakeBrowser('default', 'denied', registration).browser);
    await refused.enable();
    expect(refused.getSnapshot().status).toBe('denied');
    const dismissed = createPushDevice(client, fakeBrowser('default', 'default', registration).browser);
    await dismissed.enable();
    expect(dismissed.getSnapshot()).toMatchObject({ status: 'off', error: PUSH_DEVICE_TEXTS.dismissed });
    expect(posted).toEqual([]);
  });

  it('says unsupported without Web Push or without a service worker', async () => {
    const { client } = makeClient();
    const none = createPushDevice(client, browserPush({ navigator: {} } as unknown as typeof globalThis));
    await none.refresh();
    expect(none.getSnapshot().status).toBe('unsupported');
    const noWorker = createPushDevice(client, fakeBrowser('granted', 'granted', null).browser);
    await noWorker.refresh();
    expect(noWorker.getSnapshot().status).toBe('unsupported');
  });

  it('reports a failed subscription as an error and stays off', async () => {
    server.use(
      http.get(api('push/public_key'), () =>
        HttpResponse.json({ errors: [{ title: 'x' }] }, { status: 503 }),
      ),
    );
    const { registration } = fakeRegistration();
    const { client } = makeClient();
    const device = createPushDevice(client, fakeBrowser('granted', 'granted', registration).browser);
    await device.refresh();
    await device.enable();
    expect(device.getSnapshot()).toEqual({ status: 'off', busy: false, error: PUSH_DEVICE_TEXTS.failed });
  });
});
