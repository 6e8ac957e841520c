/**
 * The styles of the chat embed's frame and sign-in popup (one `<style>` in their own page, which is
 * SportSpyder's: its CSP allows it). Light and dark schemes by `data-scheme` on the root; every text
 * colour passes 4.5:1 on its background; focus is always visible.
 * @module
 */
export const CHAT_FRAME_CSS = `
:root{color-scheme:light;--bg:#fff;--fg:#1f1f1f;--muted:#595959;--line:#d0d0d0;--accent:#0b57d0;--on-accent:#fff;--bad:#b3261e;--soft:#f2f2f2}
:root[data-scheme=dark]{color-scheme:dark;--bg:#161616;--fg:#f1f1f1;--muted:#bdbdbd;--line:#444;--accent:#a8c7fa;--on-accent:#062e6f;--bad:#ffb4ab;--soft:#242424}
html,body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
*{box-sizing:border-box}
.ss{display:flex;flex-direction:column;border:1px solid var(--line);border-radius:8px;overflow:hidden}
.ss-head{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:8px 12px;border-bottom:1px solid var(--line)}
.ss-head h1{font-size:16px;margin:0}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,textarea:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.ss-list{list-style:none;margin:0;padding:8px 12px;height:360px;overflow-y:auto}
.ss-msg{padding:6px 0;border-bottom:1px solid var(--soft)}
.ss-msg p{margin:2px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.ss-author{font-weight:600}
.ss-time,.ss-note{color:var(--muted);font-size:13px}
.ss-deleted{font-style:italic;color:var(--muted)}
.ss-foot{padding:10px 12px;border-top:1px solid var(--line);display:grid;gap:8px}
.ss-foot form{display:grid;gap:6px}
textarea,input{width:100%;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--muted);border-radius:6px;padding:6px 8px}
textarea{resize:vertical;min-height:44px}
button{font:inherit;cursor:pointer;border-radius:6px;padding:6px 14px;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent)}
button.ss-link{background:none;border:0;padding:0;color:var(--accent);text-decoration:underline}
button:disabled{opacity:.6;cursor:default}
.ss-row{display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap}
.ss-error{color:var(--bad);margin:0}
.ss-rules{margin:0;padding-left:20px}
.ss-center{padding:24px 12px;text-align:center}
.ss-popup{max-width:380px;margin:24px auto;padding:0 16px}
.ss-popup label{display:block;font-weight:600;margin-top:10px}
.ss-popup button{margin-top:14px}
.ss-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
