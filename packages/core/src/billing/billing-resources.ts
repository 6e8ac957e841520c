/**
 * The billing calls of spec 3 §7 "PRO, billing" as the screens run them: read the record, subscribe
 * (then the session is refetched, so the PRO state and the ads change at once, without a reload),
 * replace the card or change the plan, and cancel. Each success shows the toast of spec 3 §8;
 * refusals reject with the `ApiError` (422 with the fields) for the form's error box.
 * @module
 */
import type { BillingRecord, BillingResponse, PlanName } from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import {
  PAYMENT_UPDATED_TOAST,
  SUBSCRIBED_TOAST,
  SUBSCRIPTION_CANCELLED_TOAST,
  SUBSCRIPTION_RESUMED_TOAST,
} from './billing-texts.js';

/** The part of the client the billing calls use. */
export type BillingClient = Pick<SportSpyderClient, 'api' | 'session' | 'toasts'>;

const BILLING = '/api/v1/profile/billing';

/** `GET api/v1/profile/billing`. */
export async function readBilling(client: BillingClient): Promise<BillingRecord> {
  const { billing } = await client.api.get<BillingResponse>(apiPath(BILLING), { handleNotFound: false });
  return billing;
}

/**
 * Whether the record shows a plan (else the screen shows the subscribe form): one that renews, one
 * cancelled that runs to `planEnds` (with a resume action until then), or a comped PRO.
 */
export function hasPlan(billing: BillingRecord | null): boolean {
  if (billing === null) return false;
  return billing.comped || (billing.plan !== null && billing.creditCard !== null);
}

/** Whether the plan was cancelled and runs to its end (`planEnds`): the screens offer to resume it. */
export function isPlanEnding(billing: BillingRecord | null): boolean {
  return billing !== null && !billing.comped && billing.plan !== null && billing.planEnds !== null;
}

/** `POST api/v1/profile/billing`: subscribes, shows the toast and refetches the session. */
export async function subscribeToPro(
  client: BillingClient,
  input: { planName: PlanName; tokenId: string; name: string },
): Promise<BillingRecord> {
  const { billing } = await client.api.post<BillingResponse>(
    apiPath(BILLING),
    { planName: input.planName, tokenId: input.tokenId, name: input.name.trim() },
    { handleNotFound: false },
  );
  client.toasts.show(SUBSCRIBED_TOAST, 'success');
  await client.session.refetch().catch(() => undefined);
  return billing;
}

/** `PUT api/v1/profile/billing`: a new card and/or another plan; shows the toast. */
export async function updateBilling(
  client: BillingClient,
  input: { tokenId?: string; planName?: PlanName; name?: string },
): Promise<BillingRecord> {
  const { billing } = await client.api.put<BillingResponse>(
    apiPath(BILLING),
    {
      ...(input.tokenId ? { tokenId: input.tokenId } : {}),
      ...(input.planName ? { planName: input.planName } : {}),
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    },
    { handleNotFound: false },
  );
  client.toasts.show(PAYMENT_UPDATED_TOAST, 'success');
  return billing;
}

/** `DELETE api/v1/profile/billing`: cancels at the period end; shows the toast, refetches the session. */
export async function cancelPro(client: BillingClient): Promise<BillingRecord> {
  const { billing } = await client.api.delete<BillingResponse>(apiPath(BILLING), undefined, {
    handleNotFound: false,
  });
  client.toasts.show(SUBSCRIPTION_CANCELLED_TOAST, 'success');
  await client.session.refetch().catch(() => undefined);
  return billing;
}

/**
 * `PUT api/v1/profile/billing` with `resume: true`: takes back a cancellation before the plan ends
 * (the card on file is charged at the renewal again); shows the toast, refetches the session.
 */
export async function resumePro(client: BillingClient): Promise<BillingRecord> {
  const { billing } = await client.api.put<BillingResponse>(
    apiPath(BILLING),
    { resume: true },
    { handleNotFound: false },
  );
  client.toasts.show(SUBSCRIPTION_RESUMED_TOAST, 'success');
  await client.session.refetch().catch(() => undefined);
  return billing;
}
