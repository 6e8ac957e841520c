/**
 * The moderation queue of the admin home (issue 48, "Moderation"): every reported message or comment
 * that nobody acted on yet, with its reports (reason, the 'Other' text, the reporter, when), where it
 * lives (a channel, an article, an episode) and the messages around it; the admin's actions (delete,
 * dismiss, ban the author from chat for some days), each recorded with who did it and when; and the
 * push `AdminModerationChannel` sends while the queue is open. Only admins reach these calls.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { FlagReasonId, Message } from './chat.js';
import { DateTime, Id, Nullable, UserRef } from './common.js';

/** One report of a queued message. */
export const ModerationReport = Type.Object({
  id: Id,
  reasonId: FlagReasonId,
  text: Nullable(Type.String({ description: "The 'Other' reason's text." })),
  reporter: UserRef,
  createdAt: DateTime,
});
/** One report of a queued message. */
export type ModerationReport = Static<typeof ModerationReport>;

/** Where a queued message lives: one of channel, article or episode is set. */
export const ModerationPlace = Type.Object({
  channel: Nullable(Type.Object({ id: Id, name: Type.String() })),
  article: Nullable(Type.Object({ id: Id, title: Type.String() })),
  episode: Nullable(Type.Object({ id: Id, podcastId: Id, title: Type.String() })),
});
/** Where a queued message lives. */
export type ModerationPlace = Static<typeof ModerationPlace>;

/** A reported message in the queue. */
export const ModerationItem = Type.Object({
  message: Message,
  place: ModerationPlace,
  context: Type.Array(Message, {
    description: 'The messages just before and after it in the same place, oldest first.',
  }),
  reports: Type.Array(ModerationReport, { description: 'Newest first.' }),
  lastReportedAt: DateTime,
  authorBannedUntil: Nullable(DateTime),
});
/** A reported message in the queue. */
export type ModerationItem = Static<typeof ModerationItem>;

/** `GET api/v1/admin/reports`: the open queue, the most recently reported first. */
export const ModerationQueue = Type.Object({ items: Type.Array(ModerationItem) });
/** The open queue. */
export type ModerationQueue = Static<typeof ModerationQueue>;

/** What an admin does with a reported message. */
export const ModerationActionKind = Type.Union([
  Type.Literal('delete'),
  Type.Literal('dismiss'),
  Type.Literal('ban'),
]);
/** What an admin does with a reported message. */
export type ModerationActionKind = Static<typeof ModerationActionKind>;

/** `POST api/v1/admin/reports/:messageId/actions` body; `banDays` only (and required) for `ban`. */
export const ModerationActionBody = Type.Object({
  action: ModerationActionKind,
  banDays: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 365, description: 'Days the author may not post in chat.' }),
  ),
});
/** The body of a moderation action. */
export type ModerationActionBody = Static<typeof ModerationActionBody>;

/** A recorded moderation action. */
export const ModerationAction = Type.Object({
  id: Id,
  action: ModerationActionKind,
  messageId: Id,
  targetUser: Nullable(UserRef),
  moderator: UserRef,
  bannedUntil: Nullable(DateTime),
  createdAt: DateTime,
});
/** A recorded moderation action. */
export type ModerationAction = Static<typeof ModerationAction>;

/** The answer of a moderation action. */
export const ModerationActionResponse = Type.Object({ action: ModerationAction });
/** The answer of a moderation action. */
export type ModerationActionResponse = Static<typeof ModerationActionResponse>;

/**
 * What `AdminModerationChannel` (admins only, no params) broadcasts: a message reported (`report`,
 * the item as the queue shows it) or acted on (`resolved`, by any admin: it leaves every open queue).
 */
export const ModerationPush = Type.Union([
  Type.Object({ type: Type.Literal('report'), item: ModerationItem, seq: Type.Optional(Type.Integer()) }),
  Type.Object({
    type: Type.Literal('resolved'),
    messageId: Id,
    action: ModerationAction,
    seq: Type.Optional(Type.Integer()),
  }),
]);
/** What `AdminModerationChannel` broadcasts. */
export type ModerationPush = Static<typeof ModerationPush>;
