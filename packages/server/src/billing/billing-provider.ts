/**
 * The card provider behind PRO billing (design: "Services that talk to the outside world sit behind a
 * small interface with a local default and a real adapter"): Stripe when `STRIPE_SECRET_KEY` is set
 * ({@link StripeBillingProvider}), else the local provider that follows Stripe's test tokens.
 * Every write takes an idempotency key, so a retried request never charges or subscribes twice.
 * @module
 */
import type { PlanName } from '@sportspyder/contract';

/** The card on file as the provider describes it (brand and last four digits, never the number). */
export interface ProviderCard {
  /** The card holder's name. */
  name: string;
  /** The brand as Stripe names it: Visa, MasterCard, American Express, Discover, ... */
  brand: string;
  /** The last four digits. */
  last4: string;
  /** Expiry month, 1 to 12. */
  expMonth: number;
  /** Expiry year, four digits. */
  expYear: number;
}

/** A subscription as the provider reports it. */
export interface ProviderSubscription {
  /** The provider's subscription id. */
  id: string;
  /** The provider's status: active, trialing, past_due, canceled, incomplete, ... */
  status: string;
  /** The plan it bills, or null for a price this server does not know. */
  plan: PlanName | null;
  /** End of the paid period (the renewal date unless cancelled). */
  currentPeriodEnd: Date;
  /** True once cancelled: it runs to the period end and does not renew. */
  cancelAtPeriodEnd: boolean;
}

/** A card refused by the provider: `message` is shown to the member as it is (spec 3 §5). */
export class CardError extends Error {
  /** The provider's decline code, e.g. `card_declined`, `expired_card`. */
  readonly code: string;
  constructor(message: string, code = 'card_declined') {
    super(message);
    this.name = 'CardError';
    this.code = code;
  }
}

/** What billing needs from a card provider. */
export interface BillingProvider {
  /** `local` or `stripe` (logged at start). */
  readonly name: 'local' | 'stripe';
  /** Creates the member's customer. */
  createCustomer(
    input: { userId: number; email: string; name: string },
    idempotencyKey: string,
  ): Promise<{ customerId: string }>;
  /** Puts the card of a one-use token on the customer as the default; throws {@link CardError}. */
  attachCard(
    customerId: string,
    tokenId: string,
    name: string,
    idempotencyKey: string,
  ): Promise<ProviderCard>;
  /** Starts a subscription to a plan, charged to the default card; throws {@link CardError}. */
  createSubscription(
    customerId: string,
    plan: PlanName,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  /** Changes the plan and/or sets or clears the cancellation at the period end. */
  updateSubscription(
    subscriptionId: string,
    change: { plan?: PlanName; cancelAtPeriodEnd?: boolean },
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
}
