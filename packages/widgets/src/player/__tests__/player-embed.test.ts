// The player embed as a publisher and a listener see it: a script tag becomes a shadow-rooted static
// facade (artwork, title, podcast, play button) with no audio until the first click; the click starts the
// core player engine on an audio element in the shadow root; the controls drive it; progress is kept per
// episode in the page's storage under the embed's namespace; fallbacks for a missing episode or a down
// API; themes; one global shared with the headline embed.
import { PLAYER_STORAGE_KEY } from '@sportspyder/core';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbedGlobal, installEmbedGlobal, type SportSpyderWindow } from '../../embed-global.js';
import { headlineKind } from '../../headline/sportspyder-global.js';
import { PLAYER_HOST_TAG, PLAYER_STORAGE_PREFIX } from '../mount-player.js';
import { PLAYER_TEXTS } from '../PlayerCard.js';
import { playerKind } from '../player-kind.js';
import {
  addPlayerScripts,
  apiHandlers,
  makeEpisodeRef,
  ORIGIN,
  server,
  shadowOf,
  waitFor,
} from './helpers.js';

const STORE_KEY = PLAYER_STORAGE_PREFIX + PLAYER_STORAGE_KEY;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localStorage.clear());
afterEach(() => {
  server.resetHandlers();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (window as SportSpyderWindow).SportSpyder;
});
afterAll(() => server.close());

const mount = () => createEmbedGlobal('test', [playerKind()]);
const text = (host: Element) => shadowOf(host).textContent ?? '';
const card = (host: Element) => shadowOf(host).querySelector<HTMLElement>('.ss')!;
const audioOf = (host: Element) => shadowOf(host).querySelector('audio');
const byLabel = (host: Element, label: string) =>
  shadowOf(host).querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
const playButton = (host: Element) => shadowOf(host).querySelector<HTMLButtonElement>('button.pp')!;

/** Mounts one embed for `attrs` and waits for its facade. */
async function facade(attrs: string): Promise<HTMLElement> {
  addPlayerScripts(attrs);
  const [host] = mount().init();
  await waitFor(() => expect(card(host!).dataset.state).toBe('facade'));
  return host!;
}

/** Clicks play on the facade and waits until the engine reports playing. */
async function startPlaying(host: HTMLElement): Promise<HTMLAudioElement> {
  playButton(host).click();
  await waitFor(() => expect(card(host).dataset.state).toBe('playing'));
  return audioOf(host)!;
}

/** Makes the audio element report a known length, as a browser does once metadata arrived. */
function giveDuration(audio: HTMLAudioElement, seconds: number): void {
  Object.defineProperty(audio, 'duration', { configurable: true, get: () => seconds });
  audio.dispatchEvent(new Event('loadedmetadata'));
}

/** Moves the audio clock as playback would and tells the engine. */
function advance(audio: HTMLAudioElement, seconds: number): void {
  audio.currentTime = seconds;
  audio.dispatchEvent(new Event('timeupdate'));
}

describe('the player embed before any interaction', () => {
  it('shows only the static facade of the episode right after its script tag, with no audio', async () => {
    const { handlers, calls } = apiHandlers();
    server.use(...handlers);
    const createElement = vi.spyOn(document, 'createElement');
    const [script] = addPlayerScripts('data-episode="12"');
    const [host] = mount().init();
    expect(script!.nextElementSibling).toBe(host);
    expect(host!.tagName.toLowerCase()).toBe(PLAYER_HOST_TAG);
    expect(card(host!).getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(card(host!).dataset.state).toBe('facade'));

    expect(calls).toEqual(['/api/v1/podcast_episodes/12']);
    const root = shadowOf(host);
    expect(root.querySelector('a.t')?.textContent).toBe('Episode 12');
    expect(root.querySelector('a.t')?.getAttribute('href')).toBe(`${ORIGIN}/podcasts/7/episodes/12`);
    expect(text(host!)).toContain('Pack Talk');
    // Site-relative artwork points at the SportSpyder origin, not the publisher's.
    expect(root.querySelector('img')?.getAttribute('src')).toBe(
      `${ORIGIN}/logos/teams/green-bay-packers.svg`,
    );
    expect(playButton(host!).getAttribute('aria-label')).toBe('Play Episode 12');
    expect(text(host!)).toContain('10:00');
    // Nothing else: no seek slider, no skip or speed buttons, no audio element.
    expect(root.querySelectorAll('button')).toHaveLength(1);
    expect(root.querySelector('input')).toBeNull();
    expect(root.querySelector('audio')).toBeNull();
    expect(createElement.mock.calls.some(([tag]) => tag === 'audio')).toBe(false);
  });

  it('plays the latest episode of a podcast with data-podcast', async () => {
    const { handlers, calls } = apiHandlers(makeEpisodeRef(31, { title: 'The newest one' }));
    server.use(...handlers);
    const host = await facade('data-podcast="7"');
    expect(calls).toEqual(['/api/v1/podcasts/7']);
    expect(shadowOf(host).querySelector('a.t')?.textContent).toBe('The newest one');
  });

  it('shows the fallback naming what is missing: the episode, the podcast, or its episodes (issue 48)', async () => {
    server.use(...apiHandlers(null).handlers);
    const [episode, podcast, empty] = addPlayerScripts(
      'data-episode="404"',
      'data-podcast="404"',
      'data-podcast="7"',
    );
    mount().init();
    const hostOf = (script: HTMLScriptElement | undefined) => script?.nextElementSibling as HTMLElement;
    const expected = [
      [episode, PLAYER_TEXTS.gone],
      [podcast, PLAYER_TEXTS.gonePodcast],
      [empty, PLAYER_TEXTS.noEpisodes],
    ] as const;
    for (const [script, message] of expected) {
      const host = hostOf(script);
      await waitFor(() => expect(text(host)).toContain(message));
      expect(card(host).dataset.state).toBe('gone');
      expect(shadowOf(host).querySelector('button')).toBeNull();
    }
  });

  it('shows the unavailable state when the API fails, is unreachable or does not answer within 3 s', async () => {
    server.use(
      // Listed first, so it answers the podcast calls before the default handlers.
      http.get(`${ORIGIN}/api/v1/podcasts/:id`, ({ params }) =>
        params.id === '1' ? HttpResponse.error() : delay('infinite'),
      ),
      ...apiHandlers().handlers,
    );
    addPlayerScripts('data-episode="500"', 'data-podcast="1"', 'data-podcast="2"');
    const started = Date.now();
    const hosts = mount().init();
    for (const host of hosts) {
      await waitFor(() => expect(text(host)).toContain(PLAYER_TEXTS.unavailable), 4500);
      expect(card(host).dataset.state).toBe('unavailable');
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it('shows the saved position of the episode, or data-start when there is none', async () => {
    server.use(...apiHandlers().handlers);
    localStorage.setItem(STORE_KEY, JSON.stringify({ times: { 12: 125 } }));
    addPlayerScripts('data-episode="12" data-start="300"', 'data-episode="13" data-start="300"');
    const [saved, fresh] = mount().init();
    await waitFor(() => expect(text(saved!)).toContain('2:05 / 10:00'));
    await waitFor(() => expect(text(fresh!)).toContain('5:00 / 10:00'));
  });
});

describe('the player embed after the first click', () => {
  beforeEach(() => server.use(...apiHandlers().handlers));

  it('creates the audio element in its shadow root and plays the episode through the engine', async () => {
    const host = await facade('data-episode="12"');
    const audio = await startPlaying(host);
    expect(audio.getRootNode()).toBe(shadowOf(host));
    expect(audio.getAttribute('src')).toBe(`${ORIGIN}/demo/audio/episode-12.wav`);
    expect(audio.paused).toBe(false);
    expect(playButton(host).getAttribute('aria-label')).toBe(PLAYER_TEXTS.pause);
    for (const label of [PLAYER_TEXTS.back, PLAYER_TEXTS.forward, PLAYER_TEXTS.speed]) {
      expect(byLabel(host, label)).not.toBeNull();
    }
    expect(shadowOf(host).querySelector('input[type=range]')).not.toBeNull();
  });

  it('skips back 10 s and forward 30 s, seeks, cycles the speed and pauses', async () => {
    const host = await facade('data-episode="12"');
    const audio = await startPlaying(host);
    giveDuration(audio, 600);
    advance(audio, 100);
    await waitFor(() => expect(text(host)).toContain('1:40 / 10:00'));

    byLabel(host, PLAYER_TEXTS.forward).click();
    expect(audio.currentTime).toBe(130);
    byLabel(host, PLAYER_TEXTS.back).click();
    expect(audio.currentTime).toBe(120);
    await waitFor(() => expect(text(host)).toContain('2:00 / 10:00'));

    const slider = shadowOf(host).querySelector<HTMLInputElement>('input[type=range]')!;
    expect(slider.max).toBe('600');
    slider.value = '450';
    slider.dispatchEvent(new Event('input'));
    expect(audio.currentTime).toBe(450);

    const speed = byLabel(host, PLAYER_TEXTS.speed);
    expect(speed.textContent).toBe('1x');
    speed.click();
    expect(audio.playbackRate).toBe(1.2);
    await waitFor(() => expect(byLabel(host, PLAYER_TEXTS.speed).textContent).toBe('1.2x'));

    playButton(host).click();
    expect(audio.paused).toBe(true);
    await waitFor(() => expect(card(host).dataset.state).toBe('paused'));
  });

  it('remembers the position per episode in the namespaced storage and resumes there after a reload', async () => {
    const host = await facade('data-episode="12" data-start="30"');
    const audio = await startPlaying(host);
    giveDuration(audio, 600);
    // data-start applies to a listener without a position of their own.
    expect(audio.currentTime).toBe(30);
    advance(audio, 200);
    playButton(host).click();
    const stored = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}') as { times: Record<string, number> };
    expect(stored.times['12']).toBe(200);
    // Nothing under the site's own key: the publisher's page (or the site itself) keeps its memory apart.
    expect(localStorage.getItem(PLAYER_STORAGE_KEY)).toBeNull();

    // "Reload": a new page with the same storage resumes at 200 s, not at data-start.
    document.body.innerHTML = '';
    const again = await facade('data-episode="12" data-start="30"');
    expect(text(again)).toContain('3:20 / 10:00');
    const audio2 = await startPlaying(again);
    expect(audio2.currentTime).toBe(200);
  });

  it('plays one embed at a time: starting another pauses the first', async () => {
    addPlayerScripts('data-episode="12"', 'data-episode="13"');
    const [first, second] = mount().init();
    await waitFor(() => expect(card(second!).dataset.state).toBe('facade'));
    await waitFor(() => expect(card(first!).dataset.state).toBe('facade'));
    const a = await startPlaying(first!);
    const b = await startPlaying(second!);
    expect(a.paused).toBe(true);
    expect(b.paused).toBe(false);
    await waitFor(() => expect(card(first!).dataset.state).toBe('paused'));
  });

  it('shows the engine error when the audio cannot be played', async () => {
    const host = await facade('data-episode="12"');
    const audio = await startPlaying(host);
    audio.dispatchEvent(new Event('error'));
    await waitFor(() => expect(shadowOf(host).querySelector('[role=alert]')).not.toBeNull());
    expect(text(host)).toContain("Sorry, we couldn't play this podcast");
  });

  it('destroy() stops the audio and removes the embed; init() may mount the tag again', async () => {
    const [script] = addPlayerScripts('data-episode="12"');
    const api = mount();
    const [host] = api.init();
    await waitFor(() => expect(card(host!).dataset.state).toBe('facade'));
    const audio = await startPlaying(host!);
    api.destroy(script);
    expect(audio.paused).toBe(true);
    expect(audio.getAttribute('src')).toBeNull();
    expect(document.querySelector(PLAYER_HOST_TAG)).toBeNull();
    expect(api.init()).toHaveLength(1);
  });
});

describe('themes', () => {
  it('applies light, dark and auto (following prefers-color-scheme live)', async () => {
    server.use(...apiHandlers().handlers);
    const listeners: Array<() => void> = [];
    const mq = {
      matches: false,
      addEventListener: vi.fn((_: string, l: () => void) => listeners.push(l)),
      removeEventListener: vi.fn(),
    };
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => mq),
    );
    addPlayerScripts(
      'data-episode="12"',
      'data-episode="12" data-theme="dark"',
      'data-episode="12" data-theme="auto"',
    );
    const api = mount();
    const [light, dark, auto] = api.init();
    expect(light!.dataset.scheme).toBe('light');
    expect(dark!.dataset.scheme).toBe('dark');
    expect(auto!.dataset.scheme).toBe('light');
    mq.matches = true;
    for (const l of listeners) l();
    expect(auto!.dataset.scheme).toBe('dark');
    api.destroy(auto);
    expect(mq.removeEventListener).toHaveBeenCalled();
    expect(shadowOf(light).adoptedStyleSheets).toHaveLength(1);
  });
});

describe('one global shared with the headline embed', () => {
  it('mounts headline and player tags from either bundle, in any order, without a second global', async () => {
    server.use(
      ...apiHandlers().handlers,
      http.get(`${ORIGIN}/api/v1/teams/:team/articles`, () =>
        HttpResponse.json({
          articles: [],
          meta: { pagination: { page: 1, perPage: 6, totalPages: 0, totalCount: 0 } },
        }),
      ),
    );
    const win = window as SportSpyderWindow;
    addPlayerScripts('data-episode="12"');
    const headline = document.createElement('div');
    headline.innerHTML = `<script src="${ORIGIN}/widgets/headline.js" data-team="nfl/green-bay-packers"></script>`;
    document.body.append(headline);

    const api = installEmbedGlobal(win, 'player', playerKind());
    expect(document.querySelectorAll(PLAYER_HOST_TAG)).toHaveLength(1);
    expect(document.querySelectorAll('sportspyder-headline')).toHaveLength(0);
    // headline.js runs next: it reuses the global and adds its kind.
    expect(installEmbedGlobal(win, 'headline', headlineKind())).toBe(api);
    expect(api.version).toBe('player');
    expect(document.querySelectorAll('sportspyder-headline')).toHaveLength(1);
    // A second copy of player.js mounts nothing twice.
    installEmbedGlobal(win, 'player', playerKind());
    expect(document.querySelectorAll(PLAYER_HOST_TAG)).toHaveLength(1);

    addPlayerScripts('data-podcast="7"');
    expect(api.init()).toHaveLength(1);
    expect(document.querySelectorAll(PLAYER_HOST_TAG)).toHaveLength(2);
    api.destroy();
    expect(document.querySelectorAll(PLAYER_HOST_TAG)).toHaveLength(0);
    expect(document.querySelectorAll('sportspyder-headline')).toHaveLength(0);
  });

  it('the player.js entry installs the global once however many times it runs', async () => {
    server.use(...apiHandlers().handlers);
    addPlayerScripts('data-episode="12"');
    await import('../../player.js');
    const api = (window as SportSpyderWindow).SportSpyder;
    expect(api).toBeDefined();
    addPlayerScripts('data-episode="13"');
    vi.resetModules();
    await import('../../player.js');
    expect((window as SportSpyderWindow).SportSpyder).toBe(api);
    expect(document.querySelectorAll(PLAYER_HOST_TAG)).toHaveLength(2);
    api!.destroy();
  });
});
