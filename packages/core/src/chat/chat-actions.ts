/**
 * What a member does in chat and comments (spec 3 §4 to §6, §8), each answering an outcome the
 * screen acts on rather than throwing: a visitor gets 'sign-in-needed' (the screen opens the
 * sign-in prompt), a member who has not accepted the rules 'rules-needed' (the screen opens the
 * rules; {@link acceptChatRules} then `PUT api/v1/session` and a session refetch), a refused call
 * 'failed' with the text to show. Likes are optimistic and put back when refused; deleting and
 * sending reach every list on screen at once (the live push that follows changes nothing more).
 * @module
 */
import type {
  Flag,
  FlagReasonId,
  Message,
  MessageResponse,
  SessionResponse,
  SessionUpdateBody,
} from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import { isApiError } from '../errors.js';
import { type ChatContext, deliverEverywhere } from './chat-context.js';
import {
  chatErrorText,
  MESSAGE_DELETED_TOAST,
  MESSAGE_REPORTED_TOAST,
  OTHER_REPORT_REASON,
  REPORT_TEXT_MAX,
} from './chat-texts.js';

/** Most characters of a message (spec 3 §5). */
export const CHAT_MESSAGE_MAX = 300;

/** What an action came to. */
export type ChatOutcome<T = undefined> =
  | {
      /** It was done. */
      readonly status: 'done';
      /** Its result. */
      readonly value: T;
    }
  | {
      /** A visitor tried it: open the sign-in prompt. */
      readonly status: 'sign-in-needed';
    }
  | {
      /** The member has not accepted the chat rules: show them. */
      readonly status: 'rules-needed';
    }
  | {
      /** Too early after the last send. */
      readonly status: 'cooldown';
      /** When sending is possible again (ms since the epoch). */
      readonly canSendAt: number;
      /** The server's text ('You can send a message every {limit} secs'), or null when the client held it back. */
      readonly error: string | null;
    }
  | {
      /** Nothing was sent: the input breaks a rule of spec 3 §5 (empty, too long). */
      readonly status: 'invalid';
      /** Why, for the banner; null when nothing needs saying (an empty message). */
      readonly error: string | null;
    }
  | {
      /** The server refused or did not answer. */
      readonly status: 'failed';
      /** The text to show. */
      readonly error: string;
      /** The error. */
      readonly cause: unknown;
    };

/** The outcomes without a result. */
export type ChatRefusal = Exclude<ChatOutcome<never>, { status: 'done' }>;

/** The part of the client chat actions use. */
export type ChatActionClient = Pick<SportSpyderClient, 'api' | 'session' | 'toasts' | 'deviceHash'>;

/** Answers `done`. */
export const done = <T>(value: T): ChatOutcome<T> => Object.freeze({ status: 'done', value });

/**
 * Who may act: null for a member who accepted the rules, else the refusal. A visitor needs to sign
 * in; a member must accept the rules before the first interaction (spec 3 §4).
 */
export function chatGate(
  client: Pick<SportSpyderClient, 'session'>,
  options: { rules?: boolean } = {},
): ChatRefusal | null {
  const { loggedIn, user } = client.session.getSnapshot();
  if (!loggedIn || !user) return { status: 'sign-in-needed' };
  if (options.rules !== false && !user.chatAcceptedRules) return { status: 'rules-needed' };
  return null;
}

/** The outcome of a refused call: 401 signs in, the rules refusal shows the rules, else the banner text. */
export function refusal(error: unknown): ChatRefusal {
  if (isApiError(error, 401)) return { status: 'sign-in-needed' };
  if (isApiError(error) && error.firstError.code === 'rules_not_accepted') return { status: 'rules-needed' };
  return { status: 'failed', error: chatErrorText(error), cause: error };
}

/**
 * Accepts the chat rules (`PUT api/v1/session` with `chatAcceptedRules: true`), then refetches the
 * session so every screen knows (spec 3 §4).
 */
export async function acceptChatRules(client: ChatActionClient): Promise<ChatOutcome> {
  return updateChatIdentity(client, { chatAcceptedRules: true });
}

/**
 * Stores chat choices on the member (`PUT api/v1/session`): the rules, the colour, the PRO badge
 * (only for PRO members past their trial, spec 3 §6); then refetches the session.
 *
 * @example
 * ```ts
 * await updateChatIdentity(client, { chatColor: 'Pine', chatProBadge: true });
 * ```
 */
export async function updateChatIdentity(
  client: ChatActionClient,
  body: SessionUpdateBody,
): Promise<ChatOutcome> {
  const gate = chatGate(client, { rules: false });
  if (gate) return gate;
  try {
    await client.api.put<SessionResponse>(apiPath('/api/v1/session'), body, { handleNotFound: false });
  } catch (error) {
    return refusal(error);
  }
  await client.session.refetch().catch(() => undefined);
  return done(undefined);
}

/**
 * Likes or unlikes a message (spec 3 §4 "Like toggles between create and destroy"): every list
 * showing it changes at once; a refusal puts it back and answers the error.
 */
export async function toggleLike(
  client: ChatActionClient,
  ctx: ChatContext,
  messageId: number,
  pending: Set<number>,
): Promise<ChatOutcome<boolean>> {
  const gate = chatGate(client);
  if (gate) return gate;
  // A second click while the first is on its way would race it: the first decides.
  if (pending.has(messageId)) return done(ctx.likes.isLiked(messageId));
  const liked = !ctx.likes.isLiked(messageId);
  const shift = (delta: number) => {
    ctx.likes.set(messageId, delta > 0 ? liked : !liked);
    for (const feed of ctx.feeds()) {
      feed.patch(messageId, (m) => ({
        ...m,
        likesCount: Math.max(0, (m.likesCount ?? 0) + (liked ? delta : -delta)),
      }));
    }
  };
  shift(1);
  pending.add(messageId);
  const path = apiPath('/api/v1/messages/:messageId/likes', { messageId });
  try {
    if (liked) await client.api.post(path, undefined, { handleNotFound: false });
    else await client.api.delete(path, undefined, { handleNotFound: false });
    return done(liked);
  } catch (error) {
    shift(-1);
    return refusal(error);
  } finally {
    pending.delete(messageId);
  }
}

/** A report (spec 3 §9): a reason, and for 'Other' (6) a text of at most 200 characters. */
export interface ReportInput {
  /** The reason id. */
  reasonId: FlagReasonId;
  /** The 'Other' text (ignored for other reasons). */
  text?: string | undefined;
}

/** Reports a message (`POST api/v1/messages/:id/flags` with the device hash); toasts on success. */
export async function reportMessage(
  client: ChatActionClient,
  messageId: number,
  input: ReportInput,
): Promise<ChatOutcome<Flag>> {
  const gate = chatGate(client);
  if (gate) return gate;
  const text = input.reasonId === OTHER_REPORT_REASON ? input.text?.trim() : undefined;
  if (text && Array.from(text).length > REPORT_TEXT_MAX) {
    return { status: 'invalid', error: `Please keep it under ${REPORT_TEXT_MAX} characters.` };
  }
  try {
    const { flag } = await client.api.post<{ flag: Flag }>(
      apiPath('/api/v1/messages/:messageId/flags', { messageId }),
      { chatFlagReasonId: input.reasonId, ...(text ? { message: text } : {}), hash: client.deviceHash },
      { handleNotFound: false },
    );
    client.toasts.show(MESSAGE_REPORTED_TOAST, 'success');
    return done(flag);
  } catch (error) {
    return refusal(error);
  }
}

/**
 * Deletes a message (the author's own; a moderator's in their channel): `DELETE
 * api/v1/messages/:id` with where it lives, or `DELETE api/v1/episodes/:episodeId/messages/:id`
 * for an episode comment. Every list shows it deleted at once; toasts on success.
 */
export async function deleteChatMessage(
  client: ChatActionClient,
  ctx: ChatContext,
  message: Pick<Message, 'id' | 'channelId' | 'article' | 'episode'>,
): Promise<ChatOutcome<Message>> {
  const gate = chatGate(client, { rules: false });
  if (gate) return gate;
  const isComment = message.channelId == null;
  try {
    const answer =
      isComment && message.episode
        ? await client.api.delete<MessageResponse>(
            apiPath('/api/v1/episodes/:episodeId/messages/:id', {
              episodeId: message.episode.id,
              id: message.id,
            }),
            undefined,
            { handleNotFound: false },
          )
        : await client.api.delete<MessageResponse>(
            apiPath('/api/v1/messages/:id', { id: message.id }),
            undefined,
            {
              handleNotFound: false,
              query: isComment
                ? { articleId: message.article?.id }
                : { channelId: message.channelId ?? undefined },
            },
          );
    deliverEverywhere(ctx, answer.message);
    client.toasts.show(MESSAGE_DELETED_TOAST, 'success');
    return done(answer.message);
  } catch (error) {
    return refusal(error);
  }
}
