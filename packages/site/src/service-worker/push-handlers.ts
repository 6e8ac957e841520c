// Web Push on the device: the service worker's `push`, `notificationclick` and
// `pushsubscriptionchange` handlers (issue 49). sw.ts imports registerPushHandlers and calls it once.
//
// The repository typechecks every package with the DOM library, which has no service-worker types
// (ServiceWorkerGlobalScope, PushEvent, …) and cannot be combined with the WebWorker library in one
// program. So this module names the few members it uses as small structural types: the real
// ServiceWorkerGlobalScope satisfies them, and unit tests can pass a fake scope.
//
// The deciding logic is in pure functions (parsePushPayload, notificationFromPayload,
// pickClientToFocus) so it is tested without a browser; the handlers only wire them to the scope. The
// subscription's body and the VAPID key's decoding are core's (the page subscribes with the same ones).

import { base64UrlToBytes, pushSubscriptionBody } from '@sportspyder/core';

/** The kinds of alert the server sends (contract: packages/contract/src/alerts.ts). */
export const pushKinds = ['game_start', 'final_score', 'breaking', 'new_episode'] as const;
export type PushKind = (typeof pushKinds)[number];

/** The decrypted payload of one push message, as the server encodes it (JSON). */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** A site path (`/teams/...`) the click opens. */
  url: string;
  /** Collapse key: a newer alert with the same tag replaces the older one on the device. */
  tag: string;
  /** Epoch milliseconds of the event (or an ISO string), shown by the system as the alert's time. */
  timestamp?: number | string;
}

/** NotificationOptions with the members TypeScript's DOM library lacks (renotify, timestamp). */
export interface AlertNotificationOptions {
  body: string;
  tag: string;
  renotify: boolean;
  icon: string;
  timestamp?: number;
  data: { url: string; kind: PushKind };
}

export interface AlertNotification {
  title: string;
  options: AlertNotificationOptions;
}

/**
 * The notification's icon: the web app manifest's 192 px icon (packages/site/web-manifest.ts). No
 * `badge`: Android draws a badge from its alpha channel only, and the site has no monochrome mark yet,
 * so an opaque icon would show as a plain square; without one the browser shows its own.
 */
export const notificationIcon = '/icons/icon-192.png';

const fallbackTitle = 'SportSpyder';

/** Keeps a click on the site: only same-origin paths; anything else opens the home page. */
export function safeSitePath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) {
    return '/';
  }
  return url;
}

function parseTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  return undefined;
}

/**
 * Reads a push message's JSON text into a payload; null when it is not an alert of ours (empty,
 * not JSON, or an unknown kind). The service worker then shows nothing it cannot explain.
 */
export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  if (!pushKinds.includes(value.kind as PushKind)) return null;
  const timestamp = parseTimestamp(value.timestamp);
  return {
    kind: value.kind as PushKind,
    title: typeof value.title === 'string' && value.title.trim() ? value.title : fallbackTitle,
    body: typeof value.body === 'string' ? value.body : '',
    url: safeSitePath(value.url),
    tag: typeof value.tag === 'string' && value.tag ? value.tag : `${value.kind}`,
    ...(timestamp === undefined ? {} : { timestamp }),
  };
}

/**
 * The notification for a payload. The tag collapses: a newer alert with the same tag replaces the
 * older one. A final score re-alerts (renotify) because it replaces the game-start alert of the same
 * game and the fan wants to hear about it; the others replace silently.
 */
export function notificationFromPayload(payload: PushPayload): AlertNotification {
  const timestamp = parseTimestamp(payload.timestamp);
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      renotify: payload.kind === 'final_score' || payload.kind === 'breaking',
      icon: notificationIcon,
      ...(timestamp === undefined ? {} : { timestamp }),
      data: { url: safeSitePath(payload.url), kind: payload.kind },
    },
  };
}

/** A window of the site as the click handler sees it. */
export interface SiteWindowClient {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * Which open window a click reuses: one already on the target page, else the focused one, else the
 * first of the site's windows; undefined means open a new window.
 */
export function pickClientToFocus<C extends { url: string; focused?: boolean }>(
  windows: readonly C[],
  target: string,
  origin: string,
): C | undefined {
  const absolute = new URL(target, origin).href;
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  return ours.find((w) => w.url === absolute) ?? ours.find((w) => w.focused) ?? ours[0];
}

// --- The scope's members the handlers use (structural; see the header) ---

interface WaitUntilEvent {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEventLike extends WaitUntilEvent {
  data: { text(): string } | null;
}

export interface NotificationEventLike extends WaitUntilEvent {
  notification: { data?: unknown; close(): void };
}

interface SubscriptionLike {
  toJSON(): { endpoint?: string | null; keys?: Record<string, string> | null };
}

export interface PushSubscriptionChangeEventLike extends WaitUntilEvent {
  oldSubscription?: SubscriptionLike | null;
  newSubscription?: SubscriptionLike | null;
}

export interface PushWorkerScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
    pushManager: {
      subscribe(options: {
        userVisibleOnly: boolean;
        applicationServerKey: BufferSource;
      }): Promise<SubscriptionLike>;
    };
  };
  clients: {
    // biome-ignore lint/suspicious/noExplicitAny: the real Clients.matchAll is overloaded by type
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly any[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: PushSubscriptionChangeEventLike) => void,
  ): void;
  fetch(input: string, init?: RequestInit): Promise<Response>;
  /** The Cookie Store API (Chromium): a service worker has no document.cookie to read the CSRF cookie. */
  cookieStore?: { get(name: string): Promise<{ value?: string } | null | undefined> };
}

const publicKeyPath = '/api/v1/push/public_key';
const subscriptionsPath = '/api/v1/profile/push_subscriptions';
// The server's double-submit CSRF check (packages/server/src/http/csrf.ts; core/src/constants.ts).
const csrfCookie = 'sportspyder_csrf';
const csrfHeader = 'X-CSRF-Token';

/** `push`: shows the payload's notification (a newer one with the same tag replaces the older). */
export async function showAlert(sw: PushWorkerScope, event: PushEventLike): Promise<void> {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    text = null;
  }
  const payload = parsePushPayload(text);
  // Chrome requires every push with userVisibleOnly to show a notification, or it shows its own
  // generic "site updated in the background" one; an unreadable payload gets a plain one instead.
  const { title, options } = payload
    ? notificationFromPayload(payload)
    : {
        title: fallbackTitle,
        options: { body: 'New alert', tag: 'sportspyder', icon: notificationIcon, data: { url: '/' } },
      };
  await sw.registration.showNotification(title, options as NotificationOptions);
}

/**
 * `notificationclick`: closes the notification and shows its page in a window of the site (the one
 * already on it, else the focused one, navigated), or in a new window.
 */
export async function openAlert(sw: PushWorkerScope, event: NotificationEventLike): Promise<void> {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | undefined;
  const path = safeSitePath(data?.url);
  const origin = sw.location.origin;
  const windows = (await sw.clients.matchAll({
    type: 'window',
    includeUncontrolled: true,
  })) as SiteWindowClient[];
  const target = new URL(path, origin).href;
  const existing = pickClientToFocus(windows, path, origin);
  if (existing) {
    // Focus and navigate start together: the right to focus lasts only while the click is fresh, and
    // a navigation can take a page load. Focusing may be refused (no user activation): the page still
    // moves to the alert.
    const focusing = existing.focus().catch(() => undefined);
    if (existing.url !== target) {
      try {
        await existing.navigate(target);
      } catch {
        // navigate() only works on a window this worker controls; open the page in a new one instead.
        await sw.clients.openWindow(target);
      }
    }
    await focusing;
    return;
  }
  await sw.clients.openWindow(target);
}

/**
 * `pushsubscriptionchange`: the push service replaced or expired the subscription. Stores the new one
 * (subscribing again with the server's key when the browser gave none) and forgets the old endpoint.
 */
export async function renewSubscription(
  sw: PushWorkerScope,
  event: PushSubscriptionChangeEventLike,
): Promise<void> {
  const token = (await sw.cookieStore?.get(csrfCookie).catch(() => null))?.value;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers[csrfHeader] = token;
  const send = (method: 'POST' | 'DELETE', body: unknown) =>
    sw.fetch(subscriptionsPath, { method, credentials: 'include', headers, body: JSON.stringify(body) });
  let next = event.newSubscription ?? null;
  if (!next) {
    const response = await sw.fetch(publicKeyPath, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return;
    const { publicKey } = (await response.json()) as { publicKey: string };
    next = await sw.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    });
  }
  const body = pushSubscriptionBody(next.toJSON());
  if (body) await send('POST', body);
  const old = event.oldSubscription?.toJSON().endpoint;
  if (old && old !== body?.endpoint) await send('DELETE', { endpoint: old });
}

/** Wires the push handlers to the service worker's scope (called once by sw.ts). */
export function registerPushHandlers(sw: PushWorkerScope): void {
  sw.addEventListener('push', (event) => {
    event.waitUntil(showAlert(sw, event));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.waitUntil(openAlert(sw, event));
  });
  sw.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(renewSubscription(sw, event).catch(() => undefined));
  });
}
