/**
 * Mounts one headline embed for one script tag: a host element after the tag (or inside `data-target`)
 * with an open shadow root, the adopted styles, a reserved height from the limit, the light/dark/auto
 * theme (auto follows `prefers-color-scheme` live), the optional lazy start when scrolled near, and the
 * states of the list. `destroy()` undoes all of it.
 * @module
 */
import { h, render } from 'preact';
import { readHeadlineConfig } from './config.js';
import type { HeadlineLoader } from './fetch-headlines.js';
import { HeadlineList, type HeadlineView } from './HeadlineList.js';
import { applyHeadlineStyles } from './styles.js';

/** Tag name of the element that hosts an embed's shadow root. */
export const HEADLINE_HOST_TAG = 'sportspyder-headline';

/** A mounted embed. */
export interface HeadlineInstance {
  /** The script tag it was configured from. */
  readonly script: HTMLScriptElement;
  /** The element holding the shadow root. */
  readonly host: HTMLElement;
  /** Unmounts the list, stops listeners and removes the host element. */
  destroy(): void;
}

function titleCase(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * Mounts the embed configured by `script`; undefined when its `data-team` is unusable.
 *
 * @example
 * ```ts
 * const instance = mountHeadline(script, createHeadlineLoader(createRequestBudget()));
 * instance?.destroy();
 * ```
 */
export function mountHeadline(script: HTMLScriptElement, load: HeadlineLoader): HeadlineInstance | undefined {
  const config = readHeadlineConfig(script);
  if (!config) return undefined;
  const { origin, sport, team, limit } = config;

  const host = document.createElement(HEADLINE_HOST_TAG);
  const target = config.target ? document.querySelector(config.target) : null;
  if (config.target && !target) console.warn(`SportSpyder: data-target "${config.target}" not found`);
  if (target) target.appendChild(host);
  else script.after(host);
  // A custom property survives the page's `all: unset`, and the shadow styles turn it into min-height.
  host.style.setProperty('--ss-rows', String(limit));

  const shadow = host.attachShadow({ mode: 'open' });
  applyHeadlineStyles(shadow, config.nonce);
  // Preact owns this element only, so a fallback <style> in the shadow root is left alone.
  const container = document.createElement('div');
  container.style.setProperty('min-height', 'inherit');
  shadow.appendChild(container);

  let scheme: MediaQueryList | undefined;
  const applyScheme = () => {
    host.dataset.scheme = config.theme === 'auto' ? (scheme?.matches ? 'dark' : 'light') : config.theme;
  };
  if (config.theme === 'auto' && typeof matchMedia === 'function') {
    scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', applyScheme);
  }
  applyScheme();

  let teamName = config.favorites ? 'Your Favorites' : titleCase(team);
  const moreUrl = config.favorites ? `${origin}/` : `${origin}/${sport}/${team}/news`;
  let destroyed = false;
  const show = (view: HeadlineView) => {
    if (destroyed) return;
    // The styles collapse the reserved height of an unknown team (there is nothing to wait for).
    host.dataset.state = view.status;
    render(h(HeadlineList, { view, limit, teamName, moreUrl, now: Date.now() }), container);
  };
  show({ status: 'loading' });

  const start = () => {
    // Favorites need a member-key endpoint that the API does not offer yet: say so instead of guessing.
    if (config.favorites) return show({ status: 'favorites' });
    void load(origin, team, limit).then((result) => {
      if (result.status === 'ok' && result.teamName) teamName = result.teamName;
      show(result);
    });
  };

  let observer: IntersectionObserver | undefined;
  if (config.lazy && typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer?.disconnect();
        start();
      },
      { rootMargin: '200px' },
    );
    observer.observe(host);
  } else {
    start();
  }

  return {
    script,
    host,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      observer?.disconnect();
      scheme?.removeEventListener('change', applyScheme);
      render(null, container);
      host.remove();
    },
  };
}
