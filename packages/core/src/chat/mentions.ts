/**
 * @mention suggestions (spec 3 §4: the reply tray opens when suggestions exist): typing '@' and a
 * prefix right before the caret suggests the recent authors of the channel whose username starts
 * with it, newest first, without the writer and the deleted ghost; picking one replaces the typed
 * prefix with '@username '.
 * @module
 */
import type { Message } from '@sportspyder/contract';

/** Most suggestions shown at once. */
export const MENTION_SUGGESTIONS_MAX = 5;

/** The '@prefix' being typed at the caret. */
export interface MentionQuery {
  /** The characters after '@' (may be empty right after typing '@'). */
  readonly prefix: string;
  /** Index of the '@' in the text. */
  readonly start: number;
  /** Index just after the prefix (the caret). */
  readonly end: number;
}

const MENTION_AT_CARET = /(^|\s)@([A-Za-z0-9_]*)$/;

/**
 * The mention typed right before the caret, or null. '@' counts only at the start or after a
 * space (an e-mail address is not a mention).
 *
 * @example
 * ```ts
 * mentionQuery('hey @pa', 7); // { prefix: 'pa', start: 4, end: 7 }
 * mentionQuery('me@x.com', 8); // null
 * ```
 */
export function mentionQuery(text: string, caret: number = text.length): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = MENTION_AT_CARET.exec(before);
  if (!match) return null;
  const prefix = match[2] ?? '';
  return { prefix, start: caret - prefix.length - 1, end: caret };
}

/** Options of {@link mentionSuggestions}. */
export interface MentionSuggestionOptions {
  /** The writer's username, never suggested. */
  self?: string | null | undefined;
  /** Most suggestions (default {@link MENTION_SUGGESTIONS_MAX}). */
  limit?: number;
}

/**
 * Usernames to suggest for `prefix` (case-insensitive), from `messages` newest first, each once.
 *
 * @example
 * ```ts
 * mentionSuggestions(channelMessages, 'pa', { self: 'demo' }); // ['packfan', 'pat_m']
 * ```
 */
export function mentionSuggestions(
  messages: readonly Pick<Message, 'id' | 'user' | 'deletedAt'>[],
  prefix: string,
  options: MentionSuggestionOptions = {},
): readonly string[] {
  const wanted = prefix.toLowerCase();
  const self = options.self?.toLowerCase();
  const limit = options.limit ?? MENTION_SUGGESTIONS_MAX;
  const newestFirst = [...messages].sort((a, b) => b.id - a.id);
  const seen = new Set<string>();
  const result: string[] = [];
  for (const message of newestFirst) {
    const name = message.user.username;
    const key = name.toLowerCase();
    // '[deleted]' (a removed account) cannot be mentioned; nor can oneself.
    if (seen.has(key) || key === self || !/^[A-Za-z0-9_]+$/.test(name)) continue;
    seen.add(key);
    if (key.startsWith(wanted)) result.push(name);
    if (result.length >= limit) break;
  }
  return Object.freeze(result);
}

/**
 * Puts `username` in place of the typed mention; returns the new text and caret.
 *
 * @example
 * ```ts
 * applyMention('hey @pa', { prefix: 'pa', start: 4, end: 7 }, 'packfan'); // { text: 'hey @packfan ', caret: 13 }
 * ```
 */
export function applyMention(
  text: string,
  query: MentionQuery,
  username: string,
): { readonly text: string; readonly caret: number } {
  const inserted = `@${username} `;
  const after = text.slice(query.end).replace(/^ /, '');
  return { text: text.slice(0, query.start) + inserted + after, caret: query.start + inserted.length };
}
