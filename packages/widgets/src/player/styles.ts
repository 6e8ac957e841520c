/**
 * The player embed's styles and how they reach its shadow root, the same way as the headline embed's:
 * a constructable stylesheet (`adoptedStyleSheets`, allowed under a host CSP without `'unsafe-inline'`),
 * else a `<style>` carrying the publisher's nonce. `:host` declarations are `!important` so a hostile page
 * stylesheet (even `* { all: unset !important }`) cannot collapse the player.
 * @module
 */

/** Height of the player card in px (the same in every state, so nothing jumps). */
export const PLAYER_HEIGHT = 98;

/** The embed's stylesheet text (concatenated lines: the bundle carries it without line breaks). */
export const PLAYER_CSS =
  `:host{all:initial!important;display:block!important;box-sizing:border-box!important;max-width:640px!important;` +
  `min-height:${PLAYER_HEIGHT}px!important;--bg:#fff;--fg:#1b1f24;--mu:#5b6470;--ln:#e3e6ea;--ac:#0b5cc4;--sk:#eef0f3;` +
  `--er:#b3261e}` +
  `:host([data-scheme=dark]){--bg:#15191e;--fg:#eef1f4;--mu:#a2abb6;--ln:#2c333b;--ac:#7db4ff;--sk:#232a31;--er:#ff8a80}` +
  `.ss{box-sizing:border-box;height:${PLAYER_HEIGHT}px;display:flex;gap:12px;align-items:center;padding:12px;` +
  `background:var(--bg);color:var(--fg);border:1px solid var(--ln);border-radius:8px;` +
  `font:14px/1.35 system-ui,sans-serif}` +
  `.art{flex:none;width:72px;height:72px;border-radius:6px;overflow:hidden;background:var(--sk)}` +
  `img{display:block;width:100%;height:100%;object-fit:cover}` +
  `.main{flex:1;min-width:0}` +
  `.t,.m,.msg{display:block;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}` +
  `.t{font-weight:700;color:var(--fg);text-decoration:none}` +
  `a:hover{text-decoration:underline}` +
  `.m,.tm,.er{color:var(--mu);font-size:12px}` +
  `.er{color:var(--er)}` +
  `.ctl{display:flex;align-items:center;gap:6px;height:38px;margin-top:2px}` +
  `button{all:unset;box-sizing:border-box;cursor:pointer;display:flex;align-items:center;justify-content:center;` +
  `height:28px;min-width:36px;padding:0 6px;border:1px solid var(--ln);border-radius:14px;font:600 12px system-ui,sans-serif}` +
  `:focus-visible{outline:2px solid var(--ac);outline-offset:2px}` +
  `.pp{width:36px;height:36px;border:0;border-radius:50%;background:var(--ac);color:var(--bg)}` +
  `svg{width:18px;height:18px;fill:currentColor}` +
  `.seek{flex:1;min-width:30px;margin:0;accent-color:var(--ac)}` +
  `.tm{font-variant-numeric:tabular-nums;white-space:nowrap}` +
  `.msg{flex:1;color:var(--mu)}` +
  `.msg a{color:var(--ac)}`;

let shared: CSSStyleSheet | undefined;

/**
 * Applies the stylesheet to `root`: adopted when supported, else a `<style>` with `nonce` when given.
 *
 * @example
 * ```ts
 * applyPlayerStyles(host.attachShadow({ mode: 'open' }), config.nonce);
 * ```
 */
export function applyPlayerStyles(root: ShadowRoot, nonce: string | undefined): void {
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(PLAYER_CSS);
    }
    root.adoptedStyleSheets = [shared];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = PLAYER_CSS;
  root.appendChild(style);
}
