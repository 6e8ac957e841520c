/**
 * How a message's author is shown (spec 3 §2, §3): the name (display name, else username), the
 * avatar (the bot 'sportspyder' gets the product's logo; everyone else an initial in their chat
 * colour), the PRO badge, and whether the author moderates the channel.
 * @module
 */
import type { Channel, ChatUser } from '@sportspyder/contract';

/** The username of the product's bot (spec 3 §2). */
export const CHAT_BOT_USERNAME = 'sportspyder';

/** The avatar to draw. */
export type ChatAvatar =
  | {
      /** The bot: draw the product's logo. */
      readonly kind: 'logo';
    }
  | {
      /** A member: draw `initial` on their colour. */
      readonly kind: 'initial';
      /** The first character of the shown name, upper case. */
      readonly initial: string;
      /** The member's chat colour name (one of the 18; 'Default' when unknown). */
      readonly colorName: string;
    };

/** True for the bot user (spec 3 §2). */
export function isChatBot(user: Pick<ChatUser, 'username'>): boolean {
  return user.username.toLowerCase() === CHAT_BOT_USERNAME;
}

/** The name a message shows: the display name when set, else the username. */
export function chatAuthorName(user: Pick<ChatUser, 'username' | 'displayName'>): string {
  return user.displayName?.trim() || user.username;
}

/**
 * The avatar of an author: the logo for the bot, else the initial on the member's colour.
 *
 * @example
 * ```ts
 * chatAvatar({ username: 'sportspyder', displayName: null, chatColor: 'Default' }); // { kind: 'logo' }
 * chatAvatar({ username: 'ann', displayName: null, chatColor: 'Pine' }); // { kind: 'initial', initial: 'A', colorName: 'Pine' }
 * ```
 */
export function chatAvatar(user: Pick<ChatUser, 'username' | 'displayName' | 'chatColor'>): ChatAvatar {
  if (isChatBot(user)) return Object.freeze({ kind: 'logo' });
  const initial = Array.from(chatAuthorName(user))[0]?.toUpperCase() ?? '?';
  return Object.freeze({ kind: 'initial', initial, colorName: user.chatColor || 'Default' });
}

/** True when the author shows the PRO badge (the server sends it only for PRO members past trial). */
export function showsProBadge(user: Pick<ChatUser, 'chatProBadge'>): boolean {
  return user.chatProBadge;
}

/** True when the member may show the PRO badge: PRO, not in trial (spec 3 §6). */
export function mayShowProBadge(user: Pick<ChatUser, 'pro' | 'proState'>): boolean {
  return user.pro && user.proState !== 'trial';
}

/**
 * True when the signed-in member's own identity shows the PRO badge, as others see it on their
 * messages: the session's `chatProBadge` is only the member's choice, kept while they are not PRO
 * (a trial, a plan that ended), so the badge also needs {@link mayShowProBadge}.
 *
 * @example
 * ```ts
 * showsOwnProBadge({ chatProBadge: true, pro: false, proState: '' }); // false
 * ```
 */
export function showsOwnProBadge(user: Pick<ChatUser, 'chatProBadge' | 'pro' | 'proState'>): boolean {
  return user.chatProBadge && mayShowProBadge(user);
}

/**
 * True when `userId` moderates `channel` (spec 3 §6: a user whose id is in its moderators list).
 * Comments have no channel and always answer false.
 */
export function isChannelModerator(
  channel: Pick<Channel, 'moderators'> | null | undefined,
  userId: number | null | undefined,
): boolean {
  return userId != null && (channel?.moderators.includes(userId) ?? false);
}
