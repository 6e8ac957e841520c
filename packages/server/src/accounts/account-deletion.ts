/**
 * Deleting an account (/settings/account, issue 13): personal data is erased, every session ends, and
 * what other people must keep seeing is anonymised rather than left pointing at nobody. The work is a
 * list of steps, one per kind of data, run in one transaction in list order; the row of `users` goes
 * last. A slice that adds member data adds its step here:
 *
 * - **Chat**: 'anonymise chat messages' (`chat/anonymise-chat.ts`), before 'account row'. Its
 *   messages stay in the channels and threads others read, with the author set to nobody and shown
 *   as the '[deleted]' ghost; only the member's own reports, likes and moderator roles are deleted.
 *
 * Before the transaction, a live PRO subscription is cancelled at the card provider (at the period
 * end: the provider charges nothing more), so a deleted account is never billed again.
 * @module
 */
import type { BillingProvider } from '../billing/billing-provider.js';
import { findBilling, hasLiveSubscription } from '../billing/billing-store.js';
import { anonymiseChatMessagesOf } from '../chat/anonymise-chat.js';
import type { Database, Queryable } from '../db/database.js';

/** Who is being deleted, as the steps see it. */
export interface DeletionSubject {
  /** The account id. */
  userId: number;
  /** The account's address (newsletter rows and queued mails are keyed by it). */
  email: string;
}

/** One step: a name (logged and documented) and the statements it runs inside the transaction. */
export interface DeletionStep {
  /** What the step does, e.g. 'end sessions'. */
  name: string;
  /** Runs the step's statements. */
  run: (tx: Queryable, subject: DeletionSubject) => Promise<void>;
}

/** Tables of the member's own rows (contact messages, follows, hides, fantasy teams, listening, notifications). */
const OWN_TABLES = [
  'feedbacks',
  'following_teams',
  'source_follows',
  'podcast_follows',
  'hidden_sources',
  'hidden_podcasts',
  'fantasy_teams',
  'podcast_listens',
  'notifications',
] as const;

/** Reading and playing records kept for counts and popularity, with the member removed. */
const ANONYMISED_TABLES = ['page_views', 'article_views', 'podcast_episode_events', 'video_events'] as const;

/** The steps, in order. */
export const ACCOUNT_DELETION_STEPS: readonly DeletionStep[] = [
  {
    name: 'end sessions',
    run: (tx, { userId }) => tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]).then(() => {}),
  },
  {
    name: 'delete link tokens',
    run: (tx, { userId }) =>
      tx.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]).then(() => {}),
  },
  {
    name: 'delete own lists',
    run: async (tx, { userId }) => {
      for (const table of OWN_TABLES) await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    },
  },
  {
    name: 'anonymise reading and playing records',
    run: async (tx, { userId }) => {
      for (const table of ANONYMISED_TABLES) {
        await tx.query(`UPDATE ${table} SET user_id = NULL WHERE user_id = $1`, [userId]);
      }
      // A play stays counted under a key that no longer names the member.
      await tx.query(`UPDATE video_plays SET viewer = 'x:' || md5(viewer) WHERE viewer = $1`, [
        `u:${userId}`,
      ]);
    },
  },
  {
    name: 'delete newsletter subscriptions',
    run: (tx, { userId, email }) =>
      tx
        .query('DELETE FROM subscribers WHERE user_id = $1 OR lower(email) = lower($2)', [userId, email])
        .then(() => {}),
  },
  {
    name: 'delete mails to the address',
    run: (tx, { email }) =>
      tx.query('DELETE FROM mail_outbox WHERE lower(to_address) = lower($1)', [email]).then(() => {}),
  },
  {
    name: 'delete billing record',
    run: (tx, { userId }) =>
      tx.query('DELETE FROM billing_accounts WHERE user_id = $1', [userId]).then(() => {}),
  },
  { name: 'anonymise chat messages', run: (tx, { userId }) => anonymiseChatMessagesOf(tx, userId) },
  {
    // Last: whatever a later slice forgot is removed by its foreign key's ON DELETE rule.
    name: 'delete account row',
    run: (tx, { userId }) => tx.query('DELETE FROM users WHERE id = $1', [userId]).then(() => {}),
  },
];

/** Options of {@link deleteAccount}. */
export interface DeleteAccountOptions {
  /** The card provider, to stop a live subscription first. */
  billingProvider?: BillingProvider | undefined;
  /** The steps (default {@link ACCOUNT_DELETION_STEPS}). */
  steps?: readonly DeletionStep[];
}

/**
 * Deletes the account `userId`; answers false when it was already gone.
 *
 * @example
 * ```ts
 * await deleteAccount(db, userId, { billingProvider });
 * ```
 */
export async function deleteAccount(
  db: Database,
  userId: number,
  options: DeleteAccountOptions = {},
): Promise<boolean> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  const email = rows[0]?.email;
  if (email === undefined) return false;
  const billing = await findBilling(db, userId);
  if (options.billingProvider && billing && hasLiveSubscription(billing) && !billing.cancel_at_period_end) {
    await options.billingProvider.updateSubscription(
      billing.subscription_id as string,
      { cancelAtPeriodEnd: true },
      `${billing.key_prefix}:cancel:${billing.attempt}`,
    );
  }
  const steps = options.steps ?? ACCOUNT_DELETION_STEPS;
  await db.transaction(async (tx) => {
    for (const step of steps) await step.run(tx, { userId, email });
  });
  return true;
}
