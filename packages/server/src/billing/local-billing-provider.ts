/**
 * The local card provider (development and tests; `npm start` with nothing configured). It answers
 * Stripe's test tokens the way Stripe's test mode does, so a developer can switch to Stripe's test
 * keys without learning new tokens: `tok_visa` and the other brands' success tokens are accepted,
 * `tok_chargeDeclined` and the other decline tokens fail with Stripe's messages, anything else is
 * "No such token". Nothing leaves the process; subscriptions live in memory (the database keeps what
 * the member sees).
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { PlanName } from '@sportspyder/contract';
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

const DAY_MS = 86_400_000;

/** End of a period started at `from`: a month or a year later (calendar months, as Stripe bills). */
export function periodEnd(plan: PlanName, from: Date): Date {
  const end = new Date(from);
  if (plan === 'pro-yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** Options of {@link LocalBillingProvider}. */
export interface LocalBillingProviderOptions {
  /** The clock (tests pin it). */
  now?: () => Date;
}

/** The local provider. Replays an idempotency key's first answer, as Stripe does. */
export class LocalBillingProvider implements BillingProvider {
  readonly name = 'local' as const;
  /** Calls made, by method (tests print them). */
  readonly calls = { createCustomer: 0, attachCard: 0, createSubscription: 0, updateSubscription: 0 };
  private readonly now: () => Date;
  private readonly subscriptions = new Map<string, ProviderSubscription>();
  private readonly replies = new Map<string, Promise<unknown>>();

  constructor(options: LocalBillingProviderOptions = {}) {
    this.now = options.now ?? (() => new Date());
  }

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const known = this.replies.get(key);
    if (known) return known as Promise<T>;
    const reply = work();
    this.replies.set(key, reply);
    return reply;
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
      const decline = LOCAL_DECLINE_TOKENS[tokenId];
      if (decline) throw new CardError(decline.message, decline.code);
      const card = LOCAL_TEST_CARDS[tokenId];
      if (!card) throw new CardError(`No such token: '${tokenId}'`, 'invalid_token');
      // Stripe's test tokens carry an expiry a few years ahead; the month is that of today.
      const today = this.now();
      return {
        name,
        brand: card.brand,
        last4: card.last4,
        expMonth: today.getUTCMonth() + 1,
        expYear: today.getUTCFullYear() + 3,
      };
    });
  }

  createSubscription(_customerId: string, plan: PlanName, key: string): Promise<ProviderSubscription> {
    return this.once(key, async () => {
      this.calls.createSubscription += 1;
      const subscription: ProviderSubscription = {
        id: `sub_local_${randomBytes(8).toString('hex')}`,
        status: 'active',
        plan,
        currentPeriodEnd: periodEnd(plan, this.now()),
        cancelAtPeriodEnd: false,
      };
      this.subscriptions.set(subscription.id, subscription);
      return { ...subscription };
    });
  }

  updateSubscription(
    subscriptionId: string,
    change: { plan?: PlanName; cancelAtPeriodEnd?: boolean },
    key: string,
  ): Promise<ProviderSubscription> {
    return this.once(key, async () => {
      this.calls.updateSubscription += 1;
      // After a restart the memory is empty: the subscription is taken as starting now.
      const known = this.subscriptions.get(subscriptionId) ?? {
        id: subscriptionId,
        status: 'active',
        plan: change.plan ?? 'pro-yearly',
        currentPeriodEnd: new Date(this.now().getTime() + 30 * DAY_MS),
        cancelAtPeriodEnd: false,
      };
      const next: ProviderSubscription = {
        ...known,
        ...(change.plan ? { plan: change.plan } : {}),
        ...(change.cancelAtPeriodEnd === undefined ? {} : { cancelAtPeriodEnd: change.cancelAtPeriodEnd }),
      };
      this.subscriptions.set(subscriptionId, next);
      return { ...next };
    });
  }
}
