/**
 * Test helpers of the listening routes: an app on the content fixture's pinned clock (limits raised:
 * the files make many calls), cookie jars of visitors and demo members, and the player's event call.
 * @module
 */
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, CookieJar } from '../../__tests__/helpers/test-app.js';
import type { SportSpyderApp } from '../../app.js';
import { NOW } from '../../content/podcasts/__tests__/content-fixture.js';
import type { Database } from '../../db/database.js';

/** Builds the test app on the fixture's clock. */
export async function buildListeningApp(db: Database): Promise<SportSpyderApp> {
  const app = await buildTestApp(db, { signInRateLimitMax: 1000, rateLimitMax: 10_000 }, { now: () => NOW });
  await app.ready();
  return app;
}

/** A visitor's jar, holding its CSRF cookie. */
export async function visitorJar(app: SportSpyderApp): Promise<CookieJar> {
  const jar = new CookieJar();
  await jar.request(app, { method: 'GET', url: '/api/v1/session' });
  return jar;
}

const ACCOUNTS = {
  demo: ['demo@sportspyder.test', 'sportspyder-demo'],
  pro: ['pro@sportspyder.test', 'sportspyder-pro'],
} as const;

/** A member's jar signed in on device `hash` (sign-in sends it, as the client does). */
export async function memberJar(
  app: SportSpyderApp,
  who: keyof typeof ACCOUNTS,
  hash: string,
): Promise<{ jar: CookieJar; signIn: LightMyRequestResponse }> {
  const jar = await visitorJar(app);
  const [username, password] = ACCOUNTS[who];
  const signIn = await jar.request(app, {
    method: 'POST',
    url: '/api/v1/session',
    payload: { username, password, hash },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in of ${who} failed: ${signIn.statusCode}`);
  return { jar, signIn };
}

/** A play event body at `time` of device `hash` (what the player sends; override any field). */
export function playBody(hash: string, time: number, extra: Record<string, unknown> = {}) {
  return {
    platform: 0,
    time,
    duration: 1800,
    p: 0,
    v: null,
    first: false,
    hash,
    eventType: 'play',
    speed: 1,
    ...extra,
  };
}

/** Sends one event of episode `episodeId`. */
export function sendEvent(
  app: SportSpyderApp,
  jar: CookieJar,
  episodeId: number,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return jar.request(app, {
    method: 'POST',
    url: `/api/v1/podcast_episodes/${episodeId}/events`,
    payload: body,
  });
}

/** Ids of a list answer's items. */
export function ids(items: readonly { id: number }[]): number[] {
  return items.map((item) => item.id);
}
