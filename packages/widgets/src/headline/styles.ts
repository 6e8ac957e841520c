/**
 * The headline embed's styles and how they reach its shadow root. Constructable stylesheets
 * (`adoptedStyleSheets`) are CSSOM, so they work under a host CSP without `'unsafe-inline'`; only browsers
 * without them get a `<style>` element, carrying the publisher's nonce when one is given. Every `:host`
 * declaration is `!important` because important rules of a shadow tree beat the page's important rules,
 * which is what keeps a hostile `* { all: unset !important }` from collapsing the widget.
 * @module
 */

/** Height of one headline row in px (fixed, so the reserved height is exact). */
export const ROW_HEIGHT = 56;

/** Height of the heading and footer together, plus padding, in px. */
export const CHROME_HEIGHT = 92;

/** The embed's stylesheet text. */
export const HEADLINE_CSS = `
:host{all:initial!important;display:block!important;box-sizing:border-box!important;
min-height:calc(var(--ss-rows,6)*${ROW_HEIGHT}px + ${CHROME_HEIGHT}px)!important;
--bg:#fff;--fg:#1b1f24;--mu:#5b6470;--ln:#e3e6ea;--ac:#0b5cc4;--sk:#eef0f3}
:host([data-state=not-found]){min-height:0!important}
:host([data-scheme=dark]){--bg:#15191e;--fg:#eef1f4;--mu:#a2abb6;--ln:#2c333b;--ac:#7db4ff;--sk:#232a31}
.ss{box-sizing:border-box;min-height:inherit;display:flex;flex-direction:column;padding:10px 12px;
background:var(--bg);color:var(--fg);border:1px solid var(--ln);border-radius:8px;
font:14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:left}
.hd{height:24px;font-weight:700;font-size:15px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.list{list-style:none;margin:4px 0;padding:0;flex:1}
.row{height:${ROW_HEIGHT}px;border-top:1px solid var(--ln);box-sizing:border-box;overflow:hidden}
.row:first-child{border-top:0}
.row a{display:flex;gap:8px;align-items:center;height:100%;color:var(--fg);text-decoration:none}
.row a:hover .t,.row a:focus .t{text-decoration:underline}
.row img{width:40px;height:40px;flex:none;object-fit:cover;border-radius:4px}
.tx{display:flex;flex-direction:column;min-width:0}
.t{font-weight:600;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.sp .t{filter:blur(5px)}
.m{color:var(--mu);font-size:12px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.sk:after{content:"";display:block;margin-top:10px;height:36px;border-radius:4px;background:var(--sk)}
.msg{flex:1;margin:12px 0;color:var(--mu)}
.more{display:block;height:24px;line-height:24px;color:var(--ac);font-size:13px;text-decoration:none}
.more:hover{text-decoration:underline}
`;

let shared: CSSStyleSheet | undefined;

/**
 * Applies the stylesheet to `root`: adopted when supported, else a `<style>` with `nonce` when given.
 *
 * @example
 * ```ts
 * applyHeadlineStyles(host.attachShadow({ mode: 'open' }), config.nonce);
 * ```
 */
export function applyHeadlineStyles(root: ShadowRoot, nonce: string | undefined): void {
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(HEADLINE_CSS);
    }
    root.adoptedStyleSheets = [shared];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = HEADLINE_CSS;
  root.appendChild(style);
}
