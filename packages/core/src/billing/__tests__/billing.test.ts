// Core billing: subscribing refetches the session so the member is ad-free at once (no reload), the
// spec's toasts, refusals reaching the form as field errors, the PRO states and the form rules, and
// the local card entry's test tokens.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, makeUser, server, signedIn } from '../../__tests__/fixtures.js';
import { formErrors } from '../../accounts/account-texts.js';
import { isAdFree } from '../../content/ads.js';
import {
  cancelPro,
  hasPlan,
  isPlanEnding,
  readBilling,
  resumePro,
  subscribeToPro,
  updateBilling,
} from '../billing-resources.js';
import {
  billingFieldErrors,
  canSubmitBilling,
  DEFAULT_PLAN,
  PLAN_OPTIONS,
  proStatus,
  SUBSCRIBED_TOAST,
  SUBSCRIPTION_CANCELLED_TOAST,
  SUBSCRIPTION_RESUMED_TOAST,
  trialBannerText,
} from '../billing-texts.js';
import { isCardEntryComplete, localCardToken } from '../card-entry.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const record = {
  id: 1,
  custId: 'cus_local_1',
  plan: 'pro-yearly' as const,
  planRenews: '2027-11-24T00:00:00.000Z',
  planEnds: null,
  comped: false,
  creditCard: { name: 'Ann', type: 'Visa', last4: '4242', expMonth: 11, expYear: 2029 },
};

describe('subscribeToPro', () => {
  it('posts plan, token and name, shows the toast, and the refetched session makes the member ad-free without a reload', async () => {
    let paid = false;
    let body: unknown;
    server.use(
      http.get(api('session'), () =>
        HttpResponse.json(signedIn(makeUser(paid ? { pro: true, proState: 'paid' } : {}))),
      ),
      http.post(api('profile/billing'), async ({ request }) => {
        body = await request.json();
        paid = true;
        return HttpResponse.json({ billing: record }, { status: 201 });
      }),
    );
    const { client, reload } = makeClient();
    await client.session.refetch();
    expect(isAdFree(client.session.getSnapshot().user)).toBe(false);
    await subscribeToPro(client, { planName: 'pro-yearly', tokenId: 'tok_visa', name: ' Ann ' });
    expect(body).toEqual({ planName: 'pro-yearly', tokenId: 'tok_visa', name: 'Ann' });
    expect(isAdFree(client.session.getSnapshot().user)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(client.toasts.getSnapshot().map((t) => t.text)).toContain(SUBSCRIBED_TOAST);
  });

  it("rejects with the card provider's message for the form's error box", async () => {
    server.use(
      http.post(api('profile/billing'), () =>
        HttpResponse.json(
          { errors: [{ field: 'tokenId', code: 'card_declined', title: 'Your card was declined.' }] },
          { status: 422 },
        ),
      ),
    );
    const { client } = makeClient();
    const error = await subscribeToPro(client, {
      planName: 'pro-yearly',
      tokenId: 'tok_chargeDeclined',
      name: 'A',
    }).catch((e: unknown) => e);
    expect(formErrors(error).titles).toContain('Your card was declined.');
    expect(client.toasts.getSnapshot()).toHaveLength(0);
  });
});

describe('a cancelled or comped plan', () => {
  it('keeps showing a cancelled plan (ending) and a comped one, and resumes with PUT resume: true', async () => {
    const ending = { ...record, planRenews: null, planEnds: '2027-12-02T00:00:00.000Z' };
    expect(hasPlan(ending)).toBe(true);
    expect(isPlanEnding(ending)).toBe(true);
    expect(isPlanEnding(record)).toBe(false);
    const comped = { ...record, plan: null, planRenews: null, creditCard: null, comped: true };
    expect(hasPlan(comped)).toBe(true);
    expect(isPlanEnding(comped)).toBe(false);
    expect(hasPlan({ ...comped, comped: false })).toBe(false);
    let body: unknown;
    server.use(
      http.get(api('session'), () => HttpResponse.json(signedIn())),
      http.put(api('profile/billing'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ billing: record });
      }),
    );
    const { client } = makeClient();
    expect((await resumePro(client)).planRenews).toBe(record.planRenews);
    expect(body).toEqual({ resume: true });
    expect(client.toasts.getSnapshot().map((t) => t.text)).toEqual([SUBSCRIPTION_RESUMED_TOAST]);
  });
});

describe('readBilling, updateBilling, cancelPro', () => {
  it('read, update and cancel with their toasts', async () => {
    server.use(
      http.get(api('session'), () => HttpResponse.json(signedIn())),
      http.get(api('profile/billing'), () => HttpResponse.json({ billing: record })),
      http.put(api('profile/billing'), () =>
        HttpResponse.json({ billing: { ...record, plan: 'pro-monthly' } }),
      ),
      http.delete(api('profile/billing'), () =>
        HttpResponse.json({ billing: { ...record, plan: null, planRenews: null } }),
      ),
    );
    const { client } = makeClient();
    expect((await readBilling(client)).creditCard?.last4).toBe('4242');
    expect((await updateBilling(client, { planName: 'pro-monthly' })).plan).toBe('pro-monthly');
    expect((await cancelPro(client)).plan).toBeNull();
    expect(client.toasts.getSnapshot().map((t) => t.text)).toEqual([
      'Your payment details have been updated successfully.',
      SUBSCRIPTION_CANCELLED_TOAST,
    ]);
  });
});

describe('PRO states and the form rules', () => {
  it('maps the member to trial, comp, paid or empty', () => {
    const base = makeUser();
    expect(proStatus({ ...base, pro: true, proState: 'trial', proDaysLeft: 5 })).toEqual({
      state: 'trial',
      daysLeft: 5,
    });
    expect(proStatus({ ...base, pro: true, proState: 'comp', proDaysLeft: 12 })).toEqual({
      state: 'comp',
      daysLeft: 12,
    });
    expect(proStatus({ ...base, pro: true, proState: 'trial', proDaysLeft: 0 })).toEqual({ state: 'empty' });
    expect(proStatus({ ...base, pro: true, proState: 'paid', proSince: '2026-01-02T00:00:00Z' })).toEqual({
      state: 'paid',
      since: '2026-01-02T00:00:00Z',
    });
    expect(proStatus(base)).toEqual({ state: 'empty' });
    expect(trialBannerText(6)).toBe('Enjoy your PRO membership features free for the next 6 days');
  });

  it('offers yearly by default and keeps Subscribe disabled while loading, incomplete, or without name or plan', () => {
    expect(DEFAULT_PLAN).toBe('pro-yearly');
    expect(PLAN_OPTIONS.map((p) => `${p.price}${p.note ? ` (${p.note})` : ''}`)).toEqual([
      '$35/year (save 27%)',
      '$4/month',
    ]);
    const ok = { loading: false, cardComplete: true, name: 'Ann', plan: 'pro-yearly' as const };
    expect(canSubmitBilling(ok)).toBe(true);
    expect(canSubmitBilling({ ...ok, loading: true })).toBe(false);
    expect(canSubmitBilling({ ...ok, cardComplete: false })).toBe(false);
    expect(canSubmitBilling({ ...ok, name: '  ' })).toBe(false);
    expect(canSubmitBilling({ ...ok, plan: '' })).toBe(false);
    expect(billingFieldErrors({ name: ' ', plan: '' })).toEqual({
      name: "Your name can't be blank.",
      planName: 'You must choose a plan.',
    });
  });

  it("turns Stripe's test card numbers and typed test tokens into tokens, and nothing else", () => {
    expect(isCardEntryComplete({ number: '4242 4242 4242 4242', expiry: '', cvc: '' })).toBe(false);
    expect(isCardEntryComplete({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toBe(true);
    expect(isCardEntryComplete({ number: 'tok_visa', expiry: '', cvc: '' })).toBe(true);
    // A typed card carries its expiry, which the provider checks (an expired card is refused there).
    expect(localCardToken({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toEqual({
      token: 'tok_visa:12/34',
    });
    expect(localCardToken({ number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' })).toEqual({
      token: 'tok_visa:01/20',
    });
    expect(localCardToken({ number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' })).toEqual({
      token: 'tok_chargeDeclined:12/34',
    });
    expect(localCardToken({ number: 'tok_chargeDeclinedExpiredCard', expiry: '', cvc: '' })).toEqual({
      token: 'tok_chargeDeclinedExpiredCard',
    });
    expect(localCardToken({ number: '4111 1111 1111 1112', expiry: '12/34', cvc: '123' })).toHaveProperty(
      'error',
    );
  });
});
