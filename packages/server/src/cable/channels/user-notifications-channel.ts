/**
 * UserNotificationsChannel: a signed-in member's notification count changes
 * (`{ type: 'notification', notificationsCount }`); visitors are rejected.
 * @module
 */
import type { Channel } from '../channel.js';

/** The stream of a user's notifications. */
export const userNotificationsStream = (userId: number) => `user_notifications:${userId}`;

/** The notifications channel: signed in only, one stream per user. */
export const UserNotificationsChannel: Channel = {
  name: 'UserNotificationsChannel',
  subscribe: ({ connection }) =>
    connection.userId === null ? null : [userNotificationsStream(connection.userId)],
};
