/**
 * The embeds' single page global, `window.SportSpyder`, shared by every embed bundle (`headline.js`,
 * `player.js`). Each bundle registers its kind of embed (a script-tag selector and a mount function);
 * `init()` mounts every registered kind's tags not yet mounted and `destroy()` unmounts them. The global is
 * created by whichever bundle runs first and reused by the others, so both scripts work on one page in any
 * order, and loading one bundle many times (one tag each) never mounts a tag twice.
 * @module
 */

/** A mounted embed. */
export interface EmbedInstance {
  /** The element holding the embed's shadow root. */
  readonly host: HTMLElement;
  /** Unmounts the embed, stops its listeners and removes its host element. */
  destroy(): void;
}

/** One kind of embed, as a bundle registers it on the global. */
export interface EmbedKind {
  /** CSS selector of this kind's script tags. */
  readonly selector: string;
  /** Mounts the embed configured by `script`; undefined when the tag is unusable. */
  mount(script: HTMLScriptElement): EmbedInstance | undefined;
}

/** The `window.SportSpyder` API. */
export interface SportSpyderGlobal {
  /** Version of the embed bundle that created the global. */
  readonly version: string;
  /**
   * Mounts the embed script tags under `root` (default: the document) that are not mounted yet, e.g.
   * after a single-page app inserted new ones; returns the new host elements.
   */
  init(root?: ParentNode): HTMLElement[];
  /**
   * Unmounts and removes the embed whose host, script tag or container is `el`; every embed when left out.
   */
  destroy(el?: Element): void;
  /** Adds a kind of embed (once per selector: the first bundle's copy wins); `init()` mounts it from then on. */
  register(kind: EmbedKind): void;
}

/** A window that may carry the global. */
export type SportSpyderWindow = Window & { SportSpyder?: SportSpyderGlobal };

/**
 * Creates the global's implementation for `kinds` (not installed; see {@link installEmbedGlobal}).
 *
 * @example
 * ```ts
 * const api = createEmbedGlobal('1.0.0', [headlineKind()]);
 * api.init();
 * ```
 */
export function createEmbedGlobal(version: string, kinds: EmbedKind[] = []): SportSpyderGlobal {
  const instances = new Map<HTMLScriptElement, EmbedInstance>();
  return {
    version,
    register(kind) {
      if (!kinds.some((k) => k.selector === kind.selector)) kinds.push(kind);
    },
    init(root: ParentNode = document) {
      const hosts: HTMLElement[] = [];
      for (const kind of kinds) {
        const scripts = Array.from(root.querySelectorAll<HTMLScriptElement>(kind.selector));
        if (root instanceof HTMLScriptElement && root.matches(kind.selector)) scripts.push(root);
        for (const script of scripts) {
          if (instances.has(script)) continue;
          const instance = kind.mount(script);
          if (!instance) continue;
          instances.set(script, instance);
          hosts.push(instance.host);
        }
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
 * Installs `window.SportSpyder` unless another bundle (or a previous copy of this one) did, registers
 * `kind` on it and mounts the page's tags.
 *
 * @example
 * ```ts
 * installEmbedGlobal(window, '1.0.0', playerKind());
 * ```
 */
export function installEmbedGlobal(
  win: SportSpyderWindow,
  version: string,
  kind: EmbedKind,
): SportSpyderGlobal {
  if (!win.SportSpyder) {
    Object.defineProperty(win, 'SportSpyder', {
      value: createEmbedGlobal(version),
      configurable: true,
      enumerable: false,
      writable: false,
    });
  }
  const api = win.SportSpyder!;
  api.register(kind);
  api.init();
  return api;
}
