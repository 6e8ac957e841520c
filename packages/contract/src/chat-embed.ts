/**
 * The chat embed's sign-in inside its iframe (issue 14, `chat.js`): the header that carries a
 * frame session instead of the session cookie (which a cross-site iframe never sends), and the shapes of
 * the two calls that make one: a one-minute code the signed-in popup asks for, and the frame session
 * the frame exchanges it for. The constants live in
 * `chat-embed-constants.ts`, free of TypeBox, so the embed bundles can import them alone.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { CHAT_EMBED_FRAME_HEADER } from './chat-embed-constants.js';

export * from './chat-embed-constants.js';

/** The answer of `createChatEmbedCode`. */
export const ChatEmbedCode = Type.Object({
  code: Type.String({ description: 'One-time code for the frame (signed, single use).' }),
  expiresIn: Type.Integer({ description: 'Seconds the code stays valid.' }),
});
/** The answer of `createChatEmbedCode`. */
export type ChatEmbedCode = Static<typeof ChatEmbedCode>;

/** The body of `createChatEmbedSession`. */
export const ChatEmbedSessionBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 512 }),
});
/** The body of `createChatEmbedSession`. */
export type ChatEmbedSessionBody = Static<typeof ChatEmbedSessionBody>;

/** The answer of `createChatEmbedSession`. */
export const ChatEmbedSession = Type.Object({
  token: Type.String({ description: `The frame session: send it in \`${CHAT_EMBED_FRAME_HEADER}\`.` }),
  expiresIn: Type.Integer({ description: 'Seconds the frame session stays valid at most.' }),
});
/** The answer of `createChatEmbedSession`. */
export type ChatEmbedSession = Static<typeof ChatEmbedSession>;
