import { ApiError } from '@sportspyder/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterSignup } from '../NewsletterSignup.js';

afterEach(cleanup);

async function submit(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('NewsletterSignup', () => {
  it.each([
    ['blank', 'Please enter an email address', null],
    ['invalid', 'Please enter a valid email address', null],
    [
      'has_account',
      'You already have a SportSpyder account',
      'Sign in and follow a team to get a recap newsletter.',
    ],
    ['taken', "You're already subscribed", 'Join SportSpyder to follow more than one team.'],
    ['unsubscribed', 'This email address has already unsubscribed', 'Join SportSpyder to resubscribe.'],
  ])('shows the message for code %s', async (code, message, tip) => {
    render(<NewsletterSignup teamName="Cowboys" onSubmit={async () => ({ ok: false, code })} />);
    await submit('a@b');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    if (tip) expect(alert.textContent).toContain(tip);
    else expect(alert.querySelectorAll('p')).toHaveLength(1);
  });

  it('links the tip to sign in or join', async () => {
    render(<NewsletterSignup onSubmit={async () => ({ ok: false, code: 'taken' })} />);
    await submit('fan@example.com');
    const link = await screen.findByRole('link', { name: 'Join SportSpyder to follow more than one team.' });
    expect(link.getAttribute('href')).toBe('/join');
  });

  it('maps a rejected ApiError by its code', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, [{ code: 'invalid', title: 'Email is invalid', field: 'email' }]);
    });
    render(<NewsletterSignup onSubmit={onSubmit} />);
    await submit('a@b');
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a valid email address');
  });

  it('sends the trimmed e-mail and shows the success text', async () => {
    const onSubmit = vi.fn(async () => ({ ok: true }));
    render(<NewsletterSignup teamName="Cowboys" onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'Get the weekly Cowboys recap' })).toBeTruthy();
    await submit('  new@example.com ');
    expect(
      await screen.findByText('Signed up successfully! Check your email for more details.'),
    ).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith('new@example.com');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });
});
