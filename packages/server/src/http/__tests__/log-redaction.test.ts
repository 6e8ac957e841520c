// Secrets out of the logs (issue 47): the app's real logger writes to a stream; after each kind of
// hash link (reset, verification, preference pages and their one-click unsubscribes, subscriber,
// join, e-mail change undo, WebSub callback, secret query values, an error quoting a link) the log
// must not hold the secret and must hold the redaction marker.
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildApp, type SportSpyderApp } from '../../app.js';
import { REDACTED, redactSecrets } from '../log-redaction.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
const lines: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = testConfig({ logLevel: 'info', rateLimitMax: 100_000, signInRateLimitMax: 10_000 });
  app = await buildApp({
    db: testDb.db,
    config,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  // An error report that quotes a link (a handler failing with the URL in its message).
  app.get('/test-failure', async (request) => {
    throw new Error(`could not read /reset/${String(request.headers['x-test-token'])}`);
  });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const secret = () => randomBytes(16).toString('base64url');

/** Makes a request and answers the log lines it wrote. */
async function logOf(request: InjectOptions): Promise<string> {
  const start = lines.length;
  await app.inject(request);
  return lines.slice(start).join('');
}

describe('request logs', () => {
  const kinds: [string, (token: string) => InjectOptions][] = [
    ['reset link (read)', (t) => ({ method: 'GET', url: `/api/v1/lost_passwords/${t}` })],
    [
      'reset link (use)',
      (t) => ({ method: 'PUT', url: `/api/v1/lost_passwords/${t}`, payload: { password: 'x' } }),
    ],
    ['verification code', (t) => ({ method: 'PUT', url: `/api/v1/verifications/${t}` })],
    ['preference link (API)', (t) => ({ method: 'GET', url: `/api/v1/email/accounts/${t}` })],
    ['subscriber link (API)', (t) => ({ method: 'GET', url: `/api/v1/subscribers/${t}` })],
    ['e-mail change undo (API)', (t) => ({ method: 'PUT', url: `/api/v1/email_changes/${t}` })],
    ['reset page', (t) => ({ method: 'GET', url: `/reset/${t}` })],
    ['verify page', (t) => ({ method: 'GET', url: `/verify/${t}` })],
    ['join page', (t) => ({ method: 'GET', url: `/join/${t}` })],
    ['preference page', (t) => ({ method: 'GET', url: `/email/notifications/preferences/${t}` })],
    ['undo page', (t) => ({ method: 'GET', url: `/email/change/undo/${t}` })],
    ['recap preview', (t) => ({ method: 'GET', url: `/email/newsletter/preview/${t}` })],
    [
      'one-click unsubscribe',
      (t) => ({
        method: 'POST',
        url: `/email/notifications/unsubscribe/${t}?type=message_replies`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
    ],
    ['WebSub callback', (t) => ({ method: 'GET', url: `/websub/callback/${t}?hub.mode=subscribe` })],
    ['secret query value', (t) => ({ method: 'GET', url: `/api/v1/sports?api_key=${t}&token=${t}` })],
    ['WebSub challenge', (t) => ({ method: 'GET', url: `/websub/callback/x?hub.challenge=${t}` })],
    ['error report', (t) => ({ method: 'GET', url: '/test-failure', headers: { 'x-test-token': t } })],
  ];

  it.each(kinds)('%s: the secret is not logged, the marker is', async (_kind, request) => {
    const token = secret();
    const log = await logOf(request(token));
    expect(log).toContain('incoming request');
    expect(log).not.toContain(token);
    expect(log).toContain(REDACTED);
  });

  it('keeps the rest of the request line (method, path, status)', async () => {
    const token = secret();
    const log = await logOf({ method: 'GET', url: `/api/v1/lost_passwords/${token}` });
    const incoming = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === 'incoming request');
    expect(incoming.req).toMatchObject({ method: 'GET', url: `/api/v1/lost_passwords/${REDACTED}` });
  });
});

describe('redactSecrets', () => {
  it('redacts links quoted in any text and leaves other paths alone', () => {
    expect(redactSecrets('see https://sportspyder.test/verify/abc123 now')).toBe(
      `see https://sportspyder.test/verify/${REDACTED} now`,
    );
    expect(redactSecrets('/api/v1/teams/12/news?page=2')).toBe('/api/v1/teams/12/news?page=2');
    expect(redactSecrets('/settings/account')).toBe('/settings/account');
  });
});
