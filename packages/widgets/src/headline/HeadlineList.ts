/**
 * The headline list of the team embed: a presentational function component (data in props, no hooks, no
 * effects) written against Preact's `h` so the embed ships Preact core only. It uses nothing outside
 * what `preact/compat` offers, so it can move into @sportspyder/react later and still be reused here.
 * Every state keeps the reserved height (the loading state draws one placeholder row per headline).
 * @module
 */
import { RESULT_HIDDEN_LABEL } from '@sportspyder/core';
import { type ComponentChild, h } from 'preact';
import type { Headline } from './fetch-headlines.js';
import { relativeTime } from './relative-time.js';

/** What the embed shows. */
export type HeadlineView =
  | { readonly status: 'loading' }
  | { readonly status: 'ok'; readonly headlines: readonly Headline[] }
  | { readonly status: 'not-found' }
  | { readonly status: 'unavailable' }
  | { readonly status: 'favorites' };

/** Props of {@link HeadlineList}. */
export interface HeadlineListProps {
  /** The state to render. */
  readonly view: HeadlineView;
  /** Headlines to show at most (also the placeholder rows while loading). */
  readonly limit: number;
  /** Team display name for the heading and footer. */
  readonly teamName: string;
  /** Link of the footer ("More {team} news on SportSpyder"). */
  readonly moreUrl: string;
  /** Current time in ms, for relative times. */
  readonly now: number;
}

/** Texts of the states that have no headlines. */
export const HEADLINE_TEXTS = {
  empty: 'No headlines yet',
  notFound: 'Team not found',
  unavailable: 'Headlines are unavailable right now',
  favorites: 'Your Favorites headlines are not available yet',
} as const;

function row(item: Headline, now: number): ComponentChild {
  const meta = [item.source, relativeTime(item.postedAt, now)].filter(Boolean).join(' · ');
  return h(
    'li',
    { key: item.id, class: 'row' },
    h(
      'a',
      // A spoiler (issue 49): blurred, and named to screen readers by its label instead of its words.
      item.spoiler
        ? {
            href: item.url,
            target: '_blank',
            rel: 'noopener',
            class: 'sp',
            'aria-label': RESULT_HIDDEN_LABEL,
          }
        : { href: item.url, target: '_blank', rel: 'noopener', title: item.title },
      item.image ? h('img', { src: item.image, alt: '', loading: 'lazy', width: 48, height: 48 }) : null,
      h('span', { class: 'tx' }, h('span', { class: 't' }, item.title), h('span', { class: 'm' }, meta)),
    ),
  );
}

/**
 * Renders the heading, the headlines (or a state message) and the footer link.
 *
 * @example
 * ```ts
 * render(h(HeadlineList, { view: { status: 'loading' }, limit: 6, teamName: 'Packers', moreUrl, now: Date.now() }), el);
 * ```
 */
export function HeadlineList(props: HeadlineListProps): ComponentChild {
  const { view, limit, teamName, moreUrl, now } = props;
  let body: ComponentChild;
  if (view.status === 'loading') {
    body = h(
      'ul',
      { class: 'list', 'aria-hidden': 'true' },
      Array.from({ length: limit }, (_, i) => h('li', { key: i, class: 'row sk' })),
    );
  } else if (view.status === 'ok' && view.headlines.length > 0) {
    body = h(
      'ul',
      { class: 'list' },
      view.headlines.slice(0, limit).map((item) => row(item, now)),
    );
  } else {
    const text =
      view.status === 'ok'
        ? HEADLINE_TEXTS.empty
        : view.status === 'not-found'
          ? HEADLINE_TEXTS.notFound
          : view.status === 'favorites'
            ? HEADLINE_TEXTS.favorites
            : HEADLINE_TEXTS.unavailable;
    body = h('p', { class: 'msg', role: 'status' }, text);
  }
  const known = view.status !== 'not-found' && teamName;
  return h(
    'div',
    { class: 'ss', 'data-state': view.status, 'aria-busy': view.status === 'loading' ? 'true' : 'false' },
    h('div', { class: 'hd' }, known ? `${teamName} headlines` : 'Headlines'),
    body,
    h(
      'a',
      { class: 'more', href: moreUrl, target: '_blank', rel: 'noopener' },
      known ? `More ${teamName} news on SportSpyder` : 'SportSpyder',
    ),
  );
}
