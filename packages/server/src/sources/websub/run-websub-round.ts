/**
 * One round of the WebSub job: under the job's lease in `job_leases` (so several processes do not all
 * send the same requests), every due subscription is asked for at its hub: new ones (queued by the
 * ingest pipeline), active ones whose lease ends within a day (renewal), unverified requests an hour old,
 * and failed ones whose backoff has passed; and the hubs of sources disabled, removed or deleted are asked to
 * stop (an unsubscription).
 * @module
 */
import type { Database } from '../../db/database.js';
import { releaseJobLease, takeJobLease } from '../../email-pages/recap-newsletter.js';
import { type HubRequestOptions, sendHubRequest } from './subscribe-to-hub.js';
import { callbackUrl } from './websub-callback-url.js';
import {
  DEFAULT_LEASE_SECONDS,
  dueSubscriptions,
  dueUnsubscriptions,
  noteRequestFailed,
  noteRequestSent,
  noteUnsubscribed,
} from './websub-store.js';

/** The job's name in `job_leases`. */
export const WEBSUB_JOB = 'websub_subscriptions';
const LEASE_MS = 5 * 60 * 1000;
/** Most subscribe requests of one round (the rest wait for the next). */
export const ROUND_LIMIT = 50;

/** Options of {@link runWebSubRound}. */
export interface WebSubRoundOptions {
  /** This process's lease owner id. */
  owner: string;
  /** PUBLIC_ORIGIN: the hubs call back there. */
  publicOrigin: string;
  /** The clock (tests drive it). */
  now?: Date;
  /** The lease asked of hubs (default 10 days). */
  leaseSeconds?: number;
  /** Passed to the hub requests. */
  request?: HubRequestOptions;
}

/** What a round did. */
export interface WebSubRoundResult {
  /** False when another process held the job's lease. */
  ran: boolean;
  /** Requests the hubs accepted. */
  accepted: number;
  /** Requests refused or unanswered. */
  failed: number;
  /** Unsubscriptions sent (for sources disabled, removed or deleted), whatever the hub answered. */
  unsubscribed: number;
}

/**
 * Sends the due subscribe requests; answers what happened.
 * @example
 * await runWebSubRound(db, { owner: 'web-1', publicOrigin: config.publicOrigin });
 */
export async function runWebSubRound(db: Database, options: WebSubRoundOptions): Promise<WebSubRoundResult> {
  const now = options.now ?? new Date();
  const result: WebSubRoundResult = { ran: false, accepted: 0, failed: 0, unsubscribed: 0 };
  if (!(await takeJobLease(db, WEBSUB_JOB, options.owner, LEASE_MS, now))) return result;
  result.ran = true;
  try {
    const due = await dueSubscriptions(db, now, ROUND_LIMIT);
    for (const sub of due) {
      await noteRequestSent(db, sub.id, now);
      const answer = await sendHubRequest(
        {
          hub: sub.hub,
          mode: 'subscribe',
          topic: sub.topic,
          callback: callbackUrl(options.publicOrigin, sub.callbackToken),
          secret: sub.secret,
          leaseSeconds: options.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
        },
        options.request,
      );
      if (answer.kind === 'accepted') result.accepted++;
      else {
        result.failed++;
        await noteRequestFailed(db, sub.id, answer.error, now);
      }
    }
    // A source no longer fetched: the hub is asked to stop pushing (W3C WebSub §5.1) rather than left to
    // push until the lease ends. Sent once; a hub that does not hear it lets the lease lapse.
    for (const sub of await dueUnsubscriptions(db, ROUND_LIMIT)) {
      await noteUnsubscribed(db, sub.id, now);
      result.unsubscribed++;
      await sendHubRequest(
        {
          hub: sub.hub,
          mode: 'unsubscribe',
          topic: sub.topic,
          callback: callbackUrl(options.publicOrigin, sub.callbackToken),
        },
        options.request,
      );
    }
  } finally {
    await releaseJobLease(db, WEBSUB_JOB, options.owner);
  }
  return result;
}
