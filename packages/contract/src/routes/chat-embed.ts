/**
 * Routes of the chat embed's sign-in (issue 14): the popup (first-party, signed in with the session
 * cookie) asks for a one-time code and hands it to the frame by postMessage; the frame exchanges it for
 * a frame session that it sends in the `x-sportspyder-frame` header.
 * @module
 */
import { ChatEmbedCode, ChatEmbedSession, ChatEmbedSessionBody } from '../chat-embed.js';
import { errorResponses, type RouteDef } from '../route-def.js';

/** Routes of the chat embed's sign-in. */
export const chatEmbedRoutes = {
  createChatEmbedCode: {
    method: 'POST',
    url: '/api/v1/chat/embed_codes',
    tag: 'chat',
    summary:
      'Makes a one-minute, single-use code for the chat embed frame of the signed-in member (session cookie and CSRF token).',
    response: { 201: ChatEmbedCode, ...errorResponses(401, 403) },
  },
  createChatEmbedSession: {
    method: 'POST',
    url: '/api/v1/chat/embed_sessions',
    tag: 'chat',
    summary:
      'Exchanges a code for a frame session (sent with `x-sportspyder-frame: exchange`); the frame session works on chat and session calls only, while the member stays signed in.',
    body: ChatEmbedSessionBody,
    response: { 201: ChatEmbedSession, ...errorResponses(401, 422) },
  },
} as const satisfies Record<string, RouteDef>;
