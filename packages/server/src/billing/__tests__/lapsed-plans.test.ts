// Paid plans end on their date by the scheduled job (issue 47), not only when the member opens billing:
// a plan cancelled at its period end, and one whose renewal failed (past_due), lose PRO once the
// injected clock passes the date, and never before; the member's cached answers are dropped on every
// process and the member's open pages are told to refetch the session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp, freshAccount, signUp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { userNotificationsStream } from '../../cable/channels/user-notifications-channel.js';
import { sessionPushFor } from '../billing-setup.js';
import { lapsedPlansRound } from '../lapsed-plans.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const silent = { info: () => {}, error: () => {} };

/** A member with a paid monthly plan on the local provider; answers the jar, the id and the period end. */
async function payingMember() {
  const jar = new CookieJar();
  expect((await signUp(app, jar, freshAccount('lapse'))).statusCode).toBe(201);
  const paid = await jar.request(app, {
    method: 'POST',
    url: '/api/v1/profile/billing',
    payload: { planName: 'pro-monthly', tokenId: 'tok_visa', name: 'Lapse Fan' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const session = (await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session;
  expect(session.user.proState).toBe('paid');
  return {
    jar,
    userId: session.user.id as number,
    ends: new Date(paid.json().billing.planRenews as string),
  };
}

async function proState(jar: CookieJar): Promise<string> {
  return (await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.user.proState;
}

/** A round of the job as the server runs it, at `now`, recording what it told. */
async function round(now: Date) {
  const invalidated: number[] = [];
  const pushed: number[] = [];
  const stops = [] as (() => void)[];
  const ended = await lapsedPlansRound({
    db: testDb.db,
    log: silent,
    invalidateMember: (userId) => {
      invalidated.push(userId);
      app.cacheInvalidation.invalidate({ scope: 'member', userId });
    },
    pushSession: async (userId) => {
      stops.push(app.broadcaster.subscribe(userNotificationsStream(userId), () => pushed.push(userId)));
      await sessionPushFor(testDb.db, app.broadcaster)(userId);
    },
    now: () => now,
  });
  for (const stop of stops) stop();
  return { ended, invalidated, pushed };
}

describe('the lapsed plans job', () => {
  it('ends a cancelled plan on its date, not before, and tells the caches and the pages', async () => {
    const { jar, userId, ends } = await payingMember();
    expect((await jar.request(app, { method: 'DELETE', url: '/api/v1/profile/billing' })).statusCode).toBe(
      200,
    );

    const before = await round(new Date(ends.getTime() - 60_000));
    expect(before.ended).not.toContain(userId);
    expect(await proState(jar)).toBe('paid');

    const after = await round(new Date(ends.getTime() + 1000));
    expect(after.ended).toContain(userId);
    expect(after.invalidated).toContain(userId);
    expect(after.pushed).toContain(userId);
    // The session (ads, badge) says so without the member opening billing.
    expect(await proState(jar)).toBe('');
    const billing = await jar.request(app, { method: 'GET', url: '/api/v1/profile/billing' });
    expect(billing.json().billing).toMatchObject({ plan: null, planEnds: null, planRenews: null });

    // Ended once: a second round (another process) finds nothing.
    expect((await round(new Date(ends.getTime() + 2000))).ended).not.toContain(userId);
  });

  it('ends a plan whose renewal failed once its period is over', async () => {
    const { jar, userId, ends } = await payingMember();
    await testDb.db.query(`UPDATE billing_accounts SET status = 'past_due' WHERE user_id = $1`, [userId]);
    expect((await round(new Date(ends.getTime() - 60_000))).ended).not.toContain(userId);
    expect(await proState(jar)).toBe('paid');
    expect((await round(new Date(ends.getTime() + 1000))).ended).toContain(userId);
    expect(await proState(jar)).toBe('');
  });

  it('leaves a renewing plan alone after its period end (the provider renews it)', async () => {
    const { jar, userId, ends } = await payingMember();
    expect((await round(new Date(ends.getTime() + 1000))).ended).not.toContain(userId);
    expect(await proState(jar)).toBe('paid');
  });
});
