// The PRO and billing screens against msw: the subscribe form (yearly by default, Subscribe disabled
// until the name and a complete card entry are there), a declined card in the error box, subscribing
// (toast, plan details, the session refetched to paid), cancel with confirmation; /settings/pro in
// each PRO state; the trial banner.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, backend, makeUser, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.sessionDelay = null;
  backend.requests = [];
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

const empty = {
  id: 1,
  custId: null,
  plan: null,
  planRenews: null,
  planEnds: null,
  comped: false,
  creditCard: null,
};
const subscribed = {
  id: 1,
  custId: 'cus_local_1',
  plan: 'pro-yearly',
  planRenews: '2027-11-24T12:00:00.000Z',
  planEnds: null,
  comped: false,
  creditCard: { name: 'Ann Fan', type: 'Visa', last4: '4242', expMonth: 11, expYear: 2029 },
};

describe('/settings/billing', () => {
  it('subscribes: yearly by default, Subscribe disabled until complete, a decline in the error box, then the plan details', async () => {
    backend.session = signedInSession();
    let record: object = empty;
    const posted: unknown[] = [];
    server.use(
      http.get(`${API}/api/v1/profile/billing`, () => HttpResponse.json({ billing: record })),
      http.post(`${API}/api/v1/profile/billing`, async ({ request }) => {
        const body = (await request.json()) as { tokenId: string };
        posted.push(body);
        if (body.tokenId.startsWith('tok_chargeDeclined')) {
          return HttpResponse.json(
            { errors: [{ field: 'tokenId', code: 'card_declined', title: 'Your card was declined.' }] },
            { status: 422 },
          );
        }
        record = subscribed;
        backend.session = signedInSession(
          makeUser({ pro: true, proState: 'paid', proSince: '2026-11-24T12:00:00Z' }),
        );
        return HttpResponse.json({ billing: record }, { status: 201 });
      }),
    );
    await renderSite('/settings/billing');
    const yearly = (await screen.findByLabelText(/Yearly: \$35\/year/)) as HTMLInputElement;
    expect(yearly.checked).toBe(true);
    expect(screen.getByText('(save 27%)')).toBeTruthy();
    const subscribe = screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
    expect(subscribe.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/34' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    expect(subscribe.disabled).toBe(true); // no name yet
    const name = screen.getByLabelText('Name on card');
    fireEvent.blur(name);
    expect(screen.getByText("Your name can't be blank.")).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Ann Fan' } });
    expect(subscribe.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(subscribe);
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(posted[0]).toEqual({
      planName: 'pro-yearly',
      tokenId: 'tok_chargeDeclined:12/34',
      name: 'Ann Fan',
    });

    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
    expect(await screen.findByText('You have successfully subscribed to SportSpyder Pro!')).toBeTruthy();
    const details = await screen.findByTestId('billing-details');
    expect(details.textContent).toContain('SportSpyder Pro Yearly: $35/year');
    expect(details.textContent).toContain('Visa ending in 4242, expires 11/2029');
    expect(details.textContent).toContain('November 24, 2027');
    await waitFor(() =>
      expect(backend.requests.filter((r) => r === 'GET session').length).toBeGreaterThan(1),
    );
  });

  it('cancels only after confirmation; the plan then shows its end and resumes', async () => {
    backend.session = signedInSession(makeUser({ pro: true, proState: 'paid' }));
    let deletes = 0;
    const resumes: unknown[] = [];
    const cancelled = { ...subscribed, planRenews: null, planEnds: subscribed.planRenews };
    server.use(
      http.get(`${API}/api/v1/profile/billing`, () => HttpResponse.json({ billing: subscribed })),
      http.delete(`${API}/api/v1/profile/billing`, () => {
        deletes += 1;
        return HttpResponse.json({ billing: cancelled });
      }),
      http.put(`${API}/api/v1/profile/billing`, async ({ request }) => {
        resumes.push(await request.json());
        return HttpResponse.json({ billing: subscribed });
      }),
    );
    await renderSite('/settings/billing');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    expect(deletes).toBe(0);
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Cancel your SportSpyder Pro subscription?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel plan' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel my plan' }));
    });
    expect(
      await screen.findByText('Your SportSpyder Pro subscription was successfully cancelled.'),
    ).toBeTruthy();
    expect(deletes).toBe(1);
    // The plan stays until the end of the paid period, with its end and a resume action.
    const details = await screen.findByTestId('billing-details');
    expect(details.textContent).toContain('SportSpyder Pro Yearly: $35/year');
    expect(details.textContent).toContain('ends on November 24, 2027');
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resume plan' }));
    });
    expect(resumes).toEqual([{ resume: true }]);
    expect(await screen.findByRole('button', { name: 'Cancel plan' })).toBeTruthy();
    expect(screen.getByTestId('billing-details').textContent).toContain('November 24, 2027');
  });

  it('shows a comped PRO member (the PRO demo account) its plan, not the subscribe form', async () => {
    backend.session = signedInSession(makeUser({ pro: true, proState: 'paid' }));
    server.use(
      http.get(`${API}/api/v1/profile/billing`, () =>
        HttpResponse.json({ billing: { ...empty, comped: true } }),
      ),
    );
    await renderSite('/settings/billing');
    const details = await screen.findByTestId('billing-details');
    expect(details.textContent).toContain('Complimentary SportSpyder Pro');
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    cleanup();
    await renderSite('/settings/pro');
    const state = await screen.findByTestId('pro-state');
    // The billing record arrives after the PRO state: wait for it.
    await waitFor(() => expect(state.textContent).toContain('Your PRO membership is complimentary'));
  });
});

describe('/settings/pro and the trial banner', () => {
  it('shows the trial with its days left, Upgrade to Pro, and the banner with Learn more', async () => {
    backend.session = signedInSession(makeUser({ pro: true, proState: 'trial', proDaysLeft: 5 }));
    await renderSite('/settings/pro');
    const state = await screen.findByTestId('pro-state');
    expect(state.textContent).toContain('You have 5 days left of your free 7-day PRO trial.');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
      '/settings/billing',
    );
    const banner = await screen.findByTestId('trial-banner');
    expect(banner.textContent).toContain('Enjoy your PRO membership features free for the next 5 days');
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/settings/pro');
  });

  it('shows comp (no auto-renew, Subscribe now), empty ($35/year) and paid (Pro since, card on file)', async () => {
    backend.session = signedInSession(makeUser({ pro: true, proState: 'comp', proDaysLeft: 12 }));
    await renderSite('/settings/pro');
    expect((await screen.findByTestId('pro-state')).textContent).toMatch(/12 days left.*does not renew/);
    expect(screen.getByRole('link', { name: 'Subscribe now' })).toBeTruthy();
    expect(screen.queryByTestId('trial-banner')).toBeNull();
    cleanup();

    backend.session = signedInSession(makeUser());
    await renderSite('/settings/pro');
    expect(await screen.findByRole('link', { name: 'Go PRO for $35/year' })).toBeTruthy();
    cleanup();

    backend.session = signedInSession(
      makeUser({ pro: true, proState: 'paid', proSince: '2026-03-02T10:00:00Z' }),
    );
    server.use(http.get(`${API}/api/v1/profile/billing`, () => HttpResponse.json({ billing: subscribed })));
    await renderSite('/settings/pro');
    expect((await screen.findByTestId('pro-state')).textContent).toContain('Pro since March 2, 2026.');
    expect(await screen.findByText('Card on file: Visa ending in 4242')).toBeTruthy();
  });

  it('shows a cancelled paid plan ending on its date with Resume plan, as the billing page does', async () => {
    backend.session = signedInSession(
      makeUser({ pro: true, proState: 'paid', proSince: '2026-03-02T10:00:00Z' }),
    );
    let record: object = { ...subscribed, planRenews: null, planEnds: subscribed.planRenews };
    server.use(
      http.get(`${API}/api/v1/profile/billing`, () => HttpResponse.json({ billing: record })),
      http.put(`${API}/api/v1/profile/billing`, () => {
        record = subscribed;
        return HttpResponse.json({ billing: record });
      }),
    );
    await renderSite('/settings/pro');
    const state = await screen.findByTestId('pro-state');
    await waitFor(() => expect(state.textContent).toContain('ends on November 24, 2027'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resume plan' }));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resume plan' })).toBeNull());
    expect(state.textContent).not.toContain('ends on');
  });
});
