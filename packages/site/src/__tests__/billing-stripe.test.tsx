// The billing form with a Stripe publishable key in the session, against a fake `window.Stripe`: the
// card element is mounted instead of the local test-card fields, Subscribe stays disabled until the
// element's change event says complete, Stripe's messages show as they are, and the token it creates
// is what the form sends. Without a key nothing is loaded from js.stripe.com.
import type { Session } from '@sportspyder/contract';
import type { StripeCardChangeEvent } from '@sportspyder/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, backend, makeUser, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.requests = [];
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  delete (window as { Stripe?: unknown }).Stripe;
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

/** A stand-in for Stripe.js v3: records the key, the mount and the token requests. */
function fakeStripe(answer: { token?: { id: string }; error?: { message: string } }) {
  const fake = {
    keys: [] as string[],
    mountedInto: null as HTMLElement | null,
    change: (_event: StripeCardChangeEvent) => {},
    tokenRequests: [] as unknown[],
    destroyed: 0,
  };
  const card = {
    mount(target: HTMLElement) {
      fake.mountedInto = target;
    },
    on(event: string, handler: (e: StripeCardChangeEvent) => void) {
      if (event === 'change') fake.change = handler;
    },
    destroy() {
      fake.destroyed += 1;
    },
  };
  (window as unknown as { Stripe: (key: string) => unknown }).Stripe = (key: string) => {
    fake.keys.push(key);
    return {
      elements: () => ({ create: () => card }),
      createToken: async (element: unknown, data: unknown) => {
        fake.tokenRequests.push([element === card, data]);
        return answer;
      },
    };
  };
  return fake;
}

const withStripeKey = (session: Session): Session => ({
  ...session,
  publicKeys: { stripePublishableKey: 'pk_test_123' },
});

describe('/settings/billing with Stripe', () => {
  it("mounts Stripe's card element, keeps Subscribe disabled until it is complete, and sends its token", async () => {
    backend.session = withStripeKey(signedInSession());
    const fake = fakeStripe({ token: { id: 'tok_1Live' } });
    const posted: unknown[] = [];
    server.use(
      http.get(`${API}/api/v1/profile/billing`, () => HttpResponse.json({ billing: empty })),
      http.post(`${API}/api/v1/profile/billing`, async ({ request }) => {
        posted.push(await request.json());
        backend.session = withStripeKey(
          signedInSession(makeUser({ pro: true, proState: 'paid', proSince: '2026-11-24T12:00:00Z' })),
        );
        return HttpResponse.json(
          {
            billing: {
              ...empty,
              custId: 'cus_1',
              plan: 'pro-yearly',
              planRenews: '2027-11-24T12:00:00.000Z',
              planEnds: null,
              comped: false,
              creditCard: { name: 'Ann Fan', type: 'Visa', last4: '4242', expMonth: 1, expYear: 2030 },
            },
          },
          { status: 201 },
        );
      }),
    );
    await renderSite('/settings/billing');
    expect(await screen.findByRole('group', { name: 'Card' })).toBeTruthy();
    await waitFor(() => expect(fake.mountedInto).not.toBeNull());
    expect(fake.keys).toEqual(['pk_test_123']);
    expect(fake.mountedInto?.closest('fieldset')?.textContent).toContain('Card');
    // The local test-card fields are gone.
    expect(screen.queryByLabelText('Card number')).toBeNull();

    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Ann Fan' } });
    const subscribe = screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
    expect(subscribe.disabled).toBe(true);
    act(() => fake.change({ complete: false, error: { message: 'Your card number is incomplete.' } }));
    expect(screen.getByText('Your card number is incomplete.')).toBeTruthy();
    expect(subscribe.disabled).toBe(true);
    act(() => fake.change({ complete: true }));
    expect(screen.queryByText('Your card number is incomplete.')).toBeNull();
    expect(subscribe.disabled).toBe(false);
    // Incomplete again (a digit deleted): disabled again.
    act(() => fake.change({ complete: false }));
    expect(subscribe.disabled).toBe(true);
    act(() => fake.change({ complete: true }));

    await act(async () => {
      fireEvent.click(subscribe);
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(fake.tokenRequests).toEqual([[true, { name: 'Ann Fan' }]]);
    expect(posted[0]).toEqual({ planName: 'pro-yearly', tokenId: 'tok_1Live', name: 'Ann Fan' });
    expect(await screen.findByText('You have successfully subscribed to SportSpyder Pro!')).toBeTruthy();
  });

  it("shows Stripe's message as is when it refuses the card, and sends nothing", async () => {
    backend.session = withStripeKey(signedInSession());
    const fake = fakeStripe({ error: { message: 'Your card has expired.' } });
    let posts = 0;
    server.use(
      http.get(`${API}/api/v1/profile/billing`, () => HttpResponse.json({ billing: empty })),
      http.post(`${API}/api/v1/profile/billing`, () => {
        posts += 1;
        return HttpResponse.json({ billing: empty }, { status: 201 });
      }),
    );
    await renderSite('/settings/billing');
    await waitFor(() => expect(fake.mountedInto).not.toBeNull());
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Ann Fan' } });
    act(() => fake.change({ complete: true }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('Your card has expired.'))).toBe(true);
    expect(posts).toBe(0);
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the local test-card entry without a key and loads nothing from js.stripe.com', async () => {
    backend.session = signedInSession();
    server.use(http.get(`${API}/api/v1/profile/billing`, () => HttpResponse.json({ billing: empty })));
    await renderSite('/settings/billing');
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Card' })).toBeNull();
    expect(document.querySelector('script[src*="stripe"]')).toBeNull();
  });
});
