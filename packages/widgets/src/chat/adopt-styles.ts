/**
 * Puts a stylesheet into a shadow root the way a strict host CSP allows: adopted (constructable
 * stylesheets need no `unsafe-inline`), else a `<style>` carrying the embed's nonce. Generic over the
 * CSS, one constructed sheet per text, so any embed can use it (the headline and player embeds have
 * their own copies of this rule in their styles modules).
 * @module
 */
const sheets = new Map<string, CSSStyleSheet>();

/**
 * Applies `css` to `root`.
 *
 * @example
 * ```ts
 * adoptStyles(host.attachShadow({ mode: 'open' }), CHAT_LOADER_CSS, config.nonce);
 * ```
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce: string | undefined): void {
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    root.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = css;
  root.appendChild(style);
}
