/**
 * Stripe.js for live cards: when the server names a publishable key (the session's
 * `publicKeys.stripePublishableKey`), the billing form loads Stripe's script from js.stripe.com (only
 * then: the CSP allows it only then), mounts its card element and sends the token it creates. The
 * card number never touches SportSpyder. The types below are the part of Stripe.js v3 the form uses.
 * @module
 */
import { loadScript } from '../script-loader.js';

/** Stripe.js v3, always from Stripe's own host (Stripe asks that it is never bundled or self-hosted). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** The change event of a card element. */
export interface StripeCardChangeEvent {
  /** True when number, expiry, CVC (and postal code when asked) are all valid. */
  complete: boolean;
  /** True when the field is empty. */
  empty?: boolean;
  /** The problem to show while typing (an invalid number, an expiry in the past). */
  error?: { message: string } | undefined;
}

/** A mounted card element. */
export interface StripeCardElementLike {
  mount(target: HTMLElement | string): void;
  on(event: 'change', handler: (event: StripeCardChangeEvent) => void): void;
  on(event: 'ready', handler: () => void): void;
  destroy(): void;
}

/** The elements group of a Stripe instance. */
export interface StripeElementsLike {
  create(type: 'card', options?: Record<string, unknown>): StripeCardElementLike;
}

/** A Stripe instance (`Stripe(publishableKey)`). */
export interface StripeLike {
  elements(options?: Record<string, unknown>): StripeElementsLike;
  createToken(
    card: StripeCardElementLike,
    data?: { name?: string },
  ): Promise<{ token?: { id: string }; error?: { message?: string } }>;
}

/** The `window.Stripe` constructor. */
export type StripeConstructor = (publishableKey: string) => StripeLike;

/**
 * Loads Stripe.js (once per page) and answers a Stripe instance for the key.
 *
 * @example
 * ```ts
 * const stripe = await loadStripe('pk_live_…');
 * const card = stripe.elements().create('card');
 * ```
 */
export async function loadStripe(
  publishableKey: string,
  load: (src: string) => Promise<void> = loadScript,
  global: () => StripeConstructor | undefined = () => (globalThis as { Stripe?: StripeConstructor }).Stripe,
): Promise<StripeLike> {
  // A page that already has Stripe.js (another form, a test double) does not load it again.
  if (!global()) await load(STRIPE_JS_URL);
  const Stripe = global();
  if (!Stripe) throw new Error('Stripe.js did not load');
  return Stripe(publishableKey);
}

/**
 * The token id of the card element's entry, or the card provider's message as is (spec 3 §5).
 */
export async function stripeCardToken(
  stripe: StripeLike,
  card: StripeCardElementLike,
  name: string,
): Promise<{ token: string } | { error: string }> {
  const answer = await stripe.createToken(card, { name: name.trim() });
  if (answer.token?.id) return { token: answer.token.id };
  return { error: answer.error?.message ?? 'Your card could not be checked. Please try again.' };
}
