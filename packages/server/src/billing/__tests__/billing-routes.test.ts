// PRO billing on the local provider through the real app: the spec's field texts, Stripe's test
// tokens (success brands, declines with Stripe's messages), subscribe → paid PRO in the session,
// card and plan changes, cancel at the period end and resume, one subscription for ten concurrent
// subscribes, and another member's billing out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp, freshAccount, signUp } from '../../accounts/__tests__/account-fixtures.js';
import { buildApp, type SportSpyderApp } from '../../app.js';
import {
  EXPIRY_ERRORS,
  LOCAL_DECLINE_TOKENS,
  LOCAL_TEST_CARDS,
  LocalBillingProvider,
} from '../local-billing-provider.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let provider: LocalBillingProvider;

beforeAll(async () => {
  testDb = await createTestDatabase();
  provider = new LocalBillingProvider({ db: testDb.db });
  // The account fixtures' app, rebuilt with a provider the test can count.
  const base = await buildAccountApp(testDb.db);
  const config = base.config;
  await base.close();
  app = await buildApp({ db: testDb.db, config, logger: false, billingProvider: provider });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function member(): Promise<CookieJar> {
  const jar = new CookieJar();
  const res = await signUp(app, jar, freshAccount('payer'));
  expect(res.statusCode).toBe(201);
  return jar;
}

const subscribe = (jar: CookieJar, payload: Record<string, unknown>) =>
  jar.request(app, { method: 'POST', url: '/api/v1/profile/billing', payload });

async function sessionUser(jar: CookieJar) {
  return (await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.user;
}

describe('GET api/v1/profile/billing', () => {
  it('needs a member and starts empty (the subscribe form)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/profile/billing' })).statusCode).toBe(401);
    const jar = await member();
    const res = await jar.request(app, { method: 'GET', url: '/api/v1/profile/billing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().billing).toMatchObject({ plan: null, planRenews: null, creditCard: null });
  });
});

describe('POST api/v1/profile/billing', () => {
  it("answers the spec's texts for a missing plan and a blank name, naming the fields", async () => {
    const jar = await member();
    const res = await subscribe(jar, { tokenId: 'tok_visa', name: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'name', code: 'blank', title: "Your name can't be blank." },
      { field: 'planName', code: 'blank', title: 'You must choose a plan.' },
    ]);
  });

  it("shows Stripe's decline messages as they are and leaves the member unsubscribed", async () => {
    const jar = await member();
    const declined = await subscribe(jar, {
      planName: 'pro-yearly',
      tokenId: 'tok_chargeDeclined',
      name: 'Ann Fan',
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().errors[0]).toMatchObject({ field: 'tokenId', title: 'Your card was declined.' });
    const expired = await subscribe(jar, {
      planName: 'pro-yearly',
      tokenId: 'tok_chargeDeclinedExpiredCard',
      name: 'Ann Fan',
    });
    expect(expired.json().errors[0].title).toBe('Your card has expired.');
    const unknown = await subscribe(jar, {
      planName: 'pro-yearly',
      tokenId: 'tok_nonsense',
      name: 'Ann Fan',
    });
    expect(unknown.json().errors[0].title).toBe("No such token: 'tok_nonsense'");
    expect((await sessionUser(jar)).proState).toBe('trial');
    // The failed attempts released their claim: the right card now works.
    const ok = await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann Fan' });
    expect(ok.statusCode).toBe(201);
  });

  it('subscribes with tok_visa: a yearly plan renewing in a year, the card on file, paid PRO in the session', async () => {
    const jar = await member();
    const before = Date.now();
    const res = await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann Fan' });
    expect(res.statusCode).toBe(201);
    const { billing } = res.json();
    expect(billing.plan).toBe('pro-yearly');
    expect(billing.custId).toMatch(/^cus_local_/);
    expect(billing.creditCard).toMatchObject({ name: 'Ann Fan', type: 'Visa', last4: '4242' });
    const renews = new Date(billing.planRenews).getTime();
    expect(renews - before).toBeGreaterThan(364 * 86_400_000);
    expect(renews - before).toBeLessThan(367 * 86_400_000);
    const user = await sessionUser(jar);
    expect(user).toMatchObject({ pro: true, proState: 'paid', proDaysLeft: null });
    expect(user.proSince).not.toBeNull();
    // Subscribing again while the plan renews is refused.
    const again = await subscribe(jar, { planName: 'pro-monthly', tokenId: 'tok_visa', name: 'Ann Fan' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].title).toBe('You already have a SportSpyder Pro subscription.');
  });

  it('creates one subscription for ten concurrent subscribe requests of one member', async () => {
    const jar = await member();
    // The CSRF cookie first, then ten requests at once.
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const createdBefore = provider.calls.createSubscription;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        subscribe(jar, { planName: 'pro-monthly', tokenId: 'tok_visa', name: 'Ann Fan' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    const created = provider.calls.createSubscription - createdBefore;
    const { rows } = await testDb.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM billing_accounts b JOIN users u ON u.id = b.user_id
        WHERE u.id = (SELECT id FROM users ORDER BY id DESC LIMIT 1) AND b.subscription_id IS NOT NULL`,
    );
    console.log(
      `[billing] 10 concurrent subscribes (local provider): ${codes.filter((c) => c === 201).length} × 201, ` +
        `${codes.filter((c) => c === 422).length} × 422, subscriptions created at the provider: ${created}`,
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(9);
    expect(created).toBe(1);
    expect(rows[0]?.count).toBe(1);
  });
});

describe('PUT and DELETE api/v1/profile/billing', () => {
  it('replaces the card, changes the plan, cancels at the period end (PRO stays), and resumes', async () => {
    const jar = await member();
    const none = await jar.request(app, { method: 'DELETE', url: '/api/v1/profile/billing' });
    expect(none.statusCode).toBe(404);
    await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann Fan' });

    const card = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/billing',
      payload: { tokenId: 'tok_mastercard', name: 'Ann B. Fan' },
    });
    expect(card.statusCode).toBe(200);
    expect(card.json().billing.creditCard).toMatchObject({
      type: 'MasterCard',
      last4: '4444',
      name: 'Ann B. Fan',
    });
    const declined = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/billing',
      payload: { tokenId: 'tok_chargeDeclined', name: 'Ann B. Fan' },
    });
    expect(declined.json().errors[0].title).toBe('Your card was declined.');

    const plan = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/billing',
      payload: { planName: 'pro-monthly' },
    });
    expect(plan.json().billing.plan).toBe('pro-monthly');
    expect(plan.json().billing.creditCard.last4).toBe('4444');

    const renews = plan.json().billing.planRenews;
    const cancel = await jar.request(app, { method: 'DELETE', url: '/api/v1/profile/billing' });
    expect(cancel.statusCode).toBe(200);
    // Cancelled: the plan stays on the record, ending (not renewing) on the paid period's end.
    expect(cancel.json().billing).toMatchObject({
      plan: 'pro-monthly',
      planRenews: null,
      planEnds: renews,
      comped: false,
    });
    const read = await jar.request(app, { method: 'GET', url: '/api/v1/profile/billing' });
    expect(read.json().billing).toMatchObject({ plan: 'pro-monthly', planRenews: null, planEnds: renews });
    expect((await sessionUser(jar)).proState).toBe('paid');
    expect((await jar.request(app, { method: 'DELETE', url: '/api/v1/profile/billing' })).statusCode).toBe(
      404,
    );

    const createdBefore = provider.calls.createSubscription;
    const resumed = await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_amex', name: 'Ann Fan' });
    expect(resumed.statusCode).toBe(201);
    expect(resumed.json().billing).toMatchObject({
      plan: 'pro-yearly',
      creditCard: { type: 'American Express' },
    });
    expect(provider.calls.createSubscription).toBe(createdBefore);
  });

  it('resumes a cancelled plan with PUT resume: true, keeping its period, without a new card', async () => {
    const jar = await member();
    const made = await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann Fan' });
    const renews = made.json().billing.planRenews;
    await jar.request(app, { method: 'DELETE', url: '/api/v1/profile/billing' });
    const resumed = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/billing',
      payload: { resume: true },
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().billing).toMatchObject({ plan: 'pro-yearly', planRenews: renews, planEnds: null });
  });

  it('shows a paid member without a subscription (the PRO demo account) a comped plan', async () => {
    const jar = new CookieJar();
    expect((await jar.signIn(app, 'pro@sportspyder.test', 'sportspyder-pro')).statusCode).toBe(200);
    const read = await jar.request(app, { method: 'GET', url: '/api/v1/profile/billing' });
    expect(read.json().billing).toMatchObject({
      comped: true,
      plan: null,
      planRenews: null,
      planEnds: null,
      creditCard: null,
    });
    // A member who never paid is not comped: the subscribe form.
    const other = await member();
    expect(
      (await other.request(app, { method: 'GET', url: '/api/v1/profile/billing' })).json().billing.comped,
    ).toBe(false);
  });

  it('ends a cancelled subscription once its period is over: the member is no longer PRO', async () => {
    const jar = await member();
    await subscribe(jar, { planName: 'pro-monthly', tokenId: 'tok_visa', name: 'Ann Fan' });
    await jar.request(app, { method: 'DELETE', url: '/api/v1/profile/billing' });
    const userId = (await sessionUser(jar)).id;
    await testDb.db.query(
      `UPDATE billing_accounts SET current_period_end = now() - interval '1 minute' WHERE user_id = $1`,
      [userId],
    );
    const read = await jar.request(app, { method: 'GET', url: '/api/v1/profile/billing' });
    expect(read.json().billing).toMatchObject({ plan: null, creditCard: { last4: '4242' } });
    expect(await sessionUser(jar)).toMatchObject({ pro: false, proState: '' });
    // Subscribing again starts a new subscription.
    const again = await subscribe(jar, { planName: 'pro-monthly', tokenId: 'tok_visa', name: 'Ann Fan' });
    expect(again.statusCode).toBe(201);
    expect((await sessionUser(jar)).proState).toBe('paid');
  });

  it("keeps one member's billing out of another's reach", async () => {
    const owner = await member();
    await subscribe(owner, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Owner' });
    const other = await member();
    const read = await other.request(app, { method: 'GET', url: '/api/v1/profile/billing' });
    expect(read.json().billing.creditCard).toBeNull();
    expect((await other.request(app, { method: 'DELETE', url: '/api/v1/profile/billing' })).statusCode).toBe(
      404,
    );
    expect(
      (await owner.request(app, { method: 'GET', url: '/api/v1/profile/billing' })).json().billing.plan,
    ).toBe('pro-yearly');
  });
});

describe('LocalBillingProvider', () => {
  it("accepts every brand's success token and declines with Stripe's messages", async () => {
    const local = new LocalBillingProvider({ db: testDb.db });
    for (const [token, card] of Object.entries(LOCAL_TEST_CARDS)) {
      await expect(local.attachCard('cus_1', token, 'A', `k-${token}`)).resolves.toMatchObject(card);
    }
    for (const [token, decline] of Object.entries(LOCAL_DECLINE_TOKENS)) {
      await expect(local.attachCard('cus_1', token, 'A', `k-${token}`)).rejects.toThrow(decline.message);
    }
  });

  it('answers a repeated idempotency key with the first answer', async () => {
    const local = new LocalBillingProvider({ db: testDb.db });
    const a = await local.createSubscription('cus_1', 'pro-monthly', 'same');
    const b = await local.createSubscription('cus_1', 'pro-monthly', 'same');
    expect(b.id).toBe(a.id);
    expect(local.calls.createSubscription).toBe(1);
  });

  it('keeps its subscriptions in the database: a yearly plan resumed after a restart keeps its renewal date', async () => {
    const bought = new Date('2026-12-02T10:00:00Z');
    const before = new LocalBillingProvider({ db: testDb.db, now: () => bought });
    const made = await before.createSubscription('cus_restart', 'pro-yearly', 'restart-create');
    expect(made.currentPeriodEnd.toISOString()).toBe('2027-12-02T10:00:00.000Z');
    await before.updateSubscription(made.id, { cancelAtPeriodEnd: true }, 'restart-cancel');
    // A new process: nothing in memory.
    const after = new LocalBillingProvider({ db: testDb.db, now: () => new Date('2026-12-03T08:00:00Z') });
    const resumed = await after.updateSubscription(made.id, { cancelAtPeriodEnd: false }, 'restart-resume');
    expect(resumed).toMatchObject({ plan: 'pro-yearly', cancelAtPeriodEnd: false, status: 'active' });
    expect(resumed.currentPeriodEnd.toISOString()).toBe('2027-12-02T10:00:00.000Z');
    // The first answer of a key is replayed after the restart too.
    const again = await after.createSubscription('cus_restart', 'pro-yearly', 'restart-create');
    expect(again.id).toBe(made.id);
    expect(after.calls.createSubscription).toBe(0);
  });

  it("refuses a typed card's past expiry with Stripe's messages, accepts a future one", async () => {
    const local = new LocalBillingProvider({ db: testDb.db, now: () => new Date('2026-12-03T08:00:00Z') });
    await expect(local.attachCard('cus_1', 'tok_visa:01/20', 'A', 'exp-1')).rejects.toMatchObject({
      message: EXPIRY_ERRORS.year.message,
      code: 'invalid_expiry_year',
    });
    await expect(local.attachCard('cus_1', 'tok_visa:11/26', 'A', 'exp-2')).rejects.toMatchObject({
      message: EXPIRY_ERRORS.expired.message,
      code: 'expired_card',
    });
    await expect(local.attachCard('cus_1', 'tok_visa:12/26', 'A', 'exp-3')).resolves.toMatchObject({
      last4: '4242',
      expMonth: 12,
      expYear: 2026,
    });
  });

  it("answers a subscribe with an expired card with a 422 naming the card, Stripe's message as is", async () => {
    const jar = await member();
    const res = await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa:01/20', name: 'Ann Fan' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'tokenId', code: 'invalid_expiry_year', title: "Your card's expiration year is invalid." },
    ]);
    expect((await sessionUser(jar)).proState).not.toBe('paid');
  });
});
