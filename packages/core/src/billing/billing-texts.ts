/**
 * PRO and billing rules the browser applies (spec 3 §4 "PRO state", "Billing screen", §5, §8, §9;
 * spec 1 §1 trial banner): the plans and their prices, the PRO state a member is in with its days
 * left, when Save or Subscribe may be pressed, and the texts of the screens.
 * @module
 */
import type { PlanName, User } from '@sportspyder/contract';

/** One plan as the screens show it. */
export interface PlanOption {
  /** The plan's name in the API. */
  name: PlanName;
  /** Its label. */
  label: string;
  /** Its price. */
  price: string;
  /** A saving to point out, if any. */
  note: string | null;
}

/** The plans (spec 3 §9): yearly first, as it is the default choice. */
export const PLAN_OPTIONS: readonly PlanOption[] = Object.freeze([
  { name: 'pro-yearly', label: 'Yearly', price: '$35/year', note: 'save 27%' },
  { name: 'pro-monthly', label: 'Monthly', price: '$4/month', note: null },
]);

/** The plan chosen until the member picks another (spec 3 §9). */
export const DEFAULT_PLAN: PlanName = 'pro-yearly';

/** Days of the PRO trial (spec 3 §9). */
export const PRO_TRIAL_DAYS = 7;

/** Toast after subscribing (spec 3 §8). */
export const SUBSCRIBED_TOAST = 'You have successfully subscribed to SportSpyder Pro!';
/** Toast after a card or plan change (spec 3 §8). */
export const PAYMENT_UPDATED_TOAST = 'Your payment details have been updated successfully.';
/** Toast after cancelling (spec 3 §8). */
export const SUBSCRIPTION_CANCELLED_TOAST = 'Your SportSpyder Pro subscription was successfully cancelled.';
/** Toast after resuming a cancelled plan (not in the spec; worded like its cancel toast). */
export const SUBSCRIPTION_RESUMED_TOAST = 'Your SportSpyder Pro subscription was successfully resumed.';
/** The resume action of a cancelled plan, on /settings/billing and /settings/pro alike. */
export const RESUME_PLAN_LABEL = 'Resume plan';

/**
 * What a cancelled (or complimentary) plan says of its end, on both PRO screens; `day` is the date
 * as the screens write it.
 *
 * @example
 * ```ts
 * planEndsText('December 2, 2027'); // 'ends on December 2, 2027'
 * ```
 */
export function planEndsText(day: string): string {
  return `ends on ${day}`;
}

/** Field error of a missing plan (spec 3 §5). */
export const CHOOSE_PLAN_TEXT = 'You must choose a plan.';
/** Field error of a blank name (spec 3 §5). */
export const NAME_BLANK_TEXT = "Your name can't be blank.";

/** The PRO states of spec 3 §4 as the screens show them. */
export type ProStatus =
  | { state: 'trial'; daysLeft: number }
  | { state: 'comp'; daysLeft: number }
  | { state: 'paid'; since: string | null }
  | { state: 'empty' };

/**
 * The member's PRO state: trial and comp with their days left (a period with no day left is over:
 * empty), paid with the date it began, else empty (the $35/year call to action).
 *
 * @example
 * ```ts
 * proStatus({ pro: true, proState: 'trial', proDaysLeft: 5, proSince: null }); // { state: 'trial', daysLeft: 5 }
 * ```
 */
export function proStatus(
  user: Pick<User, 'pro' | 'proState' | 'proDaysLeft' | 'proSince'> | null,
): ProStatus {
  if (!user) return { state: 'empty' };
  if (user.proState === 'paid') return { state: 'paid', since: user.proSince };
  if ((user.proState === 'trial' || user.proState === 'comp') && (user.proDaysLeft ?? 0) > 0) {
    return { state: user.proState, daysLeft: user.proDaysLeft ?? 0 };
  }
  return { state: 'empty' };
}

/** 'N days' / '1 day'. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The trial banner's text (spec 1 §1); a 'Learn more' link to /settings/pro follows it. */
export function trialBannerText(days: number): string {
  return `Enjoy your PRO membership features free for the next ${days} days`;
}

/** What the billing form holds. */
export interface BillingFormState {
  /** A call is under way (or the record is loading). */
  loading: boolean;
  /** The card entry has everything it needs. */
  cardComplete: boolean;
  /** The name on the card. */
  name: string;
  /** The chosen plan ('' when none). */
  plan: PlanName | '';
}

/**
 * Whether Save or Subscribe can be pressed (spec 3 §4): not while loading, while the card entry is
 * incomplete, or while the name or plan is empty.
 */
export function canSubmitBilling(form: BillingFormState): boolean {
  return !form.loading && form.cardComplete && form.name.trim() !== '' && form.plan !== '';
}

/** The spec's texts of the form's own checks, by field (spec 3 §5). */
export function billingFieldErrors(form: Pick<BillingFormState, 'name' | 'plan'>): {
  name?: string;
  planName?: string;
} {
  return {
    ...(form.name.trim() === '' ? { name: NAME_BLANK_TEXT } : {}),
    ...(form.plan === '' ? { planName: CHOOSE_PLAN_TEXT } : {}),
  };
}
