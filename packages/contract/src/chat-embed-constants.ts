/**
 * The chat embed's constants shared by the server and the embed bundles (no schema library, so a
 * bundle importing them stays small). See `chat-embed.ts`.
 * @module
 */
/**
 * Request header of the chat embed's frame: the frame session token, or {@link CHAT_EMBED_EXCHANGE}
 * on the exchange call. Requests with it never use cookies (neither the session nor the CSRF token).
 */
export const CHAT_EMBED_FRAME_HEADER = 'x-sportspyder-frame';
/** The frame header's value on the exchange call (no frame session yet). */
export const CHAT_EMBED_EXCHANGE = 'exchange';
/** How long a sign-in code lives, in seconds. */
export const CHAT_EMBED_CODE_SECONDS = 60;
/** How long a frame session lives at most, in seconds (it also ends with the member's session). */
export const CHAT_EMBED_SESSION_SECONDS = 86_400;
