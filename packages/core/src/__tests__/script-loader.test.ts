// The third-party script loader with a fake document: one script per URL however often it is asked
// for, a failed load can be tried again; reCAPTCHA's URL for a site key and the local token without one;
// Stripe.js loaded only when the page has no Stripe yet, and Stripe's message passed on as is.
import { describe, expect, it } from 'vitest';
import { captchaForSiteKey, LOCAL_CAPTCHA_TOKEN, recaptchaScriptUrl } from '../accounts/captcha.js';
import { loadStripe, STRIPE_JS_URL, type StripeLike, stripeCardToken } from '../billing/stripe-js.js';
import { loadScript, type ScriptDocument } from '../script-loader.js';

type FakeScript = ReturnType<ScriptDocument['createElement']>;

function fakeDocument() {
  const added: FakeScript[] = [];
  const doc: ScriptDocument = {
    createElement: () => ({ src: '', async: false, onload: null, onerror: null, remove() {} }),
    head: { appendChild: (node) => added.push(node as FakeScript) },
  };
  return { doc, added };
}

describe('loadScript', () => {
  it('adds one async script per URL and shares its promise', async () => {
    const { doc, added } = fakeDocument();
    const first = loadScript('https://js.example.com/a.js', doc);
    const second = loadScript('https://js.example.com/a.js', doc);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ src: 'https://js.example.com/a.js', async: true });
    added[0]?.onload?.({});
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('forgets a failed load so the next call tries again', async () => {
    const { doc, added } = fakeDocument();
    const failed = loadScript('https://js.example.com/b.js', doc);
    added[0]?.onerror?.({});
    await expect(failed).rejects.toThrow(/could not load/);
    const again = loadScript('https://js.example.com/b.js', doc);
    expect(added).toHaveLength(2);
    added[1]?.onload?.({});
    await expect(again).resolves.toBeUndefined();
  });
});

describe('captchaForSiteKey', () => {
  it('loads Google’s script for the key before asking for a token; the local token without a key', async () => {
    const loaded: string[] = [];
    const calls: unknown[] = [];
    (globalThis as { grecaptcha?: unknown }).grecaptcha = {
      ready: (cb: () => void) => cb(),
      execute: async (key: string, options: { action: string }) => {
        calls.push([key, options.action]);
        return 'google-token';
      },
    };
    try {
      const captcha = captchaForSiteKey('k 1', async (src) => {
        loaded.push(src);
      });
      expect(await captcha.token()).toBe('google-token');
      expect(loaded).toEqual([recaptchaScriptUrl('k 1')]);
      expect(loaded[0]).toBe('https://www.google.com/recaptcha/api.js?render=k%201');
      expect(calls).toEqual([['k 1', 'submit']]);
    } finally {
      delete (globalThis as { grecaptcha?: unknown }).grecaptcha;
    }
    expect(await captchaForSiteKey(undefined).token()).toBe(LOCAL_CAPTCHA_TOKEN);
  });
});

describe('Stripe.js', () => {
  it('loads js.stripe.com only when the page has no Stripe, then makes an instance for the key', async () => {
    const loaded: string[] = [];
    const keys: string[] = [];
    let Stripe: ((key: string) => StripeLike) | undefined;
    const instance = {} as StripeLike;
    const stripe = await loadStripe(
      'pk_test_1',
      async (src) => {
        loaded.push(src);
        Stripe = (key) => {
          keys.push(key);
          return instance;
        };
      },
      () => Stripe,
    );
    expect(stripe).toBe(instance);
    expect(loaded).toEqual([STRIPE_JS_URL]);
    await loadStripe(
      'pk_test_1',
      async (src) => void loaded.push(src),
      () => Stripe,
    );
    expect(loaded).toHaveLength(1);
    expect(keys).toEqual(['pk_test_1', 'pk_test_1']);
    await expect(
      loadStripe(
        'pk',
        async () => {},
        () => undefined,
      ),
    ).rejects.toThrow(/did not load/);
  });

  it("answers the token id, or the card provider's message as is", async () => {
    const card = {} as Parameters<StripeLike['createToken']>[0];
    const ok = { createToken: async () => ({ token: { id: 'tok_9' } }) } as unknown as StripeLike;
    const refused = {
      createToken: async () => ({ error: { message: 'Your card number is invalid.' } }),
    } as unknown as StripeLike;
    expect(await stripeCardToken(ok, card, ' Ann ')).toEqual({ token: 'tok_9' });
    expect(await stripeCardToken(refused, card, 'Ann')).toEqual({ error: 'Your card number is invalid.' });
  });
});
