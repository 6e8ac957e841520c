/**
 * Grouping of an episode list (`grouped=true`): later episodes of a podcast already shown on the
 * page are nested under its first (newest) one, so one busy podcast does not fill a team's list.
 * @module
 */
import type { PodcastEpisode } from '@sportspyder/contract';
import { toSubEpisode } from './load-episodes.js';

/**
 * Nests each episode under the first episode of the same podcast in the list, keeping the order of
 * the leads. Pure: the input is not changed.
 *
 * @example
 * ```ts
 * groupEpisodes([a1, b1, a2]); // [a1 { subepisodes: [a2] }, b1]
 * ```
 */
export function groupEpisodes(episodes: readonly PodcastEpisode[]): PodcastEpisode[] {
  const leads: PodcastEpisode[] = [];
  const leadOf = new Map<number, PodcastEpisode>();
  for (const episode of episodes) {
    const lead = leadOf.get(episode.podcastId);
    if (lead) {
      lead.subepisodes.push(toSubEpisode(episode));
    } else {
      const copy = { ...episode, subepisodes: [...episode.subepisodes] };
      leadOf.set(episode.podcastId, copy);
      leads.push(copy);
    }
  }
  return leads;
}
