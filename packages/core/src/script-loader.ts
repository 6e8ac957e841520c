/**
 * Loads a third-party script once per page (reCAPTCHA, Stripe.js): a `<script async>` added to the
 * document head the first time its URL is asked for; later calls share the same promise. A failed
 * load forgets the URL so a later call tries again (a flaky network should not need a reload).
 * The document is injected, so code that never runs in a page (Node) never touches one.
 * @module
 */

/** The part of a document the loader uses. */
export interface ScriptDocument {
  createElement(tag: 'script'): {
    src: string;
    async: boolean;
    onload: ((event: unknown) => void) | null;
    onerror: ((event: unknown) => void) | null;
    remove?(): void;
  };
  head: { appendChild(node: unknown): unknown };
}

const loading = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * Loads `src` as a script of `doc` (default: the page's document); resolves when it ran.
 *
 * @example
 * ```ts
 * await loadScript('https://js.stripe.com/v3/');
 * ```
 */
export function loadScript(
  src: string,
  doc: ScriptDocument | undefined = (globalThis as { document?: ScriptDocument }).document,
): Promise<void> {
  if (!doc) return Promise.reject(new Error(`no document to load ${src} into`));
  let scripts = loading.get(doc);
  if (!scripts) {
    scripts = new Map();
    loading.set(doc, scripts);
  }
  const known = scripts.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      script.remove?.();
      reject(new Error(`could not load ${src}`));
    };
    script.src = src;
    doc.head.appendChild(script);
  });
  scripts.set(src, promise);
  return promise;
}
