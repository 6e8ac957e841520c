/**
 * The embeds' single page global, `window.SportSpyder`: `init()` mounts every headline script tag not yet
 * mounted (tags added later included), `destroy()` unmounts them. It is created once per page however many
 * times the bundle runs, so all embeds share one request budget and one loader.
 * @module
 */
import { createHeadlineLoader, type HeadlineLoader } from './fetch-headlines.js';
import { type HeadlineInstance, mountHeadline } from './mount-headline.js';
import { createRequestBudget } from './request-budget.js';

/** Script tags the loader mounts: headline embed scripts carrying `data-team`. */
export const HEADLINE_SCRIPT_SELECTOR = 'script[data-team][src*="headline"]';

/** The `window.SportSpyder` API. */
export interface SportSpyderGlobal {
  /** Version of the embed bundle. */
  readonly version: string;
  /**
   * Mounts the headline script tags under `root` (default: the document) that are not mounted yet, e.g.
   * after a single-page app inserted new ones; returns the new host elements.
   */
  init(root?: ParentNode): HTMLElement[];
  /**
   * Unmounts and removes the embed whose host, script tag or container is `el`; every embed when left out.
   */
  destroy(el?: Element): void;
}

/** A window that may carry the global. */
export type SportSpyderWindow = Window & { SportSpyder?: SportSpyderGlobal };

/**
 * Creates the global's implementation (not installed; see {@link installSportSpyder}).
 *
 * @example
 * ```ts
 * const api = createSportSpyder('1.0.0');
 * api.init();
 * ```
 */
export function createSportSpyder(
  version: string,
  load: HeadlineLoader = createHeadlineLoader(createRequestBudget()),
): SportSpyderGlobal {
  const instances = new Map<HTMLScriptElement, HeadlineInstance>();
  return {
    version,
    init(root: ParentNode = document) {
      const scripts: HTMLScriptElement[] = Array.from(
        root.querySelectorAll<HTMLScriptElement>(HEADLINE_SCRIPT_SELECTOR),
      );
      if (root instanceof HTMLScriptElement && root.matches(HEADLINE_SCRIPT_SELECTOR)) scripts.push(root);
      const hosts: HTMLElement[] = [];
      for (const script of scripts) {
        if (instances.has(script)) continue;
        const instance = mountHeadline(script, load);
        if (!instance) continue;
        instances.set(script, instance);
        hosts.push(instance.host);
      }
      return hosts;
    },
    destroy(el?: Element) {
      for (const [script, instance] of instances) {
        if (el && el !== script && !el.contains(instance.host)) continue;
        instance.destroy();
        instances.delete(script);
      }
    },
  };
}

/**
 * Installs `window.SportSpyder` unless a previous copy of the bundle did, then mounts the page's tags.
 *
 * @example
 * ```ts
 * installSportSpyder(window, '1.0.0');
 * ```
 */
export function installSportSpyder(win: SportSpyderWindow, version: string): SportSpyderGlobal {
  if (!win.SportSpyder) {
    Object.defineProperty(win, 'SportSpyder', {
      value: createSportSpyder(version),
      configurable: true,
      enumerable: false,
      writable: false,
    });
  }
  const api = win.SportSpyder!;
  api.init();
  return api;
}
