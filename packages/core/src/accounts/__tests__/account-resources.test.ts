import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server, signedIn, signedOut } from '../../__tests__/fixtures.js';
import { ApiError } from '../../errors.js';
import {
  changePassword,
  readResetLink,
  requestPasswordReset,
  resetPassword,
  signUp,
  undoEmailChange,
  validateAccountFields,
  verifyEmail,
} from '../account-resources.js';
import {
  EMAIL_VERIFIED_TOAST,
  formErrors,
  PASSWORD_CHANGED_TOAST,
  signupFieldMessage,
} from '../account-texts.js';
import { captchaForSiteKey, LOCAL_CAPTCHA_TOKEN, recaptchaV3 } from '../captcha.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const toasts = (client: ReturnType<typeof makeClient>['client']) =>
  client.toasts.getSnapshot().map((t) => t.text);

describe('signUp', () => {
  it('posts the fields with the local captcha token, shows the welcome toast and reloads the page', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(api('users'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(signedIn(), { status: 201 });
      }),
    );
    const { client, reload } = makeClient();
    await signUp(client, { username: ' fan_1 ', email: ' fan@example.com ', password: 'secret 123' });
    expect(body).toEqual({
      username: 'fan_1',
      email: 'fan@example.com',
      password: 'secret 123',
      recaptcha: LOCAL_CAPTCHA_TOKEN,
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(toasts(client)[0]).toMatch(/Welcome to SportSpyder/);
  });

  it('rejects with the field errors and does not reload', async () => {
    server.use(
      http.post(api('users'), () =>
        HttpResponse.json(
          { errors: [{ field: 'email', code: 'taken', title: 'Email has already been taken' }] },
          { status: 422 },
        ),
      ),
    );
    const { client, reload } = makeClient();
    const error = await signUp(client, {
      username: 'fan_1',
      email: 'demo@sportspyder.test',
      password: 'secret 123',
    }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(formErrors(error)).toEqual({
      titles: ['Email has already been taken'],
      fields: { email: { field: 'email', code: 'taken', title: 'Email has already been taken' } },
    });
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('validateAccountFields', () => {
  it('answers valid, or the 422 items without sending the page to an error screen', async () => {
    server.use(
      http.post(api('user_validations'), async ({ request }) => {
        const body = (await request.json()) as { username?: string };
        if (body.username === 'ok_name') return HttpResponse.json({ userValidation: { valid: true } });
        return HttpResponse.json(
          {
            errors: [
              {
                field: 'username',
                code: 'invalid',
                title: 'Username must contain only alphanumeric characters or underscores',
              },
            ],
          },
          { status: 422 },
        );
      }),
    );
    const { client } = makeClient();
    expect(await validateAccountFields(client, { username: 'ok_name' })).toEqual({ valid: true, errors: [] });
    const bad = await validateAccountFields(client, { username: 'bad name' });
    expect(bad.valid).toBe(false);
    expect(signupFieldMessage(bad.errors[0] as never).text).toBe(
      'Please use only alphanumeric or underscore characters',
    );
  });
});

describe('signupFieldMessage', () => {
  it('maps the server texts of spec 3 §5', () => {
    expect(
      signupFieldMessage({ field: 'email', code: 'taken', title: 'Email has already been taken' }),
    ).toEqual({
      text: 'An account with this email address already exists.',
      kind: 'account-exists',
    });
    expect(signupFieldMessage({ field: 'email', code: 'invalid', title: 'Email is invalid' }).text).toBe(
      'This is an invalid email address',
    );
    expect(
      signupFieldMessage({
        field: 'password',
        code: 'too_short',
        title: 'Password is too short (minimum is 8 characters)',
      }).text,
    ).toBe('Password is too short (minimum is 8 characters)');
  });
});

describe('reset links', () => {
  it('reads a usable link, treats used, expired and unknown links alike, and resets once', async () => {
    const { client, reload } = makeClient();
    let used = false;
    server.use(
      http.get(api('lost_passwords/:id'), ({ params }) =>
        params.id === 'good'
          ? HttpResponse.json({ lostPassword: { id: 'good', expired: used } })
          : HttpResponse.json({ errors: [{ code: 'expired', title: 'x' }] }, { status: 404 }),
      ),
      http.put(api('lost_passwords/:id'), () => {
        if (used) return HttpResponse.json({ errors: [{ code: 'expired', title: 'x' }] }, { status: 422 });
        used = true;
        return HttpResponse.json({ lostPassword: { id: 'good', expired: true } });
      }),
    );
    const notFound: unknown[] = [];
    client.setHandlers({ onNotFound: (e) => notFound.push(e) });
    expect(await readResetLink(client, 'good')).toBe('usable');
    expect(await readResetLink(client, 'nope')).toBe('expired');
    expect(await resetPassword(client, 'good', 'new secret 1')).toBe('done');
    expect(toasts(client)).toContain(PASSWORD_CHANGED_TOAST);
    expect(await resetPassword(client, 'good', 'new secret 2')).toBe('expired');
    expect(await readResetLink(client, 'good')).toBe('expired');
    expect(notFound).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks for a link with the trimmed address', async () => {
    let sent: unknown;
    server.use(
      http.post(api('lost_passwords'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ lostPassword: { id: '', expired: false } }, { status: 201 });
      }),
    );
    await requestPasswordReset(makeClient().client, '  fan@example.com ');
    expect(sent).toEqual({ email: 'fan@example.com' });
  });
});

describe('verifyEmail', () => {
  it('verifies with the toast and a session refetch, or answers invalid', async () => {
    let sessions = 0;
    server.use(
      http.put(api('verifications/:id'), ({ params }) =>
        params.id === 'good'
          ? HttpResponse.json({ verification: { id: 'good' } })
          : HttpResponse.json({ errors: [{ code: 'invalid', title: 'x' }] }, { status: 404 }),
      ),
      http.get(api('session'), () => {
        sessions += 1;
        return HttpResponse.json(signedOut());
      }),
    );
    const { client } = makeClient();
    expect(await verifyEmail(client, 'good')).toBe('verified');
    expect(toasts(client)).toContain(EMAIL_VERIFIED_TOAST);
    expect(sessions).toBe(1);
    expect(await verifyEmail(client, 'bad')).toBe('invalid');
  });
});

describe('undoEmailChange', () => {
  it('restores the old address (session refetched), or tells an invalid link or a taken address', async () => {
    let sessions = 0;
    server.use(
      http.put(api('email_changes/:id'), ({ params }) => {
        if (params.id === 'good') return HttpResponse.json({ emailChange: { email: 'old@example.com' } });
        if (params.id === 'taken') {
          return HttpResponse.json(
            { errors: [{ field: 'email', code: 'taken', title: 'Email has already been taken' }] },
            { status: 422 },
          );
        }
        return HttpResponse.json({ errors: [{ code: 'invalid', title: 'x' }] }, { status: 404 });
      }),
      http.get(api('session'), () => {
        sessions += 1;
        return HttpResponse.json(signedOut());
      }),
    );
    const { client } = makeClient();
    expect(await undoEmailChange(client, 'good')).toEqual({ state: 'undone', email: 'old@example.com' });
    expect(sessions).toBe(1);
    expect(await undoEmailChange(client, 'used')).toEqual({ state: 'invalid' });
    expect(await undoEmailChange(client, 'taken')).toEqual({
      state: 'taken',
      title: 'Email has already been taken',
    });
  });
});

describe('changePassword', () => {
  it('rejects a wrong current password with the field, else toasts', async () => {
    server.use(
      http.put(api('profile/password'), async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        if (body.currentPassword !== 'right one')
          return HttpResponse.json(
            {
              errors: [{ field: 'currentPassword', code: 'invalid', title: 'Current password is incorrect' }],
            },
            { status: 422 },
          );
        return HttpResponse.json(signedIn());
      }),
      http.get(api('session'), () => HttpResponse.json(signedIn())),
    );
    const { client } = makeClient();
    const error = await changePassword(client, {
      currentPassword: 'wrong',
      newPassword: 'new one 123',
    }).catch((e) => e);
    expect(formErrors(error).fields.currentPassword?.title).toBe('Current password is incorrect');
    await changePassword(client, { currentPassword: 'right one', newPassword: 'new one 123' });
    expect(toasts(client)).toContain('Password updated successfully!');
  });
});

describe('captcha providers', () => {
  it('uses reCAPTCHA v3 with the submit action when the page names a site key', async () => {
    const calls: unknown[] = [];
    const grecaptcha = {
      ready: (cb: () => void) => cb(),
      execute: async (key: string, options: { action: string }) => {
        calls.push([key, options]);
        return 'google-token';
      },
    };
    expect(await recaptchaV3('site-key', () => grecaptcha).token()).toBe('google-token');
    expect(calls).toEqual([['site-key', { action: 'submit' }]]);
    expect(await captchaForSiteKey(undefined).token()).toBe(LOCAL_CAPTCHA_TOKEN);
    await expect(recaptchaV3('k', () => undefined).token()).rejects.toThrow(/not loaded/);
  });
});
