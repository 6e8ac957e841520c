/**
 * Which card provider the app uses: Stripe when STRIPE_SECRET_KEY and both price ids are configured,
 * else the local provider (Stripe's test tokens, nothing leaves the process). Also the push that makes
 * a member's open pages refetch the session after their PRO state changed.
 * @module
 */
import type { Broadcaster } from '../cable/broadcaster.js';
import { userNotificationsStream } from '../cable/channels/user-notifications-channel.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { BillingProvider } from './billing-provider.js';
import { LocalBillingProvider } from './local-billing-provider.js';
import type { StripePrices } from './stripe-billing-provider.js';

/** The Stripe price ids of the configuration, or null when one is missing. */
export function stripePricesOf(
  config: Pick<ServerConfig, 'stripePriceMonthly' | 'stripePriceYearly'>,
): StripePrices | null {
  if (!config.stripePriceMonthly || !config.stripePriceYearly) return null;
  return { 'pro-monthly': config.stripePriceMonthly, 'pro-yearly': config.stripePriceYearly };
}

/**
 * The configured provider.
 *
 * @example
 * ```ts
 * (await billingProviderFor(loadConfig(), db)).name; // 'local' with nothing configured
 * ```
 */
export async function billingProviderFor(config: ServerConfig, db: Database): Promise<BillingProvider> {
  const prices = stripePricesOf(config);
  if (config.stripeSecretKey && prices) {
    // The Stripe library (about 4 MB of heap) is loaded only by a server configured for it.
    const { StripeBillingProvider } = await import('./stripe-billing-provider.js');
    return new StripeBillingProvider({ secretKey: config.stripeSecretKey, prices });
  }
  if (config.stripeSecretKey) {
    throw new Error('STRIPE_SECRET_KEY is set: STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY must be set too');
  }
  return new LocalBillingProvider({ db });
}

/**
 * A push on the member's notifications stream (its unread count), on which every open page of the
 * member refetches the session: the ads go as soon as the PRO state is paid, in every tab.
 */
export function sessionPushFor(db: Database, broadcaster: Broadcaster): (userId: number) => Promise<void> {
  return async (userId) => {
    const { rows } = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    );
    await broadcaster.publish(userNotificationsStream(userId), {
      type: 'notification',
      notificationsCount: rows[0]?.count ?? 0,
    });
  };
}
