/**
 * UserVersionsChannel: announces a new deployed version (`{ version }`) so open pages reload; anyone may listen.
 * @module
 */
import type { Broadcaster } from '../broadcaster.js';
import type { Channel } from '../channel.js';

/** The stream of version announcements. */
export const USER_VERSIONS_STREAM = 'user_versions';

/** The versions channel: open to everyone. */
export const UserVersionsChannel: Channel = {
  name: 'UserVersionsChannel',
  subscribe: () => [USER_VERSIONS_STREAM],
};

/**
 * Announces this process's version to every open page (spec 1 §7, spec 3 §4). Each process calls it
 * once it listens: through a shared broadcaster (Redis) the pages connected to the other processes
 * hear of a deploy at once; a page compares the version with the one it loaded and reloads only when
 * they differ, so a process starting with the same version reloads nobody. Pages connected to this
 * process reconnected after the restart and compared the session's version already.
 */
export async function announceVersion(broadcaster: Broadcaster, version: string): Promise<void> {
  await broadcaster.publish(USER_VERSIONS_STREAM, { version });
}
