/**
 * The player embed's card: a presentational function component (data and callbacks in props, no hooks)
 * written against Preact's `h`, like the headline list, so the embed ships Preact core only. Before the
 * first interaction it draws only the static facade (artwork, title, podcast, play button and the saved
 * position); once the engine runs it draws the controls from the engine's snapshot: play/pause, skip back
 * 10 s, skip forward 30 s, the seek slider, the time and the speed. Every state has the same height.
 * @module
 */
import type { PlayerSnapshot } from '@sportspyder/core';
import { type ComponentChild, h } from 'preact';
import { formatTime } from './format-time.js';
import type { EmbedEpisode, GoneWhat } from './load-episode.js';

/** What the embed shows. */
export type PlayerView =
  | { readonly status: 'loading' }
  | { readonly status: 'gone'; readonly what: GoneWhat }
  | { readonly status: 'unavailable' }
  | {
      /** Before the first click: the static facade. */
      readonly status: 'facade';
      readonly episode: EmbedEpisode;
      /** Saved (or `data-start`) position in seconds. */
      readonly time: number;
      /** Known length in seconds, or null. */
      readonly duration: number | null;
    }
  | { readonly status: 'active'; readonly episode: EmbedEpisode; readonly snapshot: PlayerSnapshot };

/** What the card's controls call. */
export interface PlayerActions {
  /** The play button of the facade, or play/pause once active. */
  toggle(): void;
  /** Skip back 10 s. */
  back(): void;
  /** Skip forward 30 s. */
  forward(): void;
  /** Next speed. */
  speed(): void;
  /** Move to `time` seconds. */
  seek(time: number): void;
}

/** Props of {@link PlayerCard}. */
export interface PlayerCardProps {
  /** The state to render. */
  readonly view: PlayerView;
  /** The controls' callbacks. */
  readonly actions: PlayerActions;
  /** Link of the fallback states (the SportSpyder home page). */
  readonly homeUrl: string;
}

/** Texts of the card. */
export const PLAYER_TEXTS = {
  gone: 'This episode is no longer available',
  gonePodcast: 'This podcast is no longer available',
  noEpisodes: 'This podcast has no episodes yet',
  unavailable: 'The player is unavailable right now',
  play: 'Play',
  pause: 'Pause',
  back: 'Skip back 10 seconds',
  forward: 'Skip forward 30 seconds',
  speed: 'Playback speed',
  seek: 'Seek',
} as const;

const PLAY_ICON = 'M7 4.5v15l13-7.5z';
const PAUSE_ICON = 'M6 4.5h4.5v15H6zm7.5 0H18v15h-4.5z';

function icon(path: string): ComponentChild {
  return h('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' }, h('path', { d: path }));
}

function button(cls: string, label: string, onClick: () => void, content: ComponentChild, extra = {}) {
  return h('button', { type: 'button', class: cls, 'aria-label': label, onClick, ...extra }, content);
}

function times(time: number, duration: number | null): string {
  return duration ? `${formatTime(time)} / ${formatTime(duration)}` : time > 0 ? formatTime(time) : '';
}

/**
 * Renders the player card for `view`.
 *
 * @example
 * ```ts
 * render(h(PlayerCard, { view: { status: 'loading' }, actions, homeUrl: 'https://sportspyder.com/' }), el);
 * ```
 */
export function PlayerCard(props: PlayerCardProps): ComponentChild {
  const { view, actions, homeUrl } = props;
  if (view.status === 'loading') {
    // The card's frame and an empty artwork square: the height is reserved, nothing else is drawn yet.
    return h(
      'div',
      { class: 'ss', 'data-state': 'loading', 'aria-busy': 'true' },
      h('div', { class: 'art' }),
    );
  }
  if (view.status === 'gone' || view.status === 'unavailable') {
    return h(
      'div',
      { class: 'ss', 'data-state': view.status },
      h(
        'p',
        { class: 'msg', role: 'status' },
        view.status === 'unavailable'
          ? PLAYER_TEXTS.unavailable
          : view.what === 'podcast'
            ? PLAYER_TEXTS.gonePodcast
            : view.what === 'noEpisodes'
              ? PLAYER_TEXTS.noEpisodes
              : PLAYER_TEXTS.gone,
        h('br', null),
        h('a', { href: homeUrl, target: '_blank', rel: 'noopener' }, 'Podcasts on SportSpyder'),
      ),
    );
  }
  const { episode } = view;
  const active = view.status === 'active' ? view.snapshot : null;
  const status = active ? active.status : 'facade';
  const running = status === 'playing' || status === 'loading' || status === 'buffering';
  let controls: ComponentChild[];
  if (!active) {
    controls = [
      button('pp', `${PLAYER_TEXTS.play} ${episode.title}`, actions.toggle, icon(PLAY_ICON)),
      h('span', { class: 'tm' }, view.status === 'facade' ? times(view.time, view.duration) : ''),
    ];
  } else {
    const duration = active.duration ?? episode.duration;
    controls = [
      button('b', PLAYER_TEXTS.back, actions.back, '-10'),
      button(
        'pp',
        running ? PLAYER_TEXTS.pause : PLAYER_TEXTS.play,
        actions.toggle,
        icon(running ? PAUSE_ICON : PLAY_ICON),
        { 'aria-busy': status === 'loading' || status === 'buffering' ? 'true' : 'false' },
      ),
      button('b', PLAYER_TEXTS.forward, actions.forward, '+30'),
      h('input', {
        type: 'range',
        class: 'seek',
        min: 0,
        max: duration ?? 0,
        step: 1,
        value: active.time,
        'aria-label': PLAYER_TEXTS.seek,
        'aria-valuetext': times(active.time, duration),
        onInput: (e: Event) => actions.seek(Number((e.currentTarget as HTMLInputElement).value)),
      }),
      h('span', { class: 'tm' }, times(active.time, duration)),
      button('b sp', PLAYER_TEXTS.speed, actions.speed, `${active.speed}x`),
    ];
  }
  return h(
    'div',
    { class: 'ss', 'data-state': status },
    h(
      'a',
      // A second way to the title link beside it: hidden from assistive tech (no name of its own).
      {
        class: 'art',
        href: episode.url,
        target: '_blank',
        rel: 'noopener',
        tabIndex: -1,
        'aria-hidden': 'true',
      },
      episode.imageUrl ? h('img', { src: episode.imageUrl, alt: '', width: 72, height: 72 }) : null,
    ),
    h(
      'div',
      { class: 'main' },
      h(
        'a',
        { class: 't', href: episode.url, target: '_blank', rel: 'noopener', title: episode.title },
        episode.title,
      ),
      active?.error
        ? h('div', { class: 'er', role: 'alert' }, `${active.error.text}. ${active.error.hint}`)
        : h('div', { class: 'm' }, active?.label ?? episode.podcast.title),
      h('div', { class: 'ctl' }, controls),
    ),
  );
}
