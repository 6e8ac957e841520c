/**
 * Pure updates of the local player memory (spec 1 §3, §9) used by the player engine: remember the
 * loaded episode, save a position, push a recent (at most 20; the oldest is dropped together with
 * its saved time), mark completed (at most 50), remember a duration, remember an episode's previous
 * and next. Each returns a new memory.
 * @module
 */

import type { EpisodeRef } from '@sportspyder/contract';
import { COMPLETED_EPISODES_MAX, RECENT_EPISODES_MAX } from '../constants.js';
import { episodeArtwork } from '../content/episode-artwork.js';
import type { LocalEpisode, PlayerMemory } from '../player-memory.js';

/**
 * An episode the player can load: the contract's episode shapes (`EpisodeRef`, `PodcastEpisode`)
 * or the {@link LocalEpisode} kept on the device.
 */
export type PlayableEpisode =
  | LocalEpisode
  | {
      /** Episode id. */
      id: number;
      /** Episode title. */
      title: string;
      /** Artwork URL. */
      imageUrl: string | null;
      /** Audio URL. */
      enclosureUrl: string;
      /** Duration in seconds, when known. */
      duration: number | null;
      /** The podcast. */
      podcast: { title: string; imageUrl?: string | null };
    };

/** The {@link LocalEpisode} of any playable episode (falls back to the podcast artwork). */
export function toLocalEpisode(episode: PlayableEpisode): LocalEpisode {
  if ('podcastTitle' in episode) return { ...episode };
  return {
    id: episode.id,
    title: episode.title,
    imageUrl: episodeArtwork(episode),
    enclosureUrl: episode.enclosureUrl,
    duration: episode.duration,
    podcastTitle: episode.podcast.title,
  };
}

/** Makes `episode` the loaded one; playing an episode again forgets that it was closed. */
export function rememberEpisode(memory: PlayerMemory, episode: LocalEpisode): PlayerMemory {
  const next: PlayerMemory = { ...memory, episode };
  if (memory.closedEpisodeId === episode.id) next.closedEpisodeId = null;
  if (episode.duration && episode.duration > 0 && !memory.durations[String(episode.id)]) {
    next.durations = { ...memory.durations, [String(episode.id)]: episode.duration };
  }
  return next;
}

/** Saves the position of episode `id` (and of its recents entry, when it has one). */
export function saveTime(memory: PlayerMemory, id: number, time: number): PlayerMemory {
  const key = String(id);
  if (memory.times[key] === time && !memory.recents.some((r) => r.id === id && r.time !== time))
    return memory;
  return {
    ...memory,
    times: { ...memory.times, [key]: time },
    recents: memory.recents.map((recent) => (recent.id === id ? { id, time } : recent)),
  };
}

/**
 * Puts episode `id` first in the recents, keeping at most {@link RECENT_EPISODES_MAX}; an episode
 * pushed out loses its saved time too. `added` is true when the episode was not a recent before
 * (the listens shown elsewhere changed).
 */
export function pushRecent(
  memory: PlayerMemory,
  id: number,
  time: number,
): { memory: PlayerMemory; added: boolean } {
  const added = !memory.recents.some((recent) => recent.id === id);
  const all = [{ id, time }, ...memory.recents.filter((recent) => recent.id !== id)];
  const recents = all.slice(0, RECENT_EPISODES_MAX);
  const times = { ...memory.times, [String(id)]: time };
  for (const dropped of all.slice(RECENT_EPISODES_MAX)) delete times[String(dropped.id)];
  return { memory: { ...memory, recents, times }, added };
}

/** Marks episode `id` completed (newest first, at most {@link COMPLETED_EPISODES_MAX}). */
export function markCompleted(memory: PlayerMemory, id: number): PlayerMemory {
  if (memory.completed[0] === id) return memory;
  const completed = [id, ...memory.completed.filter((done) => done !== id)].slice(0, COMPLETED_EPISODES_MAX);
  return { ...memory, completed };
}

/** Remembers the duration of episode `id` (and of the loaded episode record when it is that one). */
export function rememberDuration(memory: PlayerMemory, id: number, duration: number): PlayerMemory {
  if (!(duration > 0) || !Number.isFinite(duration)) return memory;
  const key = String(id);
  if (memory.durations[key] === duration && memory.episode?.duration === duration) return memory;
  const episode = memory.episode?.id === id ? { ...memory.episode, duration } : memory.episode;
  return { ...memory, durations: { ...memory.durations, [key]: duration }, episode };
}

/** Remembers the previous and next episodes of episode `id` (replacing those of any other episode). */
export function rememberNeighbours(
  memory: PlayerMemory,
  id: number,
  previous: EpisodeRef | null,
  next: EpisodeRef | null,
): PlayerMemory {
  return { ...memory, neighbours: { id, previous, next } };
}
