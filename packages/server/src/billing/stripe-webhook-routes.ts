/**
 * `POST /webhooks/stripe`: Stripe's events about subscriptions (renewed, past due, cancelled, ended),
 * verified with their signature (STRIPE_WEBHOOK_SECRET, 300 s tolerance) on the raw body. Each event
 * is applied once: its id is recorded in the same transaction that applies it, so a redelivery
 * changes nothing, and an event older than the newest one applied to that subscription (Stripe does
 * not promise order) is recorded but not applied. Outside `/api`, so the CSRF check does not apply:
 * the signature is the authentication.
 * @module
 */
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Database } from '../db/database.js';
import { applyProState, type BillingRow, LIVE_STATUSES } from './billing-store.js';
import { type StripePrices, subscriptionFromStripe } from './stripe-billing-provider.js';

/** Seconds a signed event stays acceptable (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The subscription events applied; others are acknowledged and ignored. */
export const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

/** Options of {@link stripeWebhookRoutes}. */
export interface StripeWebhookRoutesOptions {
  /** The app's database. */
  db: Database;
  /** STRIPE_WEBHOOK_SECRET (`whsec_...`). */
  secret: string;
  /** The price id of each plan. */
  prices: StripePrices;
  /** Tells the member's open pages to refetch the session. */
  notify?: (userId: number) => Promise<void>;
  /** The clock of the tolerance check (tests). */
  now?: () => number;
}

/** What happened to one delivery. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/**
 * Applies one verified event at most once; answers what happened.
 */
export async function applyStripeEvent(
  db: Database,
  prices: StripePrices,
  event: { id: string; type: string; created: number; data: { object: unknown } },
): Promise<{ outcome: WebhookOutcome; userId: number | null }> {
  return db.transaction(async (tx) => {
    const createdAt = new Date(event.created * 1000);
    const relevant = SUBSCRIPTION_EVENTS.has(event.type);
    const object = event.data.object as Parameters<typeof subscriptionFromStripe>[1] & {
      customer: string | { id: string };
    };
    let row: BillingRow | undefined;
    if (relevant) {
      const customer = typeof object.customer === 'string' ? object.customer : object.customer?.id;
      ({
        rows: [row],
      } = await tx.query<BillingRow>(
        `SELECT * FROM billing_accounts WHERE subscription_id = $1 OR customer_id = $2
          ORDER BY (subscription_id = $1) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
        [object.id, customer ?? null],
      ));
    }
    const stale =
      row !== undefined &&
      ((row.event_at !== null && new Date(row.event_at).getTime() > createdAt.getTime()) ||
        // An ended subscription never comes back to life through a late update.
        (row.subscription_id === object.id && row.status === 'canceled'));
    const outcome: WebhookOutcome = !relevant || !row ? 'ignored' : stale ? 'stale' : 'applied';
    const { rows: inserted } = await tx.query(
      `INSERT INTO billing_events (event_id, type, created_at, applied) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [event.id, event.type, createdAt, outcome === 'applied'],
    );
    if (inserted.length === 0) return { outcome: 'duplicate', userId: null };
    if (outcome !== 'applied' || !row) return { outcome, userId: null };

    const subscription = subscriptionFromStripe(prices, object);
    if (event.type === 'customer.subscription.deleted') subscription.status = 'canceled';
    // A subscription of this customer other than the one on file only matters when it is live
    // (say, made in Stripe's dashboard); an old one ending must not end the current one.
    if (
      row.subscription_id !== null &&
      row.subscription_id !== subscription.id &&
      !LIVE_STATUSES.has(subscription.status)
    ) {
      return { outcome: 'ignored', userId: null };
    }
    await tx.query(
      `UPDATE billing_accounts
          SET subscription_id = $2, status = $3, plan = COALESCE($4, plan), current_period_end = $5,
              cancel_at_period_end = $6, event_at = $7, updated_at = now()
        WHERE user_id = $1`,
      [
        row.user_id,
        subscription.id,
        subscription.status,
        subscription.plan,
        subscription.currentPeriodEnd,
        subscription.cancelAtPeriodEnd,
        createdAt,
      ],
    );
    await applyProState(tx, row.user_id, subscription);
    return { outcome: 'applied', userId: row.user_id };
  });
}

/**
 * Registers `POST /webhooks/stripe` (only when STRIPE_WEBHOOK_SECRET is set).
 *
 * @example
 * ```ts
 * await app.register(stripeWebhookRoutes, { db, secret, prices });
 * ```
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  opts: StripeWebhookRoutesOptions,
): Promise<void> {
  // The signature covers the exact bytes Stripe sent: keep the body raw in this plugin.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1_048_576 },
    (_r, body, done) => done(null, body),
  );
  const now = opts.now ?? (() => Date.now());
  app.post('/webhooks/stripe', async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
      event = Stripe.webhooks.constructEvent(
        request.body,
        signature,
        opts.secret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        now(), // milliseconds: the library divides by 1000
      );
    } catch {
      request.log.warn('Stripe webhook refused: bad or old signature');
      return reply.code(400).send({ errors: [{ code: 'invalid', title: 'Invalid signature' }] });
    }
    const result = await applyStripeEvent(opts.db, opts.prices, event as never);
    request.log.info({ event: event.id, type: event.type, outcome: result.outcome }, 'Stripe webhook');
    if (result.userId !== null) await opts.notify?.(result.userId).catch(() => undefined);
    return { received: true, outcome: result.outcome };
  });
}
