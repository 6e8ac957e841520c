/**
 * Sending (spec 3 §4, §5, §8): a message, a reply, a share or a comment. Empty content is not
 * sent; more than 300 characters neither. A visitor gets 'sign-in-needed', a member who has not
 * accepted the rules 'rules-needed'. After a send the next one waits for the can-send-at time (the
 * chat's {@link SendCooldown}); a refusal shows its first error (the server's text as given,
 * 'You already sent this message' for `duplicate_content`) in the banner, which dismisses itself
 * after 3 seconds. A sent message shows at once in every list it belongs to; a comment toasts
 * 'Message posted successfully!'.
 * @module
 */
import type { ChannelMessageCreateBody, Message, MessageResponse } from '@sportspyder/contract';
import { apiPath } from '../content/resource-path.js';
import { isApiError } from '../errors.js';
import { createValueStore, type Observable } from '../store.js';
import {
  CHAT_MESSAGE_MAX,
  type ChatActionClient,
  type ChatOutcome,
  chatGate,
  done,
  refusal,
} from './chat-actions.js';
import { type ChatContext, deliverEverywhere } from './chat-context.js';
import { CHAT_ERROR_BANNER_MS, MESSAGE_POSTED_TOAST, SHARE_PLACEHOLDERS } from './chat-texts.js';
import { type CommentTarget, commentsPath } from './comments-store.js';
import { joinStores } from './joined-store.js';
import { type CooldownSnapshot, limitFromCooldownText, type SendCooldown } from './send-cooldown.js';

/** Where a composer sends: a channel (a reply with `parentId`) or comments. */
export type SendTarget =
  | { readonly channelId: number; readonly parentId?: number | null | undefined }
  | CommentTarget;

/** What a share carries. */
export type ShareItem = { readonly articleId: number } | { readonly episodeId: number };

/** A composer's state. */
export interface ComposerSnapshot extends CooldownSnapshot {
  /** True while a send is on its way. */
  readonly sending: boolean;
  /** The banner's text, or null (it clears itself after {@link CHAT_ERROR_BANNER_MS}). */
  readonly error: string | null;
}

/** A composer. */
export interface ChatComposer extends Observable<ComposerSnapshot> {
  /** Sends `content` (trimmed); answers what happened. */
  send(content: string): Promise<ChatOutcome<Message>>;
  /** Shares an article or an episode into the channel ('[article]'/'[episode]'). */
  share(item: ShareItem): Promise<ChatOutcome<Message>>;
  /** Hides the banner now. */
  dismissError(): void;
}

/** Builds a composer (use `chat.composer(target)`). */
export function createComposer(
  client: ChatActionClient,
  ctx: ChatContext,
  cooldown: SendCooldown,
  target: SendTarget,
): ChatComposer {
  const own = createValueStore<{ sending: boolean; error: string | null }>({ sending: false, error: null });
  let bannerTimer: unknown;

  function banner(error: string | null) {
    if (bannerTimer !== undefined) ctx.timers.clearTimeout(bannerTimer);
    bannerTimer = undefined;
    own.update({ error });
    if (error !== null) {
      bannerTimer = ctx.timers.setTimeout(() => {
        bannerTimer = undefined;
        own.update({ error: null });
      }, CHAT_ERROR_BANNER_MS);
    }
  }

  async function post(body: Omit<ChannelMessageCreateBody, 'parentId'>) {
    const gate = chatGate(client);
    if (gate) return gate;
    const { canSendAt, coolingDown } = cooldown.getSnapshot();
    if (coolingDown && canSendAt > ctx.now()) return { status: 'cooldown', canSendAt, error: null } as const;
    if (own.getSnapshot().sending) return { status: 'invalid', error: null } as const;
    own.update({ sending: true });
    banner(null);
    try {
      const isComment = !('channelId' in target);
      const path = isComment
        ? commentsPath(target)
        : apiPath('/api/v1/channels/:channelId/messages', { channelId: target.channelId });
      const payload = isComment
        ? { content: body.content }
        : { ...body, ...(target.parentId ? { parentId: target.parentId } : {}) };
      const { message } = await client.api.post<MessageResponse>(path, payload, {
        handleNotFound: false,
        handleRateLimit: false,
      });
      cooldown.sent();
      deliverEverywhere(ctx, message);
      if (isComment) client.toasts.show(MESSAGE_POSTED_TOAST, 'success');
      return done(message);
    } catch (error) {
      if (isApiError(error, 429)) {
        const text = error.firstError.title;
        cooldown.refused(error.retryAfter, limitFromCooldownText(text));
        banner(text);
        return { status: 'cooldown', canSendAt: cooldown.getSnapshot().canSendAt, error: text } as const;
      }
      const outcome = refusal(error);
      if (outcome.status === 'failed') banner(outcome.error);
      return outcome;
    } finally {
      own.update({ sending: false });
    }
  }

  const joined = joinStores(own, cooldown);
  return {
    getSnapshot: joined.getSnapshot,
    subscribe: joined.subscribe,
    send(content) {
      const text = content.trim();
      // Spec 3 §5: empty content is not sent; the input allows 300 characters.
      if (!text) return Promise.resolve({ status: 'invalid', error: null });
      if (Array.from(text).length > CHAT_MESSAGE_MAX) {
        return Promise.resolve({
          status: 'invalid',
          error: `Messages can be at most ${CHAT_MESSAGE_MAX} characters.`,
        });
      }
      return post({ content: text });
    },
    share(item) {
      if (!('channelId' in target)) return Promise.resolve({ status: 'invalid', error: null });
      return 'articleId' in item
        ? post({ content: SHARE_PLACEHOLDERS.article, articleId: item.articleId })
        : post({ content: SHARE_PLACEHOLDERS.episode, episodeId: item.episodeId });
    },
    dismissError: () => banner(null),
  };
}
