/**
 * The chat of a client (spec 3 chat and comments): one per client (`chatFor`), so the site's
 * panes, the sidebars and the embed share lists, likes and the send cooldown. It hands out the
 * stores (a channel's messages, a thread, comments, a composer), each made once per key and
 * working only while watched, and the member's actions with their outcomes.
 * @module
 */
import type { ChatColor, Flag, Message } from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { type ChannelMessagesStore, createChannelMessages } from './channel-messages.js';
import {
  acceptChatRules,
  type ChatOutcome,
  type ChatRefusal,
  chatGate,
  deleteChatMessage,
  type ReportInput,
  reportMessage,
  toggleLike,
  updateChatIdentity,
} from './chat-actions.js';
import { type ChatComposer, createComposer, type SendTarget } from './chat-composer.js';
import type { ChatContext, FeedHandle } from './chat-context.js';
import {
  type CommentsOptions,
  type CommentsStore,
  type CommentTarget,
  commentTargetKey,
  createCommentsStore,
} from './comments-store.js';
import { createLikeRegistry, type LikeRegistry } from './like-registry.js';
import { createSendCooldown, type SendCooldown } from './send-cooldown.js';
import { createThreadStore, type ThreadStore } from './thread-store.js';

/** The part of the client chat uses. */
export type ChatHostClient = Pick<
  SportSpyderClient,
  'api' | 'session' | 'toasts' | 'deviceHash' | 'realtime' | 'env'
>;

/** A client's chat. */
export interface Chat {
  /** A channel's messages (newest at the bottom), live. */
  channelMessages(channelId: number): ChannelMessagesStore;
  /** A message's thread, live. */
  thread(messageId: number): ThreadStore;
  /** An article's or an episode's comments with their count, live. */
  comments(target: CommentTarget, options?: CommentsOptions): CommentsStore;
  /** The composer of a channel, a thread (`parentId`) or comments. */
  composer(target: SendTarget): ChatComposer;
  /** The liked message ids of the signed-in member. */
  readonly likes: LikeRegistry;
  /** The can-send-at cooldown, shared by every composer. */
  readonly cooldown: SendCooldown;
  /** Null when the member may act, else 'sign-in-needed' or 'rules-needed' (spec 3 §4). */
  gate(): ChatRefusal | null;
  /** Accepts the chat rules and refetches the session. */
  acceptRules(): Promise<ChatOutcome>;
  /** Stores the chat colour and PRO badge choice, then refetches the session. */
  setIdentity(identity: { chatColor?: ChatColor; chatProBadge?: boolean }): Promise<ChatOutcome>;
  /** Likes or unlikes (optimistic; put back when refused); answers the new state. */
  toggleLike(messageId: number): Promise<ChatOutcome<boolean>>;
  /** Reports a message; toasts 'Message reported successfully!'. */
  report(messageId: number, input: ReportInput): Promise<ChatOutcome<Flag>>;
  /** Deletes a message; toasts 'Message deleted successfully!'. */
  deleteMessage(
    message: Pick<Message, 'id' | 'channelId' | 'article' | 'episode'>,
  ): Promise<ChatOutcome<Message>>;
}

/**
 * Creates a chat over `client` (prefer {@link chatFor}, which keeps one per client).
 *
 * @example
 * ```ts
 * const chat = chatFor(client);
 * const messages = chat.channelMessages(12);
 * const off = messages.subscribe(() => render(messages.getSnapshot().items));
 * const outcome = await chat.composer({ channelId: 12 }).send('Go Pack Go!');
 * if (outcome.status === 'sign-in-needed') openSignIn();
 * if (outcome.status === 'rules-needed') openRules(); // then chat.acceptRules()
 * ```
 */
export function createChat(client: ChatHostClient): Chat {
  const feeds = new Set<FeedHandle>();
  const likes = createLikeRegistry();
  const ctx: ChatContext = {
    api: client.api,
    realtime: client.realtime,
    timers: client.env.timers,
    now: client.env.now,
    likes,
    currentUserId: () => client.session.getSnapshot().user?.id ?? null,
    register(feed) {
      feeds.add(feed);
      return () => {
        feeds.delete(feed);
      };
    },
    feeds: () => [...feeds],
  };
  const cooldown = createSendCooldown({ now: client.env.now, timers: client.env.timers });
  const pendingLikes = new Set<number>();

  // Likes belong to a member: another identity starts from the lists' own meta.
  let userId = ctx.currentUserId();
  client.session.subscribe(() => {
    const next = ctx.currentUserId();
    if (next !== userId) likes.clear();
    userId = next;
  });

  const memo = <T>(map: Map<string, T>, key: string, make: () => T): T => {
    let value = map.get(key);
    if (!value) {
      value = make();
      map.set(key, value);
    }
    return value;
  };
  const channelStores = new Map<string, ChannelMessagesStore>();
  const threadStores = new Map<string, ThreadStore>();
  const commentStores = new Map<string, CommentsStore>();
  const composers = new Map<string, ChatComposer>();

  return {
    likes,
    cooldown,
    channelMessages: (channelId) =>
      memo(channelStores, String(channelId), () => createChannelMessages(ctx, channelId)),
    thread: (messageId) => memo(threadStores, String(messageId), () => createThreadStore(ctx, messageId)),
    comments: (target, options) =>
      memo(commentStores, commentTargetKey(target), () => createCommentsStore(ctx, target, options)),
    composer: (target) =>
      memo(composers, JSON.stringify(target), () => createComposer(client, ctx, cooldown, target)),
    gate: () => chatGate(client),
    acceptRules: () => acceptChatRules(client),
    setIdentity: (identity) => updateChatIdentity(client, identity),
    toggleLike: (messageId) => toggleLike(client, ctx, messageId, pendingLikes),
    report: (messageId, input) => reportMessage(client, messageId, input),
    deleteMessage: (message) => deleteChatMessage(client, ctx, message),
  };
}

const chats = new WeakMap<object, Chat>();

/**
 * The chat of `client`, made on first use: every caller with the same client shares it.
 *
 * @example
 * ```ts
 * const thread = chatFor(client).thread(42);
 * ```
 */
export function chatFor(client: ChatHostClient): Chat {
  let chat = chats.get(client);
  if (!chat) {
    chat = createChat(client);
    chats.set(client, chat);
  }
  return chat;
}
