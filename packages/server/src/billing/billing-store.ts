/**
 * The billing rows of a member: the contract's billing record, the subscribe claim (one subscribe at
 * a time per member), and what a subscription's state means for the member's PRO state.
 * @module
 */
import type { BillingRecord, PlanName } from '@sportspyder/contract';
import { effectiveProState } from '../auth/users.js';
import type { Database, Queryable } from '../db/database.js';
import type { ProviderCard, ProviderSubscription } from './billing-provider.js';
import { endLapsedPlans } from './lapsed-plans.js';

/** A `billing_accounts` row. */
export interface BillingRow {
  id: number;
  user_id: number;
  key_prefix: string;
  customer_id: string | null;
  subscription_id: string | null;
  status: string;
  plan: PlanName | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  card_name: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  attempt: number;
  event_at: Date | string | null;
}

/** Subscription statuses that keep a member PRO (Stripe retries a failed renewal while past_due). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** How long a subscribe request holds its claim (a crashed request's claim runs out). */
export const CLAIM_SECONDS = 60;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whether the row holds a subscription that still bills or runs (even if cancelled at period end). */
export function hasLiveSubscription(row: BillingRow | null): boolean {
  return row !== null && row.subscription_id !== null && LIVE_STATUSES.has(row.status);
}

/** What the billing record shows of the member's own PRO state (see {@link memberPro}). */
export interface MemberPro {
  /** The PRO state in force (`effectiveProState`). */
  proState: string;
  /** When a period without subscription ends (comp, trial, a granted paid period), or null. */
  proExpiresAt: Date | string | null;
}

/**
 * The contract's billing record. A subscription cancelled at the period end keeps its plan and shows
 * `planEnds` (the member stays PRO to then and can resume before), never an empty record that would
 * offer to subscribe again. A paid member without a live subscription (the PRO demo account, a
 * granted PRO) is `comped`: there is nothing to bill or cancel.
 */
export function billingRecord(row: BillingRow | null, userId: number, member?: MemberPro): BillingRecord {
  const live = row !== null && hasLiveSubscription(row);
  const renewing = live && !row.cancel_at_period_end;
  const comped = !live && member?.proState === 'paid';
  return {
    id: row?.id ?? userId,
    custId: row?.customer_id ?? null,
    plan: live ? (row.plan ?? null) : null,
    planRenews: renewing ? iso(row.current_period_end ?? null) : null,
    planEnds:
      live && !renewing
        ? iso(row.current_period_end ?? null)
        : comped
          ? iso(member?.proExpiresAt ?? null)
          : null,
    comped,
    creditCard:
      row?.card_last4 && row.card_brand && row.card_exp_month && row.card_exp_year
        ? {
            name: row.card_name ?? '',
            type: row.card_brand,
            last4: row.card_last4,
            expMonth: row.card_exp_month,
            expYear: row.card_exp_year,
          }
        : null,
  };
}

/** The member's PRO state as the billing record shows it. */
export async function memberPro(db: Queryable, userId: number): Promise<MemberPro> {
  const { rows } = await db.query<{ pro_state: '' | 'trial' | 'comp' | 'paid'; pro_expires_at: Date | null }>(
    'SELECT pro_state, pro_expires_at FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return { proState: '', proExpiresAt: null };
  return {
    proState: effectiveProState(row.pro_state, row.pro_expires_at),
    proExpiresAt: row.pro_expires_at,
  };
}

/** The member's billing record as the billing calls answer it. */
export async function readBillingRecord(db: Queryable, userId: number): Promise<BillingRecord> {
  return billingRecord(await findBilling(db, userId), userId, await memberPro(db, userId));
}

/** The member's row, or null. */
export async function findBilling(db: Queryable, userId: number): Promise<BillingRow | null> {
  const { rows } = await db.query<BillingRow>('SELECT * FROM billing_accounts WHERE user_id = $1', [userId]);
  return rows[0] ?? null;
}

/**
 * Claims the member's account for one subscribe: answers the claimed row (with a new attempt number)
 * or null when another request holds it or a live, renewing subscription exists. The claim is one
 * UPDATE, so of ten requests at once exactly one wins on PGlite and PostgreSQL alike.
 */
export async function claimForSubscribe(db: Database, userId: number): Promise<BillingRow | null> {
  await db.query('INSERT INTO billing_accounts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
    userId,
  ]);
  const { rows } = await db.query<BillingRow>(
    `UPDATE billing_accounts
        SET claimed_until = now() + make_interval(secs => $2), attempt = attempt + 1, updated_at = now()
      WHERE user_id = $1
        AND (claimed_until IS NULL OR claimed_until < now())
        AND NOT (subscription_id IS NOT NULL AND status IN ('active', 'trialing', 'past_due')
                 AND NOT cancel_at_period_end)
      RETURNING *`,
    [userId, CLAIM_SECONDS],
  );
  return rows[0] ?? null;
}

/** Ends a claim (the subscribe failed or finished). */
export async function releaseClaim(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE billing_accounts SET claimed_until = NULL WHERE user_id = $1', [userId]);
}

/** Stores the customer id as soon as the provider made it (a failed card later keeps the customer). */
export async function saveCustomer(db: Queryable, userId: number, customerId: string): Promise<void> {
  await db.query('UPDATE billing_accounts SET customer_id = $2, updated_at = now() WHERE user_id = $1', [
    userId,
    customerId,
  ]);
}

/** Stores the card on file. */
export async function saveCard(db: Queryable, userId: number, card: ProviderCard): Promise<void> {
  await db.query(
    `UPDATE billing_accounts SET card_name = $2, card_brand = $3, card_last4 = $4, card_exp_month = $5,
            card_exp_year = $6, updated_at = now()
      WHERE user_id = $1`,
    [userId, card.name, card.brand, card.last4, card.expMonth, card.expYear],
  );
}

/**
 * Stores a subscription's state and sets the member's PRO state from it, in one transaction:
 * live makes the member paid (Pro since the first time), ended takes PRO away.
 */
export async function saveSubscription(
  db: Database,
  userId: number,
  subscription: ProviderSubscription,
  options: { releaseClaim?: boolean; eventAt?: Date } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE billing_accounts
          SET subscription_id = $2, status = $3, plan = COALESCE($4, plan), current_period_end = $5,
              cancel_at_period_end = $6, updated_at = now(),
              claimed_until = CASE WHEN $7 THEN NULL ELSE claimed_until END,
              event_at = GREATEST(event_at, $8::timestamptz)
        WHERE user_id = $1`,
      [
        userId,
        subscription.id,
        subscription.status,
        subscription.plan,
        subscription.currentPeriodEnd,
        subscription.cancelAtPeriodEnd,
        options.releaseClaim ?? false,
        options.eventAt ?? null,
      ],
    );
    await applyProState(tx, userId, subscription);
  });
}

/** The member's PRO state after a subscription changed. */
export async function applyProState(
  tx: Queryable,
  userId: number,
  subscription: Pick<ProviderSubscription, 'status' | 'currentPeriodEnd'>,
): Promise<void> {
  if (LIVE_STATUSES.has(subscription.status)) {
    await tx.query(
      `UPDATE users SET pro_state = 'paid', pro_since = COALESCE(pro_since, now()), pro_expires_at = $2
        WHERE id = $1`,
      [userId, subscription.currentPeriodEnd],
    );
  } else {
    // Ended: a paid member loses PRO; a trial or comp period that still runs is left alone.
    await tx.query(
      `UPDATE users SET pro_state = '', pro_expires_at = NULL WHERE id = $1 AND pro_state = 'paid'`,
      [userId],
    );
  }
}

/**
 * Ends the member's plan once its date has passed (cancelled at the period end, or a failed renewal),
 * when no provider event said so: the member is no longer PRO. The scheduled job
 * (`lapsed-plans.ts`) does the same for every member; this read-time check only closes the gap
 * until its next round. Answers whether it ended one.
 */
export async function endLapsedSubscription(db: Database, userId: number): Promise<boolean> {
  return (await endLapsedPlans(db, { userId })).length > 0;
}

/** The member's e-mail and display name (for the provider's customer). */
export async function memberContact(db: Queryable, userId: number): Promise<{ email: string; name: string }> {
  const { rows } = await db.query<{ email: string; name: string }>(
    'SELECT email, COALESCE(display_name, username) AS name FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}
