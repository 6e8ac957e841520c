/**
 * The words and timings of chat and comments (spec 3 §2, §4, §8, §9) in one place: the deleted
 * message text, the collapse toggle, the report reasons and rules, the success toasts, the send
 * error shown in the banner (the server's title as given; `duplicate_content` reads 'You already
 * sent this message') and how long the banner and the reply highlight stay.
 * @module
 */
import type { FlagReasonId } from '@sportspyder/contract';
import { isApiError } from '../errors.js';

/** What a deleted message says in place of its content (spec 3 §2). */
export const MESSAGE_DELETED_TEXT = 'This message was deleted';
/** The content the server stores for a deleted message (spec 3 §2). */
export const DELETED_MESSAGE_CONTENT = '[Message deleted]';
/** The placeholder contents of shares (spec 3 §2). */
export const SHARE_PLACEHOLDERS = Object.freeze({ article: '[article]', episode: '[episode]' } as const);
/** The toggle of a collapsed long message (spec 3 §2). */
export const SHOW_FULL_MESSAGE_LABEL = 'Show full message';
/** The button shown when the reader scrolled away from the newest messages (spec 3 §4). */
export const GO_TO_LATEST_LABEL = 'Go to latest';

/** Toast after deleting a message (spec 3 §8). */
export const MESSAGE_DELETED_TOAST = 'Message deleted successfully!';
/** Toast after reporting a message (spec 3 §8). */
export const MESSAGE_REPORTED_TOAST = 'Message reported successfully!';
/** Toast after posting a comment (spec 3 §8). */
export const MESSAGE_POSTED_TOAST = 'Message posted successfully!';

/** What the banner says for the `duplicate_content` refusal (spec 3 §8). */
export const DUPLICATE_CONTENT_TEXT = 'You already sent this message';
/** How long the send error banner stays (spec 3 §8: it dismisses itself after 3 seconds). */
export const CHAT_ERROR_BANNER_MS = 3000;
/** How long a message whose reply count grew stays highlighted (spec 3 §4). */
export const REPLY_HIGHLIGHT_MS = 3000;

/** One report reason (spec 3 §9). */
export interface ReportReason {
  /** The reason id sent as `chatFlagReasonId`. */
  readonly id: FlagReasonId;
  /** Its label. */
  readonly label: string;
}

/** The report reasons, in order; 6 'Other' takes a text (spec 3 §9). */
export const REPORT_REASONS: readonly ReportReason[] = Object.freeze([
  { id: 1, label: 'Off topic/not sports related' },
  { id: 2, label: 'Hate speech, discrimination, or bigotry' },
  { id: 3, label: 'Spam or self-promotion' },
  { id: 4, label: 'Shares personal information' },
  { id: 5, label: 'Is political' },
  { id: 6, label: 'Other' },
] as const);
/** The reason a report form starts with and returns to when closed (spec 3 §4). */
export const DEFAULT_REPORT_REASON: FlagReasonId = 1;
/** The reason whose text is sent (spec 3 §9). */
export const OTHER_REPORT_REASON: FlagReasonId = 6;
/** Most characters of the 'Other' report text (spec 3 §5). */
export const REPORT_TEXT_MAX = 200;

/** The chat rules a member accepts before a first message (spec 3 §9). */
export const CHAT_RULES: readonly string[] = Object.freeze([
  'Stay on topic to sports.',
  'No hate speech, discrimination or bigotry.',
  'No spam or self-promotion.',
  'No personal information.',
  'No political posts.',
  'Respect the mods.',
]);
/** What breaking the rules may lead to (spec 3 §9). */
export const CHAT_RULES_CONSEQUENCES =
  'Violations may cause deletion or a move to off-topic; repeats may lead to a posting ban.';

/**
 * The banner text of a failed chat call: the first error of the server's list as given (the cooldown
 * reads 'You can send a message every {limit} secs'), except `duplicate_content`, which reads
 * {@link DUPLICATE_CONTENT_TEXT}. A call that got no answer reads `fallback`.
 *
 * @example
 * ```ts
 * chatErrorText(new ApiError(422, [{ code: 'duplicate_content', title: 'x' }])); // 'You already sent this message'
 * ```
 */
export function chatErrorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!isApiError(error)) return fallback;
  const first = error.firstError;
  if (first.code === 'duplicate_content') return DUPLICATE_CONTENT_TEXT;
  return first.title;
}
