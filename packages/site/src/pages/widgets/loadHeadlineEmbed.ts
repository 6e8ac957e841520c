/**
 * Loads the real headline embed (`/widgets/headline.js`) into the site once, for the embed
 * configurator's live preview, and hands back its `window.SportSpyder` global (init/destroy).
 * @module
 */

/** The part of the embeds' page global the preview uses (see packages/widgets/src/embed-global.ts). */
export interface HeadlineEmbedApi {
  /** Mounts the embed script tags under `root` not mounted yet. */
  init(root?: ParentNode): HTMLElement[];
  /** Unmounts the embeds whose host is inside `el`. */
  destroy(el?: Element): void;
}

type EmbedWindow = Window & { SportSpyder?: HeadlineEmbedApi };

let loading: Promise<HeadlineEmbedApi> | undefined;

/**
 * Adds one `<script src="/widgets/headline.js">` to the document (without `data-team`, so it mounts
 * nothing itself) and resolves with the global it installs. Every caller shares the one load; a failed
 * load is forgotten so the next configurator tries again.
 *
 * @example
 * ```ts
 * const api = await loadHeadlineEmbed();
 * api.init(previewElement);
 * ```
 */
export function loadHeadlineEmbed(src = '/widgets/headline.js'): Promise<HeadlineEmbedApi> {
  loading ??= new Promise<HeadlineEmbedApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      const api = (window as EmbedWindow).SportSpyder;
      if (api) resolve(api);
      else reject(new Error('headline.js did not install window.SportSpyder'));
    });
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
