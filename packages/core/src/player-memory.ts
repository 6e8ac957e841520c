/**
 * The local player memory (spec 1 §3 "Local player memory"): what the device remembers about
 * listening, kept in the storage adapter, and the merge of the server's listening data into it on
 * the first session read (spec 1 §4.1). The player logic of a later issue builds on this shape.
 * @module
 */
import type { EpisodeRef, PodcastListens } from '@sportspyder/contract';
import {
  COMPLETED_EPISODES_MAX,
  DEFAULT_SPEED,
  DEFAULT_VOLUME,
  PLAYER_STORAGE_KEY,
  RECENT_EPISODES_MAX,
} from './constants.js';
import { readJson, type StorageAdapter, writeJson } from './storage.js';

/** The episode loaded in the player, as much of it as the player bar needs without a fetch. */
export interface LocalEpisode {
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
  /** Title of the podcast. */
  podcastTitle: string;
}

/** One recently played episode and where playback stood. */
export interface RecentEpisode {
  /** Episode id. */
  id: number;
  /** Playback position in seconds. */
  time: number;
}

/**
 * The episodes before and after episode `id`, as the server's last event answer named them (the
 * server alone knows the order), kept so a reload shows Previous and Next before any new answer.
 */
export interface EpisodeNeighbours {
  /** The episode the neighbours belong to. */
  id: number;
  /** The episode before it, or null. */
  previous: EpisodeRef | null;
  /** The episode after it, or null. */
  next: EpisodeRef | null;
}

/** Everything the device remembers about listening. Lists are newest first. */
export interface PlayerMemory {
  /** The episode in the player, or null. */
  episode: LocalEpisode | null;
  /**
   * The server's current episode id when the device had none loaded; the player resolves it to a
   * {@link LocalEpisode} with a fetch.
   */
  serverEpisodeId: number | null;
  /** Saved playback position in seconds, by episode id. */
  times: Record<string, number>;
  /** Recently played episodes, newest first, at most {@link RECENT_EPISODES_MAX}. */
  recents: RecentEpisode[];
  /** Completed episode ids, newest first, at most {@link COMPLETED_EPISODES_MAX}. */
  completed: number[];
  /** Known durations in seconds, by episode id. */
  durations: Record<string, number>;
  /** Playback speed. */
  speed: number;
  /** Volume from 0 to 1. */
  volume: number;
  /** Whether the mobile player is expanded. */
  expanded: boolean;
  /** Id of the episode the listener closed, so it is not reopened. */
  closedEpisodeId: number | null;
  /** The previous and next episodes of the last episode the server answered for, or null. */
  neighbours: EpisodeNeighbours | null;
}

/** A fresh device's player memory. */
export function emptyPlayerMemory(): PlayerMemory {
  return {
    episode: null,
    serverEpisodeId: null,
    times: {},
    recents: [],
    completed: [],
    durations: {},
    speed: DEFAULT_SPEED,
    volume: DEFAULT_VOLUME,
    expanded: false,
    closedEpisodeId: null,
    neighbours: null,
  };
}

/** Reads the player memory from storage, filling missing or corrupt parts with the defaults. */
export function readPlayerMemory(storage: StorageAdapter): PlayerMemory {
  const stored = readJson<Partial<PlayerMemory>>(storage, PLAYER_STORAGE_KEY);
  const base = emptyPlayerMemory();
  if (!stored || typeof stored !== 'object') return base;
  return {
    ...base,
    ...stored,
    times: isRecord(stored.times) ? stored.times : base.times,
    durations: isRecord(stored.durations) ? stored.durations : base.durations,
    recents: Array.isArray(stored.recents) ? stored.recents : base.recents,
    completed: Array.isArray(stored.completed) ? stored.completed : base.completed,
  };
}

/** Writes the player memory to storage. */
export function writePlayerMemory(storage: StorageAdapter, memory: PlayerMemory): void {
  writeJson(storage, PLAYER_STORAGE_KEY, memory);
}

/**
 * Merges the server's listening data into the local memory (pure; returns a new object):
 * - recents: the local ones first, then the server's the device does not have, at most
 *   {@link RECENT_EPISODES_MAX}; an episode dropped by the cap loses its saved time;
 * - completed: the union, local first, at most {@link COMPLETED_EPISODES_MAX};
 * - times: the server's time is used for an episode only when the device has none;
 * - the server's current episode is remembered when the device has no episode loaded (unless the
 *   listener closed that episode on this device).
 *
 * @example
 * ```ts
 * const merged = mergeListeningData(readPlayerMemory(storage), session.user.podcastListens);
 * ```
 */
export function mergeListeningData(
  local: PlayerMemory,
  server: PodcastListens | null | undefined,
): PlayerMemory {
  if (!server) return local;
  const times: Record<string, number> = { ...local.times };
  for (const [id, time] of Object.entries(server.times ?? {})) {
    if (times[id] === undefined && Number.isFinite(time)) times[id] = time;
  }

  const seen = new Set<number>();
  const union: RecentEpisode[] = [];
  for (const recent of [...local.recents, ...(server.recents ?? [])]) {
    if (seen.has(recent.id)) continue;
    seen.add(recent.id);
    union.push({ id: recent.id, time: recent.time });
  }
  const recents = union.slice(0, RECENT_EPISODES_MAX);
  const currentId = local.episode?.id ?? local.serverEpisodeId ?? server.episode;
  for (const dropped of union.slice(RECENT_EPISODES_MAX)) {
    if (dropped.id !== currentId) delete times[String(dropped.id)];
  }

  const completed = [...new Set([...local.completed, ...(server.completed ?? [])])].slice(
    0,
    COMPLETED_EPISODES_MAX,
  );

  // The server's current episode is the fresher one, unless the listener closed it on this device.
  const offered = server.episode != null && server.episode !== local.closedEpisodeId ? server.episode : null;
  const serverEpisodeId = local.episode ? local.serverEpisodeId : (offered ?? local.serverEpisodeId);

  return { ...local, times, recents, completed, serverEpisodeId };
}

function isRecord(value: unknown): value is Record<string, number> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
