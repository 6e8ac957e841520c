// The account screens against msw: sign-up with the on-blur checks and the spec 3 §5 texts, the
// error box with marked fields, forgot (one answer), reset (usable, used/expired with 'generate new
// link'), verify (success or the invalid text), the e-mail change undo link, and the password change.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, backend, packers, server, signedInSession, signedOutSession } from './fixtures.js';
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

const unprocessable = (errors: object[]) => HttpResponse.json({ errors }, { status: 422 });

describe('/join', () => {
  it('checks each field on blur and shows the site texts for the server messages', async () => {
    const checked: unknown[] = [];
    server.use(
      http.post(`${API}/api/v1/user_validations`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        checked.push(body);
        if (body.email === 'demo@sportspyder.test')
          return unprocessable([{ field: 'email', code: 'taken', title: 'Email has already been taken' }]);
        if (body.email === 'nope')
          return unprocessable([{ field: 'email', code: 'invalid', title: 'Email is invalid' }]);
        if (body.username === 'bad name!')
          return unprocessable([
            {
              field: 'username',
              code: 'invalid',
              title: 'Username must contain only alphanumeric characters or underscores',
            },
          ]);
        if (body.username === 'abc')
          return unprocessable([
            {
              field: 'username',
              code: 'too_short',
              title: 'Username is too short (minimum is 4 characters)',
            },
          ]);
        return HttpResponse.json({ userValidation: { valid: true } });
      }),
    );
    await renderSite('/join');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'demo@sportspyder.test' } });
    fireEvent.blur(email);
    const exists = await screen.findByText(/An account with this email address already exists/);
    expect(within(exists).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(within(exists).getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe(
      '/forgot',
    );
    expect(email.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.blur(email);
    expect(await screen.findByText('This is an invalid email address')).toBeTruthy();

    const username = screen.getByLabelText('Username');
    fireEvent.change(username, { target: { value: 'bad name!' } });
    fireEvent.blur(username);
    expect(await screen.findByText('Please use only alphanumeric or underscore characters')).toBeTruthy();

    fireEvent.change(username, { target: { value: 'abc' } });
    fireEvent.blur(username);
    expect(await screen.findByText('Username is too short (minimum is 4 characters)')).toBeTruthy();
    // Typing a fourth character clears the error at once (spec 3 §5).
    fireEvent.change(username, { target: { value: 'abcd' } });
    expect(screen.queryByText('Username is too short (minimum is 4 characters)')).toBeNull();
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(checked).toContainEqual({ email: 'demo@sportspyder.test' });
    expect(checked).toContainEqual({ username: 'abc' });
  });

  it('lists the server problems in the error box and marks the fields; success reloads the page', async () => {
    let attempt = 0;
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post(`${API}/api/v1/user_validations`, () =>
        HttpResponse.json({ userValidation: { valid: true } }),
      ),
      http.get(`${API}/api/v1/search/teams`, () =>
        HttpResponse.json({
          teams: [packers],
          meta: { pagination: { page: 1, perPage: 8, totalPages: 1, totalCount: 1 } },
        }),
      ),
      http.post(`${API}/api/v1/users`, async ({ request }) => {
        attempt += 1;
        sent = (await request.json()) as Record<string, unknown>;
        if (attempt === 1)
          return unprocessable([
            {
              field: 'password',
              code: 'too_short',
              title: 'Password is too short (minimum is 8 characters)',
            },
            { field: 'email', code: 'taken', title: 'Email has already been taken' },
          ]);
        return HttpResponse.json(signedInSession(), { status: 201 });
      }),
    );
    server.use(
      http.get(`${API}/api/v1/subscribers/subscriber-hash-1`, () =>
        HttpResponse.json({
          subscriber: {
            id: 3,
            email: 'subscriber@example.com',
            hash: 'subscriber-hash-1',
            frequency: 'weekly',
            converted: false,
            bounced: false,
            complained: false,
            subscribed: true,
            unsubscribeAll: false,
            team: null,
            user: null,
          },
        }),
      ),
    );
    const site = await renderSite('/join/subscriber-hash-1');
    expect(await screen.findByRole('heading', { name: 'Create Your Account' })).toBeTruthy();
    // The subscriber's address is prefilled.
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('subscriber@example.com'),
    );
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'new_fan' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo@sportspyder.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });

    // Pick a team to follow: one label names the team box (no legend stacked above a second label).
    const teamBox = screen.getByLabelText('Teams to follow (optional)');
    expect(teamBox.tagName).toBe('INPUT');
    expect(teamBox.closest('fieldset')).toBeNull();
    expect(screen.queryByText('Find a team', { exact: false })).toBeNull();
    fireEvent.change(teamBox, { target: { value: 'pack' } });
    const follow = await screen.findByRole('button', { name: /Follow/ }, { timeout: 3000 });
    fireEvent.click(follow);
    expect(
      within(await screen.findByRole('list', { name: 'Teams you will follow' })).getByText(
        'Green Bay Packers',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const box = await screen.findByRole('alert');
    expect(box.textContent).toContain('The following problems were encountered:');
    expect(box.textContent).toContain('Password is too short (minimum is 8 characters)');
    expect(box.textContent).toContain('Email has already been taken');
    expect(box.textContent).toContain('Please correct the above issues and try again.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
    expect(sent).toMatchObject({
      username: 'new_fan',
      recaptcha: 'local-captcha-ok',
      subscriberId: 'subscriber-hash-1',
      followingTeams: [{ id: packers.id, slug: 'green-bay-packers', fullName: 'Green Bay Packers' }],
    });

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough 1' } });
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new_fan@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(site.reload).toHaveBeenCalledTimes(1));
  });
});

describe('/forgot', () => {
  it('says the same thing after any request', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(`${API}/api/v1/lost_passwords`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ lostPassword: { id: '', expired: false } }, { status: 201 });
      }),
    );
    await renderSite('/forgot');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'someone@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for that email address/)).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(asked).toEqual([{ email: 'someone@example.com' }]);
  });
});

describe('/reset/:id', () => {
  it('changes the password from a usable link and goes to sign in', async () => {
    let changed: unknown;
    server.use(
      http.get(`${API}/api/v1/lost_passwords/good`, () =>
        HttpResponse.json({ lostPassword: { id: 'good', expired: false } }),
      ),
      http.put(`${API}/api/v1/lost_passwords/good`, async ({ request }) => {
        changed = await request.json();
        return HttpResponse.json({ lostPassword: { id: 'good', expired: true } });
      }),
    );
    const site = await renderSite('/reset/good');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'brand new 123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(site.path()).toBe('/login'));
    expect(changed).toEqual({ password: 'brand new 123' });
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
  });

  it('shows the used-or-expired text with "generate new link" for a used, expired or unknown link', async () => {
    server.use(
      http.get(`${API}/api/v1/lost_passwords/used`, () =>
        HttpResponse.json({ lostPassword: { id: 'used', expired: true } }),
      ),
      http.get(`${API}/api/v1/lost_passwords/unknown`, () =>
        HttpResponse.json({ errors: [{ code: 'expired', title: 'x' }] }, { status: 404 }),
      ),
    );
    for (const id of ['used', 'unknown']) {
      const site = await renderSite(`/reset/${id}`);
      expect(
        await screen.findByText('This password reset link has already been used and has expired.'),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'generate new link' }).getAttribute('href')).toBe('/forgot');
      expect(site.path()).toBe(`/reset/${id}`); // not sent to the not-found page
      expect(screen.queryByLabelText('New password')).toBeNull();
      cleanup();
    }
  });
});

describe('/verify/:id', () => {
  it('verifies once, or shows the invalid-code text', async () => {
    let calls = 0;
    server.use(
      http.put(`${API}/api/v1/verifications/:id`, ({ params }) => {
        calls += 1;
        return params.id === 'good'
          ? HttpResponse.json({ verification: { id: 'good' } })
          : HttpResponse.json({ errors: [{ code: 'invalid', title: 'x' }] }, { status: 404 });
      }),
    );
    await renderSite('/verify/good');
    expect((await screen.findAllByText('Email verified successfully')).length).toBeGreaterThan(0);
    expect(calls).toBe(1);
    cleanup();
    const site = await renderSite('/verify/bad');
    expect(
      await screen.findByText(
        'This verification code is invalid. Please click on the link directly from the email or copy the full url provided. Thanks!',
      ),
    ).toBeTruthy();
    expect(site.path()).toBe('/verify/bad');
  });
});

describe('/email/change/undo/:id', () => {
  it('changes nothing on load; the button restores the address, or says the link is not valid', async () => {
    const calls: string[] = [];
    server.use(
      http.put(`${API}/api/v1/email_changes/:id`, ({ params }) => {
        calls.push(String(params.id));
        return params.id === 'good'
          ? HttpResponse.json({ emailChange: { email: 'old@example.com' } })
          : HttpResponse.json({ errors: [{ code: 'invalid', title: 'x' }] }, { status: 404 });
      }),
    );
    await renderSite('/email/change/undo/good');
    const button = await screen.findByRole('button', { name: 'Undo the change' });
    expect(calls).toEqual([]);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByText(/Your email address is old@example.com again/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'choose a new password' }).getAttribute('href')).toBe('/forgot');
    expect(calls).toEqual(['good']);
    cleanup();
    await renderSite('/email/change/undo/used');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Undo the change' }));
    });
    expect(await screen.findByText(/This link is not valid any more/)).toBeTruthy();
  });
});

describe('/settings/password', () => {
  it('shows a wrong current password in the error box and on the field, then updates', async () => {
    backend.session = signedInSession();
    server.use(
      http.put(`${API}/api/v1/profile/password`, async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        if (body.currentPassword !== 'right one')
          return unprocessable([
            { field: 'currentPassword', code: 'invalid', title: 'Current password is incorrect' },
          ]);
        return HttpResponse.json(signedInSession());
      }),
    );
    await renderSite('/settings/password');
    const current = await screen.findByLabelText('Current password');
    fireEvent.change(current, { target: { value: 'wrong' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand new 123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Current password is incorrect');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(current, { target: { value: 'right one' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    });
    expect(await screen.findByText('Password updated successfully!')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
