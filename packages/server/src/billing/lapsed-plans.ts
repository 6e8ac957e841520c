/**
 * Paid PRO plans that ended on their date (issue 47): a plan cancelled at its period end, or whose
 * renewal failed (`past_due`) and whose period then ran out, ends by a scheduled job in every process
 * that runs jobs, not only when the member next opens billing or a provider event arrives (the local
 * provider sends none; a Stripe webhook can be lost). Ending it takes PRO away in the same transaction,
 * then every process forgets the member's cached answers and the member's open pages refetch the
 * session, so the ads come back and the chat's PRO badge goes at once.
 * @module
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { startPeriodicJob } from '../periodic-job.js';

/** How often the job looks for plans that ended, in ms: a plan ends at most this late. */
export const LAPSED_PLANS_INTERVAL_MS = 60_000;

/** How long after start the first round runs, in ms. */
export const LAPSED_PLANS_FIRST_MS = 5_000;

/** Options of {@link endLapsedPlans}. */
export interface EndLapsedPlansOptions {
  /** The clock (tests move it); the database's own clock is not used, so a test can inject time. */
  now?: Date;
  /** Only this member's plan (a read of the member's billing). */
  userId?: number;
}

/**
 * Ends every live subscription whose period has passed and that will not renew: cancelled at the
 * period end, or `past_due` (its renewal failed). Answers the members whose PRO ended. One UPDATE
 * with RETURNING: of several processes running the job at once, each plan is ended by exactly one.
 *
 * @example
 * ```ts
 * const ended = await endLapsedPlans(db, { now: new Date() }); // [42]
 * ```
 */
export async function endLapsedPlans(db: Database, options: EndLapsedPlansOptions = {}): Promise<number[]> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number }>(
      `UPDATE billing_accounts SET status = 'canceled', updated_at = now()
        WHERE status IN ('active', 'trialing', 'past_due')
          AND (cancel_at_period_end OR status = 'past_due')
          AND current_period_end <= $1
          AND ($2::int IS NULL OR user_id = $2)
        RETURNING user_id`,
      [now, options.userId ?? null],
    );
    const users = rows.map((row) => row.user_id);
    if (users.length > 0) {
      // A paid member loses PRO; a trial or comp period that still runs is left alone (applyProState).
      await tx.query(
        `UPDATE users SET pro_state = '', pro_expires_at = NULL
          WHERE id = ANY($1::int[]) AND pro_state = 'paid'`,
        [users],
      );
    }
    return users;
  });
}

/** What the job needs: the database, a logger, and what follows a member's PRO ending. */
export interface LapsedPlansJobOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Forgets the member's cached answers on every process (a member invalidation). */
  invalidateMember: (userId: number) => void;
  /** Makes the member's open pages refetch the session (`sessionPushFor`). */
  pushSession?: (userId: number) => Promise<void>;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * One round of the job: ends the lapsed plans and tells every process and page. Answers the members.
 *
 * @example
 * ```ts
 * await lapsedPlansRound({ db, log, invalidateMember, now: () => new Date('2027-01-02') });
 * ```
 */
export async function lapsedPlansRound(options: LapsedPlansJobOptions): Promise<number[]> {
  const ended = await endLapsedPlans(options.db, { now: options.now?.() ?? new Date() });
  for (const userId of ended) {
    options.invalidateMember(userId);
    await options
      .pushSession?.(userId)
      .catch((error: unknown) => options.log.error({ err: error, userId }, 'session refresh push failed'));
  }
  if (ended.length > 0) options.log.info({ users: ended }, 'ended lapsed PRO plans');
  return ended;
}

/**
 * Starts the job (every {@link LAPSED_PLANS_INTERVAL_MS}); answers its stop function.
 *
 * @example
 * ```ts
 * const stop = startLapsedPlansJob({ db, log, invalidateMember, pushSession }); ... await stop();
 * ```
 */
export function startLapsedPlansJob(options: LapsedPlansJobOptions): () => Promise<void> {
  return startPeriodicJob(() => lapsedPlansRound(options), {
    firstMs: LAPSED_PLANS_FIRST_MS,
    intervalMs: LAPSED_PLANS_INTERVAL_MS,
    onError: (error) => options.log.error({ err: error }, 'lapsed plans round failed'),
  });
}
