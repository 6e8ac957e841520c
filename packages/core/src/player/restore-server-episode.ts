/**
 * Loads the server's current episode into the player (spec 1 §4.1): after the session merge
 * remembered it, a device with no episode of its own gets it loaded, paused. It is the site's
 * wiring ({@link clientPlayer} calls it) and lives beside the engine rather than in it, so the
 * player embed, which has no session, does not carry it.
 * @module
 */
import type { PodcastEpisodeResponse } from '@sportspyder/contract';
import { readPlayerMemory, writePlayerMemory } from '../player-memory.js';
import type { StorageAdapter } from '../storage.js';
import type { Transport } from '../transport.js';
import type { Player } from './player-types.js';

/**
 * Loads (paused) the server's current episode remembered by the session merge when `player` has
 * none, fetching it from `api/v1/podcast_episodes/{id}`; an episode the listener closed on this
 * device is not reopened. Resolves true when one was loaded.
 *
 * @example
 * ```ts
 * await client.session.load();
 * await restoreServerEpisode(player, client.storage, client.api);
 * ```
 */
export async function restoreServerEpisode(
  player: Pick<Player, 'getSnapshot' | 'load'>,
  storage: StorageAdapter,
  transport: Transport,
): Promise<boolean> {
  const { serverEpisodeId: id, closedEpisodeId } = readPlayerMemory(storage);
  if (player.getSnapshot().episode || id == null || id === closedEpisodeId) return false;
  try {
    const answer = await transport.get<PodcastEpisodeResponse>(`api/v1/podcast_episodes/${id}`, {
      handleNotFound: false,
      handleRateLimit: false,
    });
    // The listener may have started something while the request ran: that wins.
    if (player.getSnapshot().episode) return false;
    // Read-modify-write: the engine and the session store share this storage.
    writePlayerMemory(storage, { ...readPlayerMemory(storage), serverEpisodeId: null });
    player.load(answer.podcastEpisode);
    return true;
  } catch {
    return false;
  }
}
