/**
 * The chat embed's sign-in popup (`/embed/chat/signin`, a first-party window of SportSpyder, so the
 * session cookie works): a member already signed in continues with one click; anybody else signs in
 * with the site's own sign-in call. Then it asks for a one-minute code and posts it to the frame that
 * opened it, on SportSpyder's own origin only (never `'*'`), and closes. The page keeps no opener
 * policy (see the server's chat-embed-page.ts), so `window.opener` is that frame.
 * @module
 */
import type { ChatEmbedCode } from '@sportspyder/contract';
import { chatAuthorName, createClient, isApiError } from '@sportspyder/core';
import { h } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { postChatMessage } from './protocol.js';
import { useSnapshot } from './use-snapshot.js';

/** Texts of the popup. */
export const POPUP_TEXTS = {
  title: 'Sign in to chat',
  noOpener: 'Open this window from the chat on a partner page.',
  failed: 'Something went wrong while signing in. Please try again.',
} as const;

/** The host name of an origin for the heading ('partner.example'), or '' when it is not one. */
function hostOf(origin: string | null): string {
  try {
    return origin ? new URL(origin).host : '';
  } catch {
    return '';
  }
}

/**
 * The popup's screen.
 *
 * @example
 * ```ts
 * render(h(SignInPopup, { parent: 'https://partner.example' }), root);
 * ```
 */
export function SignInPopup({ parent }: { parent: string | null }) {
  const client = useMemo(() => createClient({ reload: () => undefined }), []);
  const session = useSnapshot(client.session);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void client.session.load().catch(() => undefined);
  }, [client]);

  const opener = window.opener as Window | null;
  const where = hostOf(parent);

  const handOver = async () => {
    const { code } = await client.api.post<ChatEmbedCode>('/api/v1/chat/embed_codes', undefined, {
      handleNotFound: false,
    });
    if (!opener) throw new Error('no opener');
    postChatMessage(opener, location.origin, { type: 'signed-in', code });
    window.close();
  };

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (failure) {
      setError(isApiError(failure) ? failure.firstError.title : POPUP_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  const signIn = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void run(async () => {
      await client.session.signIn({
        username: String(form.get('username')),
        password: String(form.get('password')),
      });
      await client.session.refetch();
      await handOver();
    });
  };

  const heading = h('h1', null, where ? `${POPUP_TEXTS.title} on ${where}` : POPUP_TEXTS.title);
  if (!opener) return h('main', { class: 'ss-popup' }, heading, h('p', null, POPUP_TEXTS.noOpener));
  const alert = error ? h('p', { class: 'ss-error', role: 'alert' }, error) : null;
  if (session.loading) return h('main', { class: 'ss-popup', 'aria-busy': true }, heading);
  if (session.user) {
    return h(
      'main',
      { class: 'ss-popup' },
      heading,
      alert,
      h(
        'button',
        { type: 'button', disabled: busy, onClick: () => void run(handOver) },
        `Continue as ${chatAuthorName(session.user)}`,
      ),
    );
  }
  return h(
    'main',
    { class: 'ss-popup' },
    heading,
    alert,
    h(
      'form',
      { onSubmit: signIn },
      h('label', { for: 'ss-user' }, 'Email'),
      h('input', { id: 'ss-user', name: 'username', type: 'text', autoComplete: 'username', required: true }),
      h('label', { for: 'ss-pass' }, 'Password'),
      h('input', {
        id: 'ss-pass',
        name: 'password',
        type: 'password',
        autoComplete: 'current-password',
        required: true,
      }),
      h('button', { type: 'submit', disabled: busy }, 'Sign in'),
    ),
    h(
      'p',
      null,
      'New to SportSpyder? ',
      h('a', { href: '/join', target: '_blank', rel: 'noopener' }, 'Create an account'),
    ),
  );
}
