/**
 * The player's event call (spec 1 §7): `POST api/v1/podcast_episodes/{id}/events` with the
 * platform, the rounded time, the duration, the experiment variant, the device hash, the event
 * type, the speed, the page context (on play only) and the auto-continue flag. The answer's
 * `events[0]` carries the previous and next episodes. Tracking never disturbs listening: a failed
 * call resolves null and a 404 or 429 does not navigate.
 * @module
 */
import type {
  EpisodeEventBody,
  EpisodeEventResponse,
  EpisodeEventsResponse,
  EpisodeEventType,
  MediaContextType,
} from '@sportspyder/contract';
import type { Transport } from '../transport.js';
import { roundTime } from './progress.js';

/** The API path of the events of episode `episodeId`. */
export function episodeEventsPath(episodeId: number): string {
  return `api/v1/podcast_episodes/${episodeId}/events`;
}

/** Where a play happened (a team or sport page); sent with play events only. */
export interface EpisodeContext {
  /** Context type. */
  ctype: MediaContextType;
  /** Context id (team or sport id). */
  cid: number;
}

/**
 * The page context fields of an event: `ctype` and `cid` go with play events only (spec 1 §7, spec 3
 * §7), for podcast episodes and videos alike.
 *
 * @example
 * ```ts
 * playContextFields('play', { ctype: 'Team', cid: 3 }); // { ctype: 'Team', cid: 3 }
 * playContextFields('pause', { ctype: 'Team', cid: 3 }); // {}
 * ```
 */
export function playContextFields(
  eventType: string,
  context: EpisodeContext | null | undefined,
): Partial<EpisodeContext> {
  return eventType === 'play' && context ? { ctype: context.ctype, cid: context.cid } : {};
}

/** Everything one event reports. */
export interface EpisodeEventInput {
  /** play, pause or seek. */
  eventType: EpisodeEventType;
  /** Position in seconds (sent rounded to whole seconds). */
  time: number;
  /** Episode length in seconds, when known. */
  duration: number | null;
  /** 1 on mobile, 0 on desktop. */
  platform: 0 | 1;
  /** The experiment variant of the page load, or null. */
  variant: number | null;
  /** True on the first play of the episode in this page load. */
  first: boolean;
  /** The device hash. */
  hash: string;
  /** Playback speed. */
  speed: number;
  /** The page context; only play events carry it. */
  context: EpisodeContext | null;
  /** True while the episode continues automatically after the previous one. */
  auto: boolean;
}

/** The request body of one event: `ctype`/`cid` on play events only. */
export function buildEpisodeEventBody(input: EpisodeEventInput): EpisodeEventBody {
  const body: EpisodeEventBody = {
    platform: input.platform,
    // NaN would be sent as null, which the server refuses (bodies are not coerced): an unknown time is 0.
    time: Number.isFinite(input.time) ? Math.max(0, Math.round(input.time)) : 0,
    duration: input.duration != null && input.duration > 0 ? roundTime(input.duration) : null,
    p: input.platform,
    v: input.variant,
    first: input.first,
    hash: input.hash,
    eventType: input.eventType,
    speed: input.speed,
    auto: input.auto,
  };
  return { ...body, ...playContextFields(input.eventType, input.context) };
}

/**
 * Sends one event; resolves the recorded event (with prevEpisode/nextEpisode), or null when the
 * call failed.
 *
 * @example
 * ```ts
 * const event = await sendEpisodeEvent(client.api, 12, buildEpisodeEventBody(input));
 * event?.nextEpisode; // the episode after 12, or null
 * ```
 */
export async function sendEpisodeEvent(
  transport: Transport,
  episodeId: number,
  body: EpisodeEventBody,
): Promise<EpisodeEventResponse | null> {
  try {
    const answer = await transport.post<EpisodeEventsResponse>(episodeEventsPath(episodeId), body, {
      handleNotFound: false,
      handleRateLimit: false,
    });
    return answer?.events?.[0] ?? null;
  } catch {
    return null;
  }
}
