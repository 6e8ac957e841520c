/**
 * The page a demo video plays in the site's player (`/demo/videos/<id>`): its picture, title and
 * channel, and a small player (`demo-video-player.js`, served as {@link DEMO_VIDEO_PLAYER_SCRIPT_PATH})
 * that plays a clock over the video's length and speaks YouTube's iframe postMessage API to the site,
 * so demo videos send real video events with no network. The script is a file of the server's own
 * origin, so the page fits the Content-Security-Policy (`script-src 'self'`, no inline script).
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../paths.js';

/** Where the demo player's script is served. */
export const DEMO_VIDEO_PLAYER_SCRIPT_PATH = '/demo/video-player.js';

/** A demo video's length when the feed gave none, in seconds. */
export const DEMO_VIDEO_DEFAULT_DURATION_S = 60;

/** What the page shows of a demo video. */
export interface DemoVideoRow {
  title: string;
  channel: string;
  image_url: string | null;
  duration: number | null;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function clock(seconds: number): string {
  const total = Math.floor(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

let script: string | undefined;

/** The player's script (read once from `src/demo/demo-video-player.js`, as the migrations are read). */
export function demoVideoPlayerScript(): string {
  script ??= readFileSync(join(packageRoot(), 'src', 'demo', 'demo-video-player.js'), 'utf8');
  return script;
}

/**
 * The HTML of a demo video's page.
 *
 * @example
 * demoVideoPage({ title: 'Film room', channel: 'Packers Tube', image_url: null, duration: 95 });
 */
export function demoVideoPage(row: DemoVideoRow): string {
  const duration =
    row.duration !== null && row.duration > 0 ? Math.round(row.duration) : DEMO_VIDEO_DEFAULT_DURATION_S;
  const picture = row.image_url ? `<img src="${escapeHtml(row.image_url)}" alt="">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(row.title)} | ${escapeHtml(row.channel)}</title>
<style>
html,body{margin:0;height:100%;background:#0d1b2a;color:#fff;font:16px/1.4 system-ui,sans-serif}
main{position:relative;height:100%;display:grid;grid-template-rows:1fr auto;overflow:hidden}
img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.45}
.caption{position:relative;align-self:center;justify-self:center;max-width:36rem;margin:1rem;padding:1rem 1.25rem;background:rgb(13 27 42 / 85%);border-radius:8px}
h1{font-size:1.25rem;margin:0 0 .25rem}
p{margin:0;color:#e6ebf2}
.controls{position:relative;display:flex;align-items:center;gap:.75rem;padding:.5rem .75rem;background:rgb(13 27 42 / 92%)}
button{min-width:6.5rem;min-height:2.75rem;padding:.5rem 1rem;border:0;border-radius:6px;background:#fff;color:#0d1b2a;font:600 1rem system-ui,sans-serif;cursor:pointer}
button:focus-visible{outline:3px solid #ffd166;outline-offset:2px}
.time{font-variant-numeric:tabular-nums;white-space:nowrap}
progress{flex:1;height:.5rem;accent-color:#ffd166}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
</style>
<script src="${DEMO_VIDEO_PLAYER_SCRIPT_PATH}" defer></script>
</head>
<body>
<main data-demo-player data-duration="${duration}">
${picture}
<div class="caption">
<h1>${escapeHtml(row.title)}</h1>
<p>${escapeHtml(row.channel)} is a made-up channel of the SportSpyder demo: its videos have no footage, so this picture plays in their place, with no network.</p>
</div>
<div class="controls" role="group" aria-label="Video controls">
<button type="button" data-demo-toggle aria-label="Play video">Play</button>
<span class="time"><span data-demo-elapsed>0:00</span> / ${clock(duration)}</span>
<progress data-demo-progress max="${duration}" value="0" aria-label="Video progress"></progress>
<span class="visually-hidden" role="status" data-demo-status></span>
</div>
</main>
</body>
</html>
`;
}
