/**
 * Who may moderate what in chat (spec 3 §6, issue 48), as the server decides it (`ChatWrites.delete`):
 * admins moderate every channel and every comment; a channel's moderators (their ids in its
 * `moderators` list) moderate that channel; comments have no moderators but admins. A member deletes
 * their own messages. Screens ask these instead of reading the moderators list themselves, so the site
 * and the embeds show Delete exactly where the server would accept it.
 * @module
 */
import type { Channel, Message, User } from '@sportspyder/contract';

/** The reader as the rules need them (the session's user), or null for a visitor. */
export type ChatViewer = Pick<User, 'id' | 'admin'> | null | undefined;

/**
 * True when `viewer` may act on others' messages in `channel` (null: an article's or episode's
 * comments): admins everywhere, a channel's moderators in their channel.
 *
 * @example
 * ```ts
 * canModerate({ id: 1, admin: true }, null); // true: admins moderate comments
 * canModerate({ id: 9, admin: false }, { moderators: [9] }); // true
 * canModerate({ id: 9, admin: false }, null); // false
 * ```
 */
export function canModerate(
  viewer: ChatViewer,
  channel: Pick<Channel, 'moderators'> | null | undefined,
): boolean {
  if (!viewer) return false;
  if (viewer.admin) return true;
  return channel?.moderators.includes(viewer.id) ?? false;
}

/**
 * True when `viewer` may delete `message` (its author, or someone who moderates where it lives):
 * the screen then offers Delete instead of Report.
 *
 * @example
 * ```ts
 * canDeleteMessage({ id: 9, admin: false }, { user: { id: 9 } }, null); // true: their own
 * ```
 */
export function canDeleteMessage(
  viewer: ChatViewer,
  message: { readonly user: Pick<Message['user'], 'id'> },
  channel: Pick<Channel, 'moderators'> | null | undefined,
): boolean {
  if (!viewer) return false;
  return message.user.id === viewer.id || canModerate(viewer, channel);
}
