/**
 * Alerts on this device (issue 49, Web Push): whether the browser can show them, the notification
 * permission, and the push subscription of the site's service worker, kept in step with the server
 * (`GET api/v1/push/public_key`, `POST/DELETE api/v1/profile/push_subscriptions`).
 *
 * The browser is an injected adapter ({@link PushBrowser}) with a default over `Notification`,
 * `navigator.serviceWorker` and `PushManager`, so the rules run in Node tests with a fake.
 * @module
 */
import type {
  PushPublicKeyResponse,
  PushSubscriptionBody,
  PushSubscriptionResponse,
} from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import { createValueStore, type Observable } from '../store.js';

const PUBLIC_KEY = apiPath('/api/v1/push/public_key');
const SUBSCRIPTIONS = apiPath('/api/v1/profile/push_subscriptions');

/** The part of the client the device's alerts use. */
export type PushClient = Pick<SportSpyderClient, 'api'>;

/** `Notification.permission`, or `unsupported` where the browser has no Web Push. */
export type PushPermission = 'unsupported' | 'default' | 'granted' | 'denied';

/** The JSON of a push subscription (`PushSubscription.toJSON()`). */
export interface PushSubscriptionJson {
  endpoint?: string | null | undefined;
  keys?: Record<string, string> | null | undefined;
}

/** A push subscription, as much of it as the client needs. */
export interface DevicePushSubscription {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey?: ArrayBuffer | null } | undefined;
  toJSON(): PushSubscriptionJson;
  unsubscribe(): Promise<boolean>;
}

/** A service worker registration, as much of it as the client needs (the real one satisfies it). */
export interface PushRegistration {
  readonly pushManager: {
    getSubscription(): Promise<DevicePushSubscription | null>;
    subscribe(options: {
      userVisibleOnly: boolean;
      applicationServerKey: BufferSource;
    }): Promise<DevicePushSubscription>;
  };
}

/** The browser facilities of Web Push (injected; {@link browserPush} is the page's). */
export interface PushBrowser {
  /** The permission now, or `unsupported`. */
  permission(): PushPermission;
  /** Asks the member (the browser's prompt); must run inside a click. */
  requestPermission(): Promise<PushPermission>;
  /** The site's service worker registration, or null when there is none. */
  registration(): Promise<PushRegistration | null>;
}

/**
 * How long to wait for the site's service worker before saying alerts cannot be set up here: longer
 * when it is registered and installing, shorter when it is not registered yet (the page registers it
 * after load; a development server never does).
 */
export const SERVICE_WORKER_WAIT_MS = { installing: 10_000, unregistered: 3_000 } as const;

/** The page's Web Push facilities (or `unsupported` everywhere when the browser lacks them). */
export function browserPush(scope: typeof globalThis = globalThis): PushBrowser {
  const nav = scope.navigator as Navigator | undefined;
  const NotificationApi = (scope as { Notification?: typeof Notification }).Notification;
  const supported =
    NotificationApi !== undefined &&
    nav?.serviceWorker !== undefined &&
    (scope as { PushManager?: unknown }).PushManager !== undefined;
  return {
    permission: () => (supported && NotificationApi ? NotificationApi.permission : 'unsupported'),
    async requestPermission() {
      if (!supported || !NotificationApi) return 'unsupported';
      return NotificationApi.requestPermission();
    },
    async registration() {
      if (!supported || !nav) return null;
      const existing = await nav.serviceWorker.getRegistration();
      if (existing?.active) return existing as unknown as PushRegistration;
      // Still installing (the first visit) or not registered yet: wait for it, within a bound, since
      // `ready` never settles on a page without a service worker.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(
          () => resolve(null),
          existing ? SERVICE_WORKER_WAIT_MS.installing : SERVICE_WORKER_WAIT_MS.unregistered,
        );
      });
      const ready = await Promise.race([nav.serviceWorker.ready, timeout]);
      clearTimeout(timer);
      return ready as unknown as PushRegistration | null;
    },
  };
}

/**
 * base64url (the VAPID public key) → bytes, the `applicationServerKey` of `pushManager.subscribe`.
 *
 * @example
 * ```ts
 * base64UrlToBytes('AQID'); // Uint8Array [1, 2, 3]
 * ```
 */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The body of `POST api/v1/profile/push_subscriptions` for a subscription; null when it lacks keys. */
export function pushSubscriptionBody(
  json: PushSubscriptionJson | null | undefined,
): PushSubscriptionBody | null {
  const endpoint = json?.endpoint;
  const p256dh = json?.keys?.p256dh;
  const auth = json?.keys?.auth;
  if (!endpoint || !p256dh || !auth) return null;
  return { endpoint, keys: { p256dh, auth } };
}

function sameKey(subscription: DevicePushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true; // Browsers that do not expose the key: trust the existing subscription.
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/**
 * Subscribes the service worker with the server's VAPID key (reusing a subscription made with the same
 * key; one made with another key, e.g. after the server's keys changed, is replaced) and stores it on
 * the server. Resolves with the subscription's endpoint.
 */
export async function subscribeDevice(client: PushClient, registration: PushRegistration): Promise<string> {
  const { publicKey } = await client.api.get<PushPublicKeyResponse>(PUBLIC_KEY, { handleNotFound: false });
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const body = pushSubscriptionBody(subscription.toJSON());
  if (!body) throw new Error('The browser gave a push subscription without keys.');
  await client.api.post<PushSubscriptionResponse>(SUBSCRIPTIONS, body, { handleNotFound: false });
  return body.endpoint;
}

/** Ends this device's subscription in the browser and on the server (no-op when there is none). */
export async function unsubscribeDevice(client: PushClient, registration: PushRegistration): Promise<void> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await client.api.delete<void>(SUBSCRIPTIONS, { endpoint }, { handleNotFound: false });
}

/**
 * Where this device stands: `checking` until known; `unsupported` (no Web Push, or no service worker of
 * the site); `denied` (the member blocked notifications); `off` (allowed or not yet asked, not
 * subscribed); `on` (subscribed).
 */
export type PushDeviceStatus = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** The device's alerts as the settings screen shows them. */
export interface PushDeviceSnapshot {
  status: PushDeviceStatus;
  /** True while turning on or off. */
  busy: boolean;
  /** The last failure's text, or null. */
  error: string | null;
}

/** The texts of the device's alerts (one place for the screen and its tests). */
export const PUSH_DEVICE_TEXTS = {
  unsupported:
    'This browser cannot show alerts from websites. On iPhone and iPad, add SportSpyder to your Home Screen (Share, then Add to Home Screen) and open it from there.',
  denied:
    'Notifications are blocked for SportSpyder in this browser. Allow them in the site settings (the icon beside the address), then turn alerts on again.',
  dismissed: 'Alerts stay off: the browser did not get your permission.',
  failed: 'Alerts could not be turned on. Please try again.',
  offFailed: 'Alerts could not be turned off. Please try again.',
  on: 'Alerts are on for this device.',
  off: 'Alerts are off for this device.',
} as const;

/** The device's alerts: an observable state with the actions of its switch. */
export interface PushDevice extends Observable<PushDeviceSnapshot> {
  /** Reads the permission and the subscription again. */
  refresh(): Promise<void>;
  /** Asks permission if needed (call from a click), subscribes and stores the subscription. */
  enable(): Promise<void>;
  /** Unsubscribes and forgets the subscription on the server. */
  disable(): Promise<void>;
}

/** Creates the device's alerts for the client (the page passes nothing; tests pass a fake browser). */
export function createPushDevice(client: PushClient, browser: PushBrowser = browserPush()): PushDevice {
  const store = createValueStore<PushDeviceSnapshot>({ status: 'checking', busy: false, error: null });

  async function statusNow(): Promise<PushDeviceStatus> {
    const permission = browser.permission();
    if (permission === 'unsupported') return 'unsupported';
    if (permission === 'denied') return 'denied';
    const registration = await browser.registration();
    if (!registration) return 'unsupported';
    if (permission !== 'granted') return 'off';
    return (await registration.pushManager.getSubscription()) ? 'on' : 'off';
  }

  async function refresh() {
    try {
      store.update({ status: await statusNow() });
    } catch {
      store.update({ status: 'unsupported' });
    }
  }

  async function enable() {
    store.update({ busy: true, error: null });
    try {
      let permission = browser.permission();
      if (permission === 'default') permission = await browser.requestPermission();
      if (permission !== 'granted') {
        const status =
          permission === 'denied' ? 'denied' : permission === 'unsupported' ? 'unsupported' : 'off';
        store.update({ status, error: status === 'off' ? PUSH_DEVICE_TEXTS.dismissed : null });
        return;
      }
      const registration = await browser.registration();
      if (!registration) {
        store.update({ status: 'unsupported' });
        return;
      }
      await subscribeDevice(client, registration);
      store.update({ status: 'on' });
    } catch {
      store.update({ error: PUSH_DEVICE_TEXTS.failed });
    } finally {
      store.update({ busy: false });
    }
  }

  async function disable() {
    store.update({ busy: true, error: null });
    try {
      const registration = await browser.registration();
      if (registration) await unsubscribeDevice(client, registration);
      store.update({ status: 'off' });
    } catch {
      store.update({ error: PUSH_DEVICE_TEXTS.offFailed });
    } finally {
      store.update({ busy: false });
    }
  }

  return { subscribe: store.subscribe, getSnapshot: store.getSnapshot, refresh, enable, disable };
}
