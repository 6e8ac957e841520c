/**
 * The member's notifications list (spec 1 §3 "Notification", §4.1, §7, §8): `GET
 * api/v1/profile/notifications`; opening the list with unread notifications marks them read (`PUT
 * api/v1/profile/account` with `notificationsRead: true`) and refetches the session, so the badge
 * clears. The empty state's texts are in constants (NO_NOTIFICATIONS_TEXT, NO_NOTIFICATIONS_HINT).
 * @module
 */
import type { AccountResponse, NotificationList, User } from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';

/** The part of the client the notifications list uses. */
export type NotificationsClient = Pick<SportSpyderClient, 'api' | 'session'>;

/** Characters of a message shown in a notification before it is cut (spec 1 §3). */
export const NOTIFICATION_MESSAGE_CHARS = 75;

const LIST = '/api/v1/profile/notifications';
const ACCOUNT = '/api/v1/profile/account';

/** `GET api/v1/profile/notifications` (newest first). */
export async function loadNotifications(client: NotificationsClient, page = 1): Promise<NotificationList> {
  return client.api.get<NotificationList>(apiPath(LIST), { query: { page } });
}

/** True when opening the list should mark it read: the member has unread notifications. */
export function shouldMarkNotificationsRead(
  user: Pick<User, 'notificationsCount'> | null | undefined,
): boolean {
  return (user?.notificationsCount ?? 0) > 0;
}

/** Marks every notification read and refetches the session (the badge clears). */
export async function markNotificationsRead(client: NotificationsClient): Promise<void> {
  await client.api.put<AccountResponse>(apiPath(ACCOUNT), { notificationsRead: true });
  await client.session.refetch().catch(() => undefined);
}

/** A notification message's text as the list shows it (cut at 75 characters with an ellipsis). */
export function notificationExcerpt(content: string): string {
  return content.length > NOTIFICATION_MESSAGE_CHARS
    ? `${content.slice(0, NOTIFICATION_MESSAGE_CHARS).trimEnd()}…`
    : content;
}
