/**
 * The local card provider (development and tests; `npm start` with nothing configured). It answers
 * Stripe's test tokens the way Stripe's test mode does, so a developer can switch to Stripe's test
 * keys without learning new tokens: `tok_visa` and the other brands' success tokens are accepted,
 * `tok_chargeDeclined` and the other decline tokens fail with Stripe's messages, anything else is
 * "No such token". A token made from a typed card carries its expiry (`tok_visa:01/20`, see
 * `localCardToken` in the core), checked as Stripe's test mode checks it: a past year is
 * "Your card's expiration year is invalid.", a past month of this year "Your card has expired.".
 * Nothing leaves the process, but its subscriptions and idempotent answers are kept in the database
 * (migration 0029), as Stripe keeps them on its side: a restart changes no subscription's period.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { PlanName } from '@sportspyder/contract';
import type { Queryable } from '../db/database.js';
import {
  type BillingProvider,
  CardError,
  type ProviderCard,
  type ProviderSubscription,
} from './billing-provider.js';

/** Stripe's success test tokens: brand and last four digits of the card each stands for. */
export const LOCAL_TEST_CARDS: Readonly<Record<string, { brand: string; last4: string }>> = {
  tok_visa: { brand: 'Visa', last4: '4242' },
  tok_visa_debit: { brand: 'Visa', last4: '5556' },
  tok_mastercard: { brand: 'MasterCard', last4: '4444' },
  tok_mastercard_debit: { brand: 'MasterCard', last4: '8210' },
  tok_mastercard_prepaid: { brand: 'MasterCard', last4: '5100' },
  tok_amex: { brand: 'American Express', last4: '8431' },
  tok_discover: { brand: 'Discover', last4: '1117' },
  tok_diners: { brand: 'Diners Club', last4: '0004' },
  tok_jcb: { brand: 'JCB', last4: '0505' },
  tok_unionpay: { brand: 'UnionPay', last4: '0005' },
};

/** Stripe's decline test tokens with the code and message Stripe answers. */
export const LOCAL_DECLINE_TOKENS: Readonly<Record<string, { code: string; message: string }>> = {
  tok_chargeDeclined: { code: 'card_declined', message: 'Your card was declined.' },
  tok_chargeDeclinedExpiredCard: { code: 'expired_card', message: 'Your card has expired.' },
  tok_chargeDeclinedIncorrectCvc: {
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  tok_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    message: 'Your card has insufficient funds.',
  },
  tok_chargeDeclinedProcessingError: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** End of a period started at `from`: a month or a year later (calendar months, as Stripe bills). */
export function periodEnd(plan: PlanName, from: Date): Date {
  const end = new Date(from);
  if (plan === 'pro-yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Stripe's messages of an expiry in the past (its test mode checks a card's expiry when tokenizing). */
export const EXPIRY_ERRORS = {
  year: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
  expired: { code: 'expired_card', message: 'Your card has expired.' },
} as const;

/** A local token: one of Stripe's test tokens, with the typed card's expiry when it came from one. */
export function parseLocalToken(tokenId: string): { token: string; expMonth?: number; expYear?: number } {
  const match = /^(tok_[A-Za-z0-9_]+):(\d{1,2})\/(\d{2}|\d{4})$/.exec(tokenId);
  if (!match) return { token: tokenId };
  const year = Number(match[3]);
  return { token: match[1] as string, expMonth: Number(match[2]), expYear: year < 100 ? 2000 + year : year };
}

/** Stripe's refusal of an expiry before `today`, or null when the card is still valid. */
export function expiryProblem(expMonth: number, expYear: number, today: Date): CardError | null {
  const year = today.getUTCFullYear();
  if (expMonth < 1 || expMonth > 12)
    return new CardError("Your card's expiration month is invalid.", 'invalid_expiry_month');
  if (expYear < year) return new CardError(EXPIRY_ERRORS.year.message, EXPIRY_ERRORS.year.code);
  if (expYear === year && expMonth < today.getUTCMonth() + 1) {
    return new CardError(EXPIRY_ERRORS.expired.message, EXPIRY_ERRORS.expired.code);
  }
  return null;
}

/** Options of {@link LocalBillingProvider}. */
export interface LocalBillingProviderOptions {
  /** Where its subscriptions and idempotent answers are kept (migration 0029). */
  db: Queryable;
  /** The clock (tests pin it). */
  now?: () => Date;
}

interface SubscriptionRow {
  id: string;
  status: string;
  plan: PlanName;
  current_period_end: Date | string;
  cancel_at_period_end: boolean;
}

type StoredReply = { ok: unknown } | { error: { message: string; code: string } };

const subscriptionOf = (row: SubscriptionRow): ProviderSubscription => ({
  id: row.id,
  status: row.status,
  plan: row.plan,
  currentPeriodEnd: new Date(row.current_period_end),
  cancelAtPeriodEnd: row.cancel_at_period_end,
});

/** The local provider. Replays an idempotency key's first answer, as Stripe does. */
export class LocalBillingProvider implements BillingProvider {
  readonly name = 'local' as const;
  /** Calls made, by method (tests print them). */
  readonly calls = { createCustomer: 0, attachCard: 0, createSubscription: 0, updateSubscription: 0 };
  private readonly db: Queryable;
  private readonly now: () => Date;
  // Concurrent calls with one key share the first one's work; finished answers come from the database.
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(options: LocalBillingProviderOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
  }

  private once<T>(key: string, work: () => Promise<T>, revive: (value: unknown) => T = (v) => v as T) {
    const known = this.running.get(key);
    if (known) return known as Promise<T>;
    const reply = (async () => {
      const { rows } = await this.db.query<{ reply: StoredReply | string }>(
        'SELECT reply FROM local_billing_requests WHERE idempotency_key = $1',
        [key],
      );
      const stored = rows[0]?.reply;
      if (stored !== undefined) {
        const answer: StoredReply = typeof stored === 'string' ? JSON.parse(stored) : stored;
        if ('error' in answer) throw new CardError(answer.error.message, answer.error.code);
        return revive(answer.ok);
      }
      let answer: StoredReply;
      let result: T;
      try {
        result = await work();
        answer = { ok: result };
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        answer = { error: { message: error.message, code: error.code } };
        await this.remember(key, answer);
        throw error;
      }
      await this.remember(key, answer);
      return result;
    })();
    this.running.set(key, reply);
    const forget = () => this.running.delete(key);
    reply.then(forget, forget);
    return reply;
  }

  private async remember(key: string, answer: StoredReply): Promise<void> {
    await this.db.query(
      `INSERT INTO local_billing_requests (idempotency_key, reply) VALUES ($1, $2::jsonb)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [key, JSON.stringify(answer)],
    );
  }

  createCustomer(_input: { userId: number; email: string; name: string }, key: string) {
    return this.once(key, async () => {
      this.calls.createCustomer += 1;
      return { customerId: `cus_local_${randomBytes(8).toString('hex')}` };
    });
  }

  attachCard(_customerId: string, tokenId: string, name: string, key: string): Promise<ProviderCard> {
    return this.once(key, async () => {
      this.calls.attachCard += 1;
      const { token, expMonth, expYear } = parseLocalToken(tokenId);
      const decline = LOCAL_DECLINE_TOKENS[token];
      if (decline) throw new CardError(decline.message, decline.code);
      const card = LOCAL_TEST_CARDS[token];
      if (!card) throw new CardError(`No such token: '${tokenId}'`, 'invalid_token');
      const today = this.now();
      if (expMonth !== undefined && expYear !== undefined) {
        const problem = expiryProblem(expMonth, expYear, today);
        if (problem) throw problem;
        return { name, brand: card.brand, last4: card.last4, expMonth, expYear };
      }
      // Stripe's test tokens carry an expiry a few years ahead; the month is that of today.
      return {
        name,
        brand: card.brand,
        last4: card.last4,
        expMonth: today.getUTCMonth() + 1,
        expYear: today.getUTCFullYear() + 3,
      };
    });
  }

  createSubscription(customerId: string, plan: PlanName, key: string): Promise<ProviderSubscription> {
    return this.once(
      key,
      async () => {
        this.calls.createSubscription += 1;
        const { rows } = await this.db.query<SubscriptionRow>(
          `INSERT INTO local_billing_subscriptions (id, customer_id, status, plan, current_period_end)
           VALUES ($1, $2, 'active', $3, $4) RETURNING *`,
          [`sub_local_${randomBytes(8).toString('hex')}`, customerId, plan, periodEnd(plan, this.now())],
        );
        return subscriptionOf(rows[0] as SubscriptionRow);
      },
      reviveSubscription,
    );
  }

  updateSubscription(
    subscriptionId: string,
    change: { plan?: PlanName; cancelAtPeriodEnd?: boolean },
    key: string,
  ): Promise<ProviderSubscription> {
    return this.once(
      key,
      async () => {
        this.calls.updateSubscription += 1;
        // A plan change keeps the period, as Stripe does by default (prorated on the next invoice).
        const { rows } = await this.db.query<SubscriptionRow>(
          `UPDATE local_billing_subscriptions
              SET plan = COALESCE($2, plan), cancel_at_period_end = COALESCE($3, cancel_at_period_end)
            WHERE id = $1 RETURNING *`,
          [subscriptionId, change.plan ?? null, change.cancelAtPeriodEnd ?? null],
        );
        const row = rows[0];
        if (!row) throw new Error(`No such subscription: '${subscriptionId}'`);
        return subscriptionOf(row);
      },
      reviveSubscription,
    );
  }
}

// A subscription read back from its stored JSON answer (its date is a string there).
function reviveSubscription(value: unknown): ProviderSubscription {
  const stored = value as ProviderSubscription & { currentPeriodEnd: string | Date };
  return { ...stored, currentPeriodEnd: new Date(stored.currentPeriodEnd) };
}
