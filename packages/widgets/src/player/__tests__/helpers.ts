// Shared test fixtures of the player embed: contract-shaped episode and podcast answers on the msw server
// of the SportSpyder API origin, player script tags inserted the way a publisher page has them, and an
// audio element stand-in that reports what the engine did to it.
import type {
  EpisodeRef,
  PodcastEpisode,
  PodcastEpisodeResponse,
  PodcastResponse,
} from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { ORIGIN } from '../../headline/__tests__/helpers.js';

export { ORIGIN, server, shadowOf, waitFor } from '../../headline/__tests__/helpers.js';

export const PLAYER_SRC = `${ORIGIN}/widgets/player.js`;

const podcastRef = {
  id: 7,
  title: 'Pack Talk',
  shortTitle: null,
  imageUrl: '/logos/teams/green-bay-packers.svg',
};

export function makeEpisodeRef(id: number, overrides: Partial<EpisodeRef> = {}): EpisodeRef {
  return {
    id,
    title: `Episode ${id}`,
    imageUrl: null,
    enclosureUrl: `/demo/audio/episode-${id}.wav`,
    duration: 600,
    publishedAt: '2026-11-22T01:00:00Z',
    podcast: podcastRef,
    ...overrides,
  };
}

export function makeEpisode(id: number, overrides: Partial<EpisodeRef> = {}): PodcastEpisode {
  const ref = makeEpisodeRef(id, overrides);
  return {
    ...ref,
    podcastId: ref.podcast.id,
    guid: `guid-${id}`,
    enclosureType: 'audio/wav',
    enclosureLength: null,
    description: null,
    summary: null,
    episodeType: null,
    explicit: false,
    webpage: null,
    season: null,
    episode: null,
    author: null,
    mostRecent: true,
    postedDate: ref.publishedAt,
    hot: false,
    promoted: false,
    messagesCount: 0,
    podcast: { ...ref.podcast, teams: [], sports: [] },
    subepisodes: [],
    suggestions: [],
  };
}

/** Answers the episode call (404 for id 404, 500 for id 500) and the podcast call, counting requests. */
export function apiHandlers(lastEpisode: EpisodeRef | null = makeEpisodeRef(12)) {
  const calls: string[] = [];
  const handlers = [
    http.get(`${ORIGIN}/api/v1/podcast_episodes/:id`, ({ request, params }) => {
      calls.push(new URL(request.url).pathname);
      const id = Number(params.id);
      if (id === 404) {
        return HttpResponse.json({ errors: [{ title: 'Not found', code: 'not_found' }] }, { status: 404 });
      }
      if (id === 500) {
        return HttpResponse.json({ errors: [{ title: 'Oops', code: 'server_error' }] }, { status: 500 });
      }
      const body: PodcastEpisodeResponse = { podcastEpisode: makeEpisode(id) };
      return HttpResponse.json(body);
    }),
    http.get(`${ORIGIN}/api/v1/podcasts/:id`, ({ request, params }) => {
      calls.push(new URL(request.url).pathname);
      if (params.id === '404') {
        return HttpResponse.json({ errors: [{ title: 'Not found', code: 'not_found' }] }, { status: 404 });
      }
      const body = { podcast: { id: 7, title: 'Pack Talk', lastEpisode } } as unknown as PodcastResponse;
      return HttpResponse.json(body);
    }),
  ];
  return { handlers, calls };
}

/** Inserts player script tags (innerHTML-inserted scripts never run, like parsed-then-inert copies). */
export function addPlayerScripts(...attrs: string[]): HTMLScriptElement[] {
  const holder = document.createElement('div');
  holder.innerHTML = attrs.map((a) => `<script src="${PLAYER_SRC}" ${a}></script>`).join('');
  const scripts = Array.from(holder.querySelectorAll('script'));
  document.body.append(...Array.from(holder.childNodes));
  return scripts;
}
