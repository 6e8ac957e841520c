/**
 * UserVersionsChannel: announces a new deployed version (`{ version }`) so open pages reload; anyone may listen.
 * @module
 */
import type { Channel } from '../channel.js';

/** The stream of version announcements. */
export const USER_VERSIONS_STREAM = 'user_versions';

/** The versions channel: open to everyone. */
export const UserVersionsChannel: Channel = {
  name: 'UserVersionsChannel',
  subscribe: () => [USER_VERSIONS_STREAM],
};
