/**
 * PRO billing (issue 13, spec 3 §4 "Billing screen", §5, §7 "PRO, billing", §8): read the record,
 * subscribe with a plan and a card token, replace the card or change the plan, cancel at the period
 * end. One subscribe runs at a time per member (a claim on the billing row), so ten concurrent
 * subscribe requests make one subscription; every provider write carries an idempotency key built
 * from the row's random prefix and the claim's attempt number.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ApiErrorItem, routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userNotificationsStream } from '../cable/channels/user-notifications-channel.js';
import type { ServerConfig } from '../config.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { type BillingProvider, CardError } from './billing-provider.js';
import {
  claimForSubscribe,
  endLapsedSubscription,
  findBilling,
  hasLiveSubscription,
  memberContact,
  readBillingRecord,
  releaseClaim,
  saveCard,
  saveCustomer,
  saveSubscription,
} from './billing-store.js';

/** The spec's billing texts (spec 3 §5, §8) and this server's refusals. */
export const BILLING_ERRORS = {
  plan: { field: 'planName', code: 'blank', title: 'You must choose a plan.' },
  name: { field: 'name', code: 'blank', title: "Your name can't be blank." },
  token: { field: 'tokenId', code: 'blank', title: 'Please enter your card details.' },
  busy: {
    code: 'taken',
    title: 'Your subscription is already being set up. Please wait a moment and reload the page.',
  },
  subscribed: { code: 'taken', title: 'You already have a SportSpyder Pro subscription.' },
  none: { code: 'not_found', title: "You don't have a SportSpyder Pro subscription." },
  notConfigured: { code: 'unavailable', title: 'Payments are not available on this server.' },
} satisfies Record<string, ApiErrorItem>;

/** Options of {@link billingRoutes}. */
export interface BillingRoutesOptions {
  /** The app's database. */
  db: Database;
  /** The app's configuration. */
  config: ServerConfig;
  /** The card provider (see `billingProviderFor`). */
  provider: BillingProvider;
  /** Tells the member's open pages to refetch the session (the PRO state changed). */
  notify?: (userId: number) => Promise<void>;
}

const PLANS = new Set(['pro-monthly', 'pro-yearly']);
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** The spec's field errors of a subscribe or update body (all of them, in form order). */
export function billingBodyProblems(
  body: unknown,
  need: { plan: boolean; token: boolean; name: boolean },
): ApiErrorItem[] {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const problems: ApiErrorItem[] = [];
  if (need.name && blank(input.name)) problems.push(BILLING_ERRORS.name);
  if (need.plan && !PLANS.has(input.planName as string)) problems.push(BILLING_ERRORS.plan);
  if (need.token && blank(input.tokenId)) problems.push(BILLING_ERRORS.token);
  return problems;
}

function cardProblem(error: unknown): never {
  if (error instanceof CardError) {
    throw new HttpError(422, [{ field: 'tokenId', code: error.code, title: error.message }]);
  }
  throw error;
}

/**
 * Registers `GET/POST/PUT/DELETE api/v1/profile/billing`.
 *
 * @example
 * ```ts
 * await api.register(billingRoutes, { db, config, provider: await billingProviderFor(config, db) });
 * ```
 */
export async function billingRoutes(app: FastifyInstance, opts: BillingRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, provider } = opts;
  // The local provider accepts test tokens: in production it would hand out PRO for nothing.
  const refuseLocal = config.production && provider.name === 'local';
  if (refuseLocal) app.log.warn('STRIPE_SECRET_KEY is not set: PRO subscriptions are refused');
  const notify = async (request: FastifyRequest, userId: number) => {
    try {
      await opts.notify?.(userId);
    } catch (error) {
      request.log.warn({ err: error }, 'session refresh push failed');
    }
  };
  const writeLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  const read = routes.getBilling;
  api.route({
    method: read.method,
    url: read.url,
    schema: { response: read.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      if (await endLapsedSubscription(db, userId)) {
        // A read that ended the plan changed what the member's cached answers say (ads, badge).
        app.cacheInvalidation.invalidate({ scope: 'member', userId });
        await notify(request, userId);
      }
      reply.header('cache-control', 'no-store');
      return { billing: await readBillingRecord(db, userId) };
    },
  });

  const create = routes.createBilling;
  api.route({
    method: create.method,
    url: create.url,
    // The handler runs on invalid bodies too, so a missing plan or name gets the spec's texts.
    schema: { body: create.body, response: create.response },
    attachValidation: true,
    config: writeLimit,
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const problems = billingBodyProblems(request.body, { plan: true, token: true, name: true });
      if (problems.length > 0 || request.validationError) {
        throw new HttpError(422, problems.length > 0 ? problems : [BILLING_ERRORS.token]);
      }
      if (refuseLocal) throw new HttpError(422, [BILLING_ERRORS.notConfigured]);
      const { planName, tokenId } = request.body;
      const name = (request.body.name ?? '').trim();

      const claimed = await claimForSubscribe(db, userId);
      if (!claimed) {
        const row = await findBilling(db, userId);
        throw new HttpError(422, [
          hasLiveSubscription(row) ? BILLING_ERRORS.subscribed : BILLING_ERRORS.busy,
        ]);
      }
      const key = `${claimed.key_prefix}:${claimed.attempt}`;
      try {
        let customerId = claimed.customer_id;
        if (!customerId) {
          const contact = await memberContact(db, userId);
          ({ customerId } = await provider.createCustomer(
            { userId, email: contact.email, name },
            `${claimed.key_prefix}:customer`,
          ));
          await saveCustomer(db, userId, customerId);
        }
        const card = await provider.attachCard(customerId, tokenId, name, `${key}:card`).catch(cardProblem);
        await saveCard(db, userId, card);
        // A subscription cancelled at the period end is resumed (and moved to the plan chosen)
        // rather than doubled; otherwise a new one starts.
        const subscription = hasLiveSubscription(claimed)
          ? await provider.updateSubscription(
              claimed.subscription_id as string,
              { plan: planName, cancelAtPeriodEnd: false },
              `${key}:resume`,
            )
          : await provider.createSubscription(customerId, planName, `${key}:subscription`).catch(cardProblem);
        await saveSubscription(db, userId, subscription, { releaseClaim: true });
      } catch (error) {
        await releaseClaim(db, userId);
        throw error;
      }
      request.log.info({ userId, plan: planName, provider: provider.name }, 'subscribed to PRO');
      await notify(request, userId);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ billing: await readBillingRecord(db, userId) });
    },
  });

  const update = routes.updateBilling;
  api.route({
    method: update.method,
    url: update.url,
    schema: { body: update.body, response: update.response },
    attachValidation: true,
    config: writeLimit,
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const problems = billingBodyProblems(body, {
        plan: body.planName !== undefined,
        token: false,
        name: body.tokenId !== undefined,
      });
      if (problems.length > 0 || request.validationError) {
        throw new HttpError(422, problems.length > 0 ? problems : [BILLING_ERRORS.plan]);
      }
      if (refuseLocal) throw new HttpError(422, [BILLING_ERRORS.notConfigured]);
      const row = await findBilling(db, userId);
      if (!row || !hasLiveSubscription(row) || !row.customer_id)
        throw new HttpError(404, [BILLING_ERRORS.none]);
      const { tokenId, planName, resume } = request.body;
      // Each update is its own write at the provider: a fresh key per request (the library's own
      // network retries reuse it).
      const key = `${row.key_prefix}:update:${randomUUID()}`;
      if (tokenId) {
        const name = (request.body.name ?? '').trim();
        const card = await provider
          .attachCard(row.customer_id, tokenId, name, `${key}:card`)
          .catch(cardProblem);
        await saveCard(db, userId, card);
      }
      const changePlan = planName !== undefined && planName !== row.plan;
      const resuming = resume === true && row.cancel_at_period_end;
      if (changePlan || resuming) {
        const subscription = await provider.updateSubscription(
          row.subscription_id as string,
          { ...(changePlan ? { plan: planName } : {}), ...(resuming ? { cancelAtPeriodEnd: false } : {}) },
          `${key}:plan`,
        );
        await saveSubscription(db, userId, subscription);
      }
      if (resuming) {
        request.log.info({ userId }, 'resumed PRO');
        await notify(request, userId);
      }
      reply.header('cache-control', 'no-store');
      return { billing: await readBillingRecord(db, userId) };
    },
  });

  const cancel = routes.deleteBilling;
  api.route({
    method: cancel.method,
    url: cancel.url,
    schema: { response: cancel.response },
    config: writeLimit,
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const row = await findBilling(db, userId);
      if (!row || !hasLiveSubscription(row) || row.cancel_at_period_end) {
        throw new HttpError(404, [BILLING_ERRORS.none]);
      }
      const subscription = await provider.updateSubscription(
        row.subscription_id as string,
        { cancelAtPeriodEnd: true },
        `${row.key_prefix}:cancel:${row.attempt}`,
      );
      await saveSubscription(db, userId, subscription);
      request.log.info({ userId }, 'cancelled PRO at the period end');
      await notify(request, userId);
      reply.header('cache-control', 'no-store');
      return { billing: await readBillingRecord(db, userId) };
    },
  });
}

/** The stream that makes a member's open pages refetch the session. */
export const sessionRefreshStream = userNotificationsStream;
