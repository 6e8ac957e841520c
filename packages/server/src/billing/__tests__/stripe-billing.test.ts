// The Stripe adapter through the real app, with msw standing in for api.stripe.com at the network
// level (the official `stripe` library makes real HTTP requests): customers, card tokens, subscriptions,
// card declines with Stripe's answer, an idempotency key on every write (kept across the library's
// own retry), ten concurrent subscribes making one subscription; and webhooks signed with
// `stripe.webhooks.generateTestHeaderString`: applied once each, late events ignored, bad or old
// signatures refused.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp, freshAccount, signUp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';

const SECRET = 'whsec_test_sportspyder';
const PRICES = { monthly: 'price_monthly_test', yearly: 'price_yearly_test' };
const STRIPE = 'https://api.stripe.com';

interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: URLSearchParams;
}
let seen: Seen[] = [];
let failNextSubscription = false;
let counter = 0;
const subscriptions = new Map<string, Record<string, unknown>>();
const nextId = (prefix: string) => `${prefix}_${++counter}`;
const periodEnd = () => Math.floor(Date.now() / 1000) + 365 * 86_400;

function subscriptionObject(
  id: string,
  customer: string,
  price: string,
  extra: Record<string, unknown> = {},
) {
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [{ id: `si_${id}`, price: { id: price }, current_period_end: periodEnd() }],
    },
    ...extra,
  };
}

async function record(request: Request, path: string): Promise<URLSearchParams> {
  const body = new URLSearchParams(request.method === 'GET' ? '' : await request.text());
  seen.push({ method: request.method, path, idempotencyKey: request.headers.get('idempotency-key'), body });
  return body;
}

const server = setupServer(
  http.post(`${STRIPE}/v1/customers`, async ({ request }) => {
    await record(request, '/v1/customers');
    return HttpResponse.json({ id: nextId('cus'), object: 'customer' });
  }),
  http.post(`${STRIPE}/v1/customers/:id/sources`, async ({ request, params }) => {
    const body = await record(request, '/v1/customers/:id/sources');
    const source = body.get('source');
    if (source === 'tok_chargeDeclined') {
      return HttpResponse.json(
        {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            param: '',
          },
        },
        { status: 402 },
      );
    }
    return HttpResponse.json({
      id: nextId('card'),
      object: 'card',
      customer: params.id,
      brand: 'Visa',
      last4: '4242',
      exp_month: 8,
      exp_year: 2030,
      name: null,
    });
  }),
  http.post(`${STRIPE}/v1/customers/:id`, async ({ request, params }) => {
    await record(request, '/v1/customers/:id');
    return HttpResponse.json({ id: params.id, object: 'customer' });
  }),
  http.post(`${STRIPE}/v1/subscriptions`, async ({ request }) => {
    const body = await record(request, '/v1/subscriptions');
    if (failNextSubscription) {
      failNextSubscription = false;
      return HttpResponse.json(
        { error: { type: 'api_error', message: 'try again' } },
        { status: 500, headers: { 'stripe-should-retry': 'true' } },
      );
    }
    // Stripe answers a reused idempotency key with the first answer: so does this stand-in.
    const key = request.headers.get('idempotency-key') ?? '';
    const known = subscriptions.get(key);
    if (known) return HttpResponse.json(known);
    const sub = subscriptionObject(
      nextId('sub'),
      body.get('customer') ?? '',
      body.get('items[0][price]') ?? '',
    );
    subscriptions.set(key, sub);
    subscriptions.set(sub.id, sub);
    return HttpResponse.json(sub);
  }),
  http.get(`${STRIPE}/v1/subscriptions/:id`, async ({ request, params }) => {
    await record(request, '/v1/subscriptions/:id');
    return HttpResponse.json(subscriptions.get(String(params.id)));
  }),
  http.post(`${STRIPE}/v1/subscriptions/:id`, async ({ request, params }) => {
    const body = await record(request, '/v1/subscriptions/:id');
    const sub = subscriptions.get(String(params.id)) as Record<string, unknown>;
    const next = {
      ...sub,
      cancel_at_period_end: body.get('cancel_at_period_end') === 'true',
      ...(body.get('items[0][price]')
        ? {
            items: {
              object: 'list',
              data: [
                {
                  id: `si_${params.id}`,
                  price: { id: body.get('items[0][price]') },
                  current_period_end: periodEnd(),
                },
              ],
            },
          }
        : {}),
    };
    subscriptions.set(String(params.id), next);
    return HttpResponse.json(next);
  }),
);

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db, {
    stripeSecretKey: 'sk_test_sportspyder',
    stripeWebhookSecret: SECRET,
    stripePriceMonthly: PRICES.monthly,
    stripePriceYearly: PRICES.yearly,
  });
});
afterAll(async () => {
  server.close();
  await app?.close();
  await testDb?.dispose();
});
beforeEach(() => {
  seen = [];
});

async function member(): Promise<{ jar: CookieJar; userId: number }> {
  const jar = new CookieJar();
  const res = await signUp(app, jar, freshAccount('stripe'));
  expect(res.statusCode).toBe(201);
  return { jar, userId: res.json().session.user.id };
}

const subscribe = (jar: CookieJar, payload: Record<string, unknown>) =>
  jar.request(app, { method: 'POST', url: '/api/v1/profile/billing', payload });

describe('the Stripe adapter (msw in place of api.stripe.com)', () => {
  it('subscribes: customer, card as default source, subscription to the yearly price; an idempotency key on every write', async () => {
    const { jar } = await member();
    const res = await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann Fan' });
    expect(res.statusCode).toBe(201);
    expect(res.json().billing).toMatchObject({
      plan: 'pro-yearly',
      custId: expect.stringMatching(/^cus_/),
      creditCard: { name: 'Ann Fan', type: 'Visa', last4: '4242', expMonth: 8, expYear: 2030 },
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/customers/:id/sources',
      'POST /v1/customers/:id',
      'POST /v1/subscriptions',
    ]);
    expect(seen[1]?.body.get('source')).toBe('tok_visa');
    expect(seen[2]?.body.get('default_source')).toMatch(/^card_/);
    expect(seen[3]?.body.get('items[0][price]')).toBe(PRICES.yearly);
    const keys = seen.map((s) => s.idempotencyKey);
    expect(keys.every((k) => typeof k === 'string' && k.length > 10)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    const session = (await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session;
    expect(session.user.proState).toBe('paid');
  });

  it("shows Stripe's decline message and creates no subscription", async () => {
    const { jar } = await member();
    const res = await subscribe(jar, {
      planName: 'pro-yearly',
      tokenId: 'tok_chargeDeclined',
      name: 'Ann Fan',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'tokenId', title: 'Your card was declined.' });
    expect(seen.some((s) => s.path === '/v1/subscriptions')).toBe(false);
  });

  it("retries a failed subscription create with the same idempotency key (Stripe's replay makes one)", async () => {
    const { jar } = await member();
    failNextSubscription = true;
    const res = await subscribe(jar, { planName: 'pro-monthly', tokenId: 'tok_visa', name: 'Ann Fan' });
    expect(res.statusCode).toBe(201);
    const creates = seen.filter((s) => s.path === '/v1/subscriptions');
    console.log(
      `[billing] Stripe 500 on subscription create: ${creates.length} requests, ${new Set(creates.map((c) => c.idempotencyKey)).size} idempotency key`,
    );
    expect(creates).toHaveLength(2);
    expect(creates[0]?.idempotencyKey).toBe(creates[1]?.idempotencyKey);
  });

  it('makes one Stripe subscription for ten concurrent subscribes of one member', async () => {
    const { jar } = await member();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann Fan' }),
      ),
    );
    const creates = seen.filter((s) => s.path === '/v1/subscriptions').length;
    const customers = seen.filter((s) => s.path === '/v1/customers').length;
    console.log(
      `[billing] 10 concurrent subscribes (Stripe adapter): ${answers.filter((a) => a.statusCode === 201).length} × 201, ` +
        `${customers} customer, ${creates} subscription created at Stripe`,
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(creates).toBe(1);
    expect(customers).toBe(1);
  });

  it('cancels at the period end and changes the plan with keyed writes', async () => {
    const { jar } = await member();
    await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann Fan' });
    seen = [];
    const plan = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/billing',
      payload: { planName: 'pro-monthly' },
    });
    expect(plan.json().billing.plan).toBe('pro-monthly');
    const cancel = await jar.request(app, { method: 'DELETE', url: '/api/v1/profile/billing' });
    expect(cancel.statusCode).toBe(200);
    const writes = seen.filter((s) => s.method === 'POST');
    expect(writes.map((w) => w.body.get('cancel_at_period_end'))).toContain('true');
    expect(writes.every((w) => w.idempotencyKey)).toBe(true);
  });
});

describe('POST /webhooks/stripe (signed with generateTestHeaderString)', () => {
  const stripe = new Stripe('sk_test_sportspyder');
  let eventCounter = 0;

  async function subscribed(): Promise<{ userId: number; subscriptionId: string; customerId: string }> {
    const { jar, userId } = await member();
    await subscribe(jar, { planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann Fan' });
    const { rows } = await testDb.db.query<{ subscription_id: string; customer_id: string }>(
      'SELECT subscription_id, customer_id FROM billing_accounts WHERE user_id = $1',
      [userId],
    );
    return { userId, subscriptionId: rows[0]?.subscription_id ?? '', customerId: rows[0]?.customer_id ?? '' };
  }

  function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
    eventCounter += 1;
    return JSON.stringify({
      id: `evt_${eventCounter}_${Date.now()}`,
      object: 'event',
      type,
      created,
      data: { object },
    });
  }

  function deliver(payload: string, options: { timestamp?: number; secret?: string } = {}) {
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? SECRET,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });
    return app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  const proState = async (userId: number) =>
    (await testDb.db.query<{ pro_state: string }>('SELECT pro_state FROM users WHERE id = $1', [userId]))
      .rows[0]?.pro_state;

  it('applies a deleted subscription once, even delivered twice: the member loses PRO', async () => {
    const { userId, subscriptionId, customerId } = await subscribed();
    expect(await proState(userId)).toBe('paid');
    const payload = event(
      'customer.subscription.deleted',
      subscriptionObject(subscriptionId, customerId, PRICES.yearly, { status: 'canceled' }),
    );
    const first = await deliver(payload);
    const second = await deliver(payload);
    console.log(
      `[billing] one webhook delivered twice: ${first.json().outcome}, then ${second.json().outcome}`,
    );
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    expect(second.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await proState(userId)).toBe('');
    const { rows } = await testDb.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM billing_events WHERE event_id = $1',
      [JSON.parse(payload).id],
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('ignores an older event delivered after a newer one (out of order)', async () => {
    const { userId, subscriptionId, customerId } = await subscribed();
    const now = Math.floor(Date.now() / 1000);
    const pastDue = event(
      'customer.subscription.updated',
      subscriptionObject(subscriptionId, customerId, PRICES.yearly, { status: 'past_due' }),
      now,
    );
    const olderCancelled = event(
      'customer.subscription.updated',
      subscriptionObject(subscriptionId, customerId, PRICES.yearly, { status: 'unpaid' }),
      now - 60,
    );
    expect((await deliver(pastDue)).json().outcome).toBe('applied');
    expect((await deliver(olderCancelled)).json().outcome).toBe('stale');
    expect(await proState(userId)).toBe('paid');
    const { rows } = await testDb.db.query<{ status: string }>(
      'SELECT status FROM billing_accounts WHERE user_id = $1',
      [userId],
    );
    expect(rows[0]?.status).toBe('past_due');
    // A late update never brings an ended subscription back.
    const deleted = event(
      'customer.subscription.deleted',
      subscriptionObject(subscriptionId, customerId, PRICES.yearly, { status: 'canceled' }),
      now + 1,
    );
    const lateActive = event(
      'customer.subscription.updated',
      subscriptionObject(subscriptionId, customerId, PRICES.yearly),
      now + 1,
    );
    expect((await deliver(deleted)).json().outcome).toBe('applied');
    expect((await deliver(lateActive)).json().outcome).toBe('stale');
    expect(await proState(userId)).toBe('');
  });

  it('refuses a wrong signature and a signature older than 300 s; accepts one 299 s old', async () => {
    const { userId, subscriptionId, customerId } = await subscribed();
    const object = subscriptionObject(subscriptionId, customerId, PRICES.yearly, { status: 'canceled' });
    const now = Math.floor(Date.now() / 1000);
    const forged = await deliver(event('customer.subscription.deleted', object), { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    const old = await deliver(event('customer.subscription.deleted', object), { timestamp: now - 301 });
    expect(old.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: event('customer.subscription.deleted', object),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await proState(userId)).toBe('paid');
    const fresh = await deliver(event('customer.subscription.deleted', object), { timestamp: now - 299 });
    expect(fresh.statusCode).toBe(200);
    expect(await proState(userId)).toBe('');
  });
});
