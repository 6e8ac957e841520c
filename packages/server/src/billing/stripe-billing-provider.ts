/**
 * The Stripe adapter of the card provider, on the official `stripe` package: a customer per member,
 * the card token attached as the customer's default source, a subscription to the plan's price,
 * plan changes and cancellation at the period end. Every write sends the idempotency key it is given,
 * so a retried call (ours or the library's own network retry) never creates a second customer,
 * card or subscription. Card refusals become {@link CardError} with Stripe's message, shown as is.
 * @module
 */
import type { PlanName } from '@sportspyder/contract';
import Stripe from 'stripe';
import {
  type BillingProvider,
  CardError,
  type ProviderCard,
  type ProviderSubscription,
} from './billing-provider.js';

/** The Stripe price of each plan (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY). */
export type StripePrices = Record<PlanName, string>;

/** Options of {@link StripeBillingProvider}. */
export interface StripeBillingProviderOptions {
  /** STRIPE_SECRET_KEY (`sk_test_...` in test mode). */
  secretKey: string;
  /** The price id of each plan. */
  prices: StripePrices;
  /** Automatic network retries of the library (default 2; each retry reuses the idempotency key). */
  maxNetworkRetries?: number;
}

// The fields read from Stripe's answers (the library's types follow its newest API version; these are
// the fields every version since 2025 has, with the period end on the subscription's item).
interface StripeCardShape {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
}
interface StripeSubscriptionShape {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end?: number;
  items: { data: { id: string; price: { id: string }; current_period_end?: number }[] };
}

/** The plan of a Stripe price id, or null for a price this server does not sell. */
export function planOfPrice(prices: StripePrices, priceId: string | undefined): PlanName | null {
  if (priceId === prices['pro-yearly']) return 'pro-yearly';
  if (priceId === prices['pro-monthly']) return 'pro-monthly';
  return null;
}

/** A Stripe subscription object (from the API or a webhook event) in the provider's terms. */
export function subscriptionFromStripe(
  prices: StripePrices,
  subscription: StripeSubscriptionShape,
): ProviderSubscription {
  const item = subscription.items.data[0];
  const end = item?.current_period_end ?? subscription.current_period_end ?? 0;
  return {
    id: subscription.id,
    status: subscription.status,
    plan: planOfPrice(prices, item?.price.id),
    currentPeriodEnd: new Date(end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function cardError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new CardError(error.message, error.code ?? 'card_declined');
  }
  // A bad or used token is an invalid request with a message the member can act on.
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.param === 'source' || error.code === 'resource_missing' || error.code === 'token_already_used')
  ) {
    throw new CardError(error.message, error.code ?? 'invalid_token');
  }
  throw error;
}

/** The Stripe adapter (used when STRIPE_SECRET_KEY and the price ids are configured). */
export class StripeBillingProvider implements BillingProvider {
  readonly name = 'stripe' as const;
  /** The library client (webhooks are verified with `stripe.webhooks`). */
  readonly stripe: Stripe;
  private readonly prices: StripePrices;

  constructor(options: StripeBillingProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 20_000,
      appInfo: { name: 'SportSpyder' },
    });
    this.prices = options.prices;
  }

  async createCustomer(input: { userId: number; email: string; name: string }, idempotencyKey: string) {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { userId: String(input.userId) } },
      { idempotencyKey },
    );
    return { customerId: customer.id };
  }

  async attachCard(
    customerId: string,
    tokenId: string,
    name: string,
    idempotencyKey: string,
  ): Promise<ProviderCard> {
    let card: StripeCardShape;
    try {
      card = (await this.stripe.customers.createSource(
        customerId,
        { source: tokenId },
        { idempotencyKey: `${idempotencyKey}:source` },
      )) as unknown as StripeCardShape;
      await this.stripe.customers.update(
        customerId,
        { default_source: card.id, name },
        { idempotencyKey: `${idempotencyKey}:default` },
      );
    } catch (error) {
      cardError(error);
    }
    return {
      name: card.name || name,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
    };
  }

  async createSubscription(
    customerId: string,
    plan: PlanName,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    try {
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: this.prices[plan] }],
          // The first invoice is paid now with the default card, or the call fails (no half-made
          // subscription waiting for a payment the member never sees).
          payment_behavior: 'error_if_incomplete',
        },
        { idempotencyKey },
      );
      return subscriptionFromStripe(this.prices, subscription as unknown as StripeSubscriptionShape);
    } catch (error) {
      cardError(error);
    }
  }

  async updateSubscription(
    subscriptionId: string,
    change: { plan?: PlanName; cancelAtPeriodEnd?: boolean },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const params: Record<string, unknown> = {};
    if (change.cancelAtPeriodEnd !== undefined) params.cancel_at_period_end = change.cancelAtPeriodEnd;
    if (change.plan) {
      const current = (await this.stripe.subscriptions.retrieve(
        subscriptionId,
      )) as unknown as StripeSubscriptionShape;
      const item = current.items.data[0];
      params.items = [{ ...(item ? { id: item.id } : {}), price: this.prices[change.plan] }];
      params.proration_behavior = 'create_prorations';
    }
    try {
      const subscription = await this.stripe.subscriptions.update(subscriptionId, params, {
        idempotencyKey,
      });
      return subscriptionFromStripe(this.prices, subscription as unknown as StripeSubscriptionShape);
    } catch (error) {
      cardError(error);
    }
  }
}
