/**
 * Loads what the player embed plays, without credentials so it works on any publisher page:
 * `GET <origin>/api/v1/podcast_episodes/<id>` (contract op `getPodcastEpisode`) for `data-episode`, or
 * `GET <origin>/api/v1/podcasts/<id>` (`getPodcast`, its `lastEpisode`) for `data-podcast`. A 404 (or a
 * podcast without episodes) ends in `gone`; the API down, an error answer or no answer within 3 s in
 * `unavailable`. Each embed makes one request.
 * @module
 */
import type { EpisodeRef, PodcastEpisodeResponse, PodcastResponse } from '@sportspyder/contract';
import type { PlayerConfig } from './config.js';

/** Time after which a pending request gives up and the embed shows its fallback. */
export const PLAYER_TIMEOUT_MS = 3000;

/** The episode as the embed shows and plays it (a `PlayableEpisode` of the engine). */
export interface EmbedEpisode {
  /** Episode id. */
  readonly id: number;
  /** Episode title. */
  readonly title: string;
  /** Artwork URL (the episode's, else the podcast's), absolute. */
  readonly imageUrl: string | null;
  /** Audio URL, absolute. */
  readonly enclosureUrl: string;
  /** Length in seconds, when known. */
  readonly duration: number | null;
  /** The podcast. */
  readonly podcast: { readonly id: number; readonly title: string; readonly imageUrl: string | null };
  /** The episode's page on SportSpyder. */
  readonly url: string;
}

/** The outcome of loading an embed's episode. */
export type EpisodeResult =
  | { readonly status: 'ok'; readonly episode: EmbedEpisode }
  | { readonly status: 'gone'; readonly what: GoneWhat }
  | { readonly status: 'unavailable' };

/** What a `gone` embed names: the episode or the podcast it was given, or a podcast with no episode yet. */
export type GoneWhat = 'episode' | 'podcast' | 'noEpisodes';

/** Loads the episode of an embed's source; shared by all player embeds of a page. */
export type EpisodeLoader = (origin: string, source: PlayerConfig['source']) => Promise<EpisodeResult>;

/** Makes a site-relative URL (demo audio and artwork live on the product's origin) absolute. */
function absolute(origin: string, url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}

function toEmbedEpisode(ref: EpisodeRef, origin: string): EmbedEpisode {
  const podcastImage = absolute(origin, ref.podcast.imageUrl);
  return {
    id: ref.id,
    title: ref.title,
    imageUrl: absolute(origin, ref.imageUrl) ?? podcastImage,
    enclosureUrl: absolute(origin, ref.enclosureUrl) ?? '',
    duration: ref.duration,
    podcast: { id: ref.podcast.id, title: ref.podcast.title, imageUrl: podcastImage },
    url: `${origin}/podcasts/${ref.podcast.id}/episodes/${ref.id}`,
  };
}

async function request(origin: string, source: PlayerConfig['source']): Promise<EpisodeResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PLAYER_TIMEOUT_MS);
  try {
    const path = source.kind === 'episode' ? 'podcast_episodes' : 'podcasts';
    const response = await fetch(`${origin}/api/v1/${path}/${source.id}`, {
      credentials: 'omit',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    });
    if (response.status === 404)
      return { status: 'gone', what: source.kind === 'episode' ? 'episode' : 'podcast' };
    if (!response.ok) return { status: 'unavailable' };
    const body = (await response.json()) as Partial<PodcastEpisodeResponse & PodcastResponse>;
    const ref = source.kind === 'episode' ? body.podcastEpisode : body.podcast?.lastEpisode;
    if (ref) return { status: 'ok', episode: toEmbedEpisode(ref, origin) };
    return { status: 'gone', what: source.kind === 'episode' ? 'episode' : 'noEpisodes' };
  } catch {
    // Network failure, abort by the timer or a malformed answer.
    return { status: 'unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Creates the page's episode loader. Each embed makes its own request: pages rarely embed one episode
 * twice, and keeping no cache keeps the bundle small.
 *
 * @example
 * ```ts
 * const load = createEpisodeLoader();
 * const result = await load('https://sportspyder.com', { kind: 'episode', id: 12 });
 * ```
 */
export function createEpisodeLoader(): EpisodeLoader {
  return request;
}
