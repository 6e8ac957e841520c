/**
 * PRO billing and API keys (spec 3 §3 "Billing record", "API key", §7 "PRO, billing, API keys").
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable } from './common.js';

/** The plans: $4/month or $35/year (the default choice). */
export const PlanName = Type.Union([Type.Literal('pro-monthly'), Type.Literal('pro-yearly')]);
/** The plans. */
export type PlanName = Static<typeof PlanName>;

/** The card on file, as the card provider describes it (never the number). */
export const CreditCard = Type.Object({
  name: Type.String(),
  type: Type.String({ description: 'Card brand, e.g. Visa.' }),
  last4: Type.String({ pattern: '^[0-9]{4}$' }),
  expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
  expYear: Type.Integer({ minimum: 2000 }),
});
/** The card on file. */
export type CreditCard = Static<typeof CreditCard>;

/**
 * The member's billing record (one per member); empty fields mean no plan or no card on file. A
 * cancelled plan keeps `plan` with `planEnds` (PRO until then, no renewal; it can be resumed before),
 * a renewing one has `planRenews`. `comped` is PRO given without a subscription (nothing to bill or
 * cancel; `planEnds` when it ends).
 */
export const BillingRecord = Type.Object({
  id: Id,
  custId: Nullable(Type.String({ description: 'Customer id at the card provider.' })),
  plan: Nullable(PlanName),
  planRenews: Nullable(DateTime),
  /** Cancelled (or complimentary): PRO ends on this date and does not renew. */
  planEnds: Nullable(DateTime),
  comped: Type.Boolean({ description: 'PRO given without a subscription: no plan to bill or cancel.' }),
  creditCard: Nullable(CreditCard),
});
/** The member's billing record. */
export type BillingRecord = Static<typeof BillingRecord>;

/** `api/v1/profile/billing` answers. */
export const BillingResponse = Type.Object({ billing: BillingRecord });
/** `api/v1/profile/billing` answers. */
export type BillingResponse = Static<typeof BillingResponse>;

/** `POST api/v1/profile/billing` body: subscribe with a plan and a card provider token. */
export const BillingCreateBody = Type.Object({
  planName: PlanName,
  tokenId: Type.String({ minLength: 1, maxLength: 255 }),
  name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S', description: 'The name on the card.' }),
});
/** `POST api/v1/profile/billing` body. */
export type BillingCreateBody = Static<typeof BillingCreateBody>;

/**
 * `PUT api/v1/profile/billing` body: a new card token and, optionally, another plan; `resume: true`
 * takes back a cancellation before the plan ends (it renews again, with the card on file).
 */
export const BillingUpdateBody = Type.Object(
  {
    tokenId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    planName: Type.Optional(PlanName),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' })),
    resume: Type.Optional(Type.Literal(true, { description: 'Resumes a plan cancelled at its period end.' })),
  },
  // A new card comes with the name on it (the server's billingBodyProblems asks for both).
  {
    if: { properties: { tokenId: { type: 'string' } }, required: ['tokenId'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then (draft-07 and 2020-12), not a promise
    then: { properties: { name: { type: 'string' } }, required: ['name'] },
  },
);
/** `PUT api/v1/profile/billing` body. */
export type BillingUpdateBody = Static<typeof BillingUpdateBody>;

/** An API key of a member with the api flag. The token is only shown in full on creation. */
export const ApiKey = Type.Object({
  id: Id,
  token: Type.String(),
  description: Nullable(Type.String()),
  createdAt: DateTime,
  lastUsedAt: Nullable(DateTime),
});
/** An API key. */
export type ApiKey = Static<typeof ApiKey>;

/** `POST api/v1/profile/api_keys` body: `apiKey` is an empty object or carries a description. */
export const ApiKeyCreateBody = Type.Object({
  apiKey: Type.Object({ description: Type.Optional(Type.String({ maxLength: 200 })) }),
});
/** `POST api/v1/profile/api_keys` body. */
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

/** `POST/DELETE api/v1/profile/api_keys` answer. */
export const ApiKeyResponse = Type.Object({ apiKey: ApiKey });
/** `POST/DELETE api/v1/profile/api_keys` answer. */
export type ApiKeyResponse = Static<typeof ApiKeyResponse>;
