/**
 * The cut lengths of chat texts (spec 3 §2) and the one function that cuts: at a whole character
 * (an emoji is never halved), trailing space dropped, an ellipsis added. What each length applies
 * to:
 * - 75: a chat message quoted in a notification (`NOTIFICATION_MESSAGE_CHARS`, email-pages);
 * - 35: the reply context, the message being answered as the reply tray quotes it ("Replying to …");
 * - 24: the context label, the name of the place a message lives in (channel, article or episode)
 *   where a message is shown out of its place (message links, the thread's header);
 * - 40: the title of a shared or commented article or episode on a message card;
 * - 95: the reply snippet, the parent message quoted at the top of its thread pane.
 * @module
 */
import { NOTIFICATION_MESSAGE_CHARS } from '../email-pages/notifications.js';

/** The cut lengths of spec 3 §2, by what they apply to. */
export const CHAT_TRUNCATION = Object.freeze({
  /** A chat message in a notification. */
  notification: NOTIFICATION_MESSAGE_CHARS,
  /** The message being replied to, quoted in the reply tray. */
  replyContext: 35,
  /** The name of a message's channel, article or episode shown out of place. */
  contextLabel: 24,
  /** An article or episode title on a message. */
  title: 40,
  /** The parent message at the top of the thread. */
  replySnippet: 95,
} as const);
/** What a cut applies to. */
export type ChatTruncation = keyof typeof CHAT_TRUNCATION;

/**
 * Cuts `text` to `limit` characters (code points) with '…' when longer; newlines become spaces
 * first, because every cut text is shown on one line.
 *
 * @example
 * ```ts
 * truncateChatText('Go Pack Go, what a game!', 'contextLabel'); // 'Go Pack Go, what a game!' (24)
 * truncateChatText('The Packers clinch the division with a late field goal', 'title');
 * // 'The Packers clinch the division with a…'
 * ```
 */
export function truncateChatText(text: string | null | undefined, what: ChatTruncation | number): string {
  const limit = typeof what === 'number' ? what : CHAT_TRUNCATION[what];
  const flat = (text ?? '').replace(/\s*\n\s*/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= limit) return flat;
  return `${chars.slice(0, limit).join('').trimEnd()}…`;
}
