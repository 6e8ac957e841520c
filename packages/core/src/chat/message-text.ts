/**
 * How a message's content is shown (spec 3 §2): three or more newlines collapse to two; a deleted
 * message shows 'This message was deleted'; a share ('[article]', '[episode]') shows its card, not
 * its placeholder; a long message is clamped to 3 lines with 'Show full message'. The renderer
 * gets the text as link and text segments (never HTML).
 * @module
 */
import type { Message } from '@sportspyder/contract';
import {
  DELETED_MESSAGE_CONTENT,
  MESSAGE_DELETED_TEXT,
  SHARE_PLACEHOLDERS,
  SHOW_FULL_MESSAGE_LABEL,
} from './chat-texts.js';
import { type MessageSegment, messageSegments } from './message-links.js';

/** Lines a long message shows until 'Show full message' (spec 3 §2). */
export const CHAT_COLLAPSED_LINES = 3;

/**
 * Three or more line breaks in a row become two (one empty line at most); `\r\n` counts as one.
 *
 * @example
 * ```ts
 * collapseNewlines('a\n\n\n\nb'); // 'a\n\nb'
 * ```
 */
export function collapseNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n');
}

/** True for a deleted message (its `deletedAt`, or the content the server gives deleted ones). */
export function isDeletedMessage(message: Pick<Message, 'deletedAt' | 'content'>): boolean {
  return message.deletedAt != null || message.content === DELETED_MESSAGE_CONTENT;
}

/** Which share a message is: 'article', 'episode', or null for an ordinary message. */
export function messageShare(
  message: Pick<Message, 'content' | 'article' | 'episode'>,
): 'article' | 'episode' | null {
  if (message.content === SHARE_PLACEHOLDERS.article && message.article) return 'article';
  if (message.content === SHARE_PLACEHOLDERS.episode && message.episode) return 'episode';
  return null;
}

/** What the renderer shows of a message's content. */
export interface MessageBody {
  /** True for a deleted message: show {@link MessageBody.text} muted, no actions. */
  readonly deleted: boolean;
  /** A share: render the article or episode card instead of text. */
  readonly share: 'article' | 'episode' | null;
  /** The text to show: the content with newlines collapsed, or 'This message was deleted'. */
  readonly text: string;
  /** {@link MessageBody.text} as text and link segments. */
  readonly segments: readonly MessageSegment[];
  /** True when the message is longer than 3 lines (or the renderer measured it overflowing). */
  readonly collapsible: boolean;
  /** True while it is clamped to {@link CHAT_COLLAPSED_LINES} lines. */
  readonly collapsed: boolean;
  /** 'Show full message' while collapsed, else null. */
  readonly toggleLabel: typeof SHOW_FULL_MESSAGE_LABEL | null;
}

/** Options of {@link messageBody}. */
export interface MessageBodyOptions {
  /** The reader chose 'Show full message'. */
  expanded?: boolean;
  /** The renderer measured the text taller than 3 lines (long lines wrap). */
  overflows?: boolean;
}

/**
 * The display of a message's content. Clamp it with CSS (`line-clamp: 3`) while `collapsed`.
 *
 * @example
 * ```tsx
 * const body = messageBody(message.content, { expanded });
 * <p className={body.collapsed ? 'clamp-3' : ''}>
 *   {body.segments.map((s, i) => s.type === 'link'
 *     ? <a key={i} href={s.href} rel={CHAT_LINK_REL} target="_blank">{s.text}</a>
 *     : s.text)}
 * </p>
 * {body.toggleLabel && <button onClick={() => setExpanded(true)}>{body.toggleLabel}</button>}
 * ```
 */
export function messageBody(
  message: Pick<Message, 'content' | 'deletedAt' | 'article' | 'episode'>,
  options: MessageBodyOptions = {},
): MessageBody {
  if (isDeletedMessage(message)) {
    return Object.freeze({
      deleted: true,
      share: null,
      text: MESSAGE_DELETED_TEXT,
      segments: Object.freeze([{ type: 'text', text: MESSAGE_DELETED_TEXT }] as const),
      collapsible: false,
      collapsed: false,
      toggleLabel: null,
    });
  }
  const share = messageShare(message);
  const text = share ? '' : collapseNewlines(message.content);
  const collapsible = text.split('\n').length > CHAT_COLLAPSED_LINES || Boolean(options.overflows && text);
  const collapsed = collapsible && !options.expanded;
  return Object.freeze({
    deleted: false,
    share,
    text,
    segments: messageSegments(text),
    collapsible,
    collapsed,
    toggleLabel: collapsed ? SHOW_FULL_MESSAGE_LABEL : null,
  });
}
