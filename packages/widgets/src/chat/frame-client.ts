/**
 * The SportSpyder client of the chat embed's frame: the core client (session, chat stores, cable)
 * with a fetch that carries the frame session in the `x-sportspyder-frame` header instead of cookies,
 * which a cross-site frame does not send. The frame session lives in the frame's own session storage
 * (partitioned per partner site by the browser), so a reload keeps the member signed in in that tab;
 * a 401 on it (signed out elsewhere, expired) forgets it.
 * @module
 */
import { CHAT_EMBED_EXCHANGE, CHAT_EMBED_FRAME_HEADER, type ChatEmbedSession } from '@sportspyder/contract';
import { createClient, type SportSpyderClient } from '@sportspyder/core';

const TOKEN_KEY = 'sportspyder-chat-frame';
const EXCHANGE_PATH = '/api/v1/chat/embed_sessions';

/** The frame's client and its frame session. */
export interface FrameClient {
  readonly client: SportSpyderClient;
  /** True while a frame session is held. */
  signedIn(): boolean;
  /** Exchanges a sign-in code from the popup for a frame session, then rereads the session. */
  exchange(code: string): Promise<void>;
}

function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (blocked in this context): the session stays in memory only.
  }
}

/**
 * Creates the frame's client.
 *
 * @example
 * ```ts
 * const { client, exchange } = createFrameClient();
 * await exchange(code);
 * ```
 */
export function createFrameClient(): FrameClient {
  let token = readToken();
  const frameFetch: typeof fetch = async (input, init = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const exchanging = url.includes(EXCHANGE_PATH);
    const sent = exchanging ? CHAT_EMBED_EXCHANGE : token;
    if (!sent) return fetch(input, { ...init, credentials: 'omit' });
    const headers = { ...(init.headers as Record<string, string>), [CHAT_EMBED_FRAME_HEADER]: sent };
    const response = await fetch(input, { ...init, headers, credentials: 'omit' });
    if (response.status === 401 && !exchanging && token === sent) {
      token = null;
      writeToken(null);
      void client.session.refetch();
    }
    return response;
  };
  const client = createClient({
    fetch: frameFetch,
    // Nothing reloads the frame: a new session is read again instead.
    reload: () => void client.session.refetch(),
    cookies: () => '',
  });
  return {
    client,
    signedIn: () => token !== null,
    async exchange(code) {
      const answer = await client.api.post<ChatEmbedSession>(
        EXCHANGE_PATH,
        { code },
        { handleNotFound: false },
      );
      token = answer.token;
      writeToken(token);
      await client.session.refetch();
    },
  };
}
