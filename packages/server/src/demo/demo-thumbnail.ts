/**
 * The demo's video thumbnails: a 16:9 SVG drawn from the video id alone (a colour picked from the id and
 * a play mark), so the demo's Videos tabs show pictures with no network instead of pointing at a video
 * host that never loads offline.
 * @module
 */
import { mixSeed } from './prng.js';

/** A YouTube-style video id, the only thing a thumbnail URL may carry. */
export const DEMO_VIDEO_ID = /^[\w-]{6,20}$/;

/**
 * The SVG thumbnail of a demo video: the same id always gives the same picture.
 *
 * @example
 * demoThumbnailSvg('dQw4w9WgXcQ'); // '<svg xmlns=... viewBox="0 0 480 270">...'
 */
export function demoThumbnailSvg(videoId: string): string {
  const hue = Math.abs(mixSeed('thumbnail', videoId)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270" role="img" aria-label="Video thumbnail">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,18%)"/></linearGradient></defs>
<rect width="480" height="270" fill="url(#g)"/>
<circle cx="240" cy="135" r="44" fill="rgba(0,0,0,0.55)"/>
<path d="M226 112 L264 135 L226 158 Z" fill="#fff"/>
</svg>
`;
}
