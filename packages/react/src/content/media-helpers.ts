/**
 * Small display helpers of the content components: the YouTube id of a video URL (for the
 * privacy-friendly embed), the relative time of a card, a media duration, and the site paths the
 * cards link to. They format; they hold no rule of the spec (those live in the core).
 * @module
 */
import { DEMO_VIDEO_PATH, dateTimeFormat } from '@sportspyder/core';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character YouTube video id of a watch, short, embed or shorts URL, or null.
 *
 * @example
 * ```ts
 * youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ'); // 'dQw4w9WgXcQ'
 * youtubeVideoId('https://youtu.be/dQw4w9WgXcQ'); // 'dQw4w9WgXcQ'
 * ```
 */
export function youtubeVideoId(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return YOUTUBE_ID.test(url) ? url : null;
  }
  const host = parsed.hostname.replace(/^(www|m|music)\./, '');
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = parsed.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = parsed.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') candidate = parsed.searchParams.get('v');
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v')
      candidate = parts[1];
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/**
 * The privacy-enhanced embed URL of a YouTube video id (no cookies until the reader plays it). Given
 * the page's origin, the player speaks its postMessage API to that origin only (`enablejsapi=1`,
 * `origin=`), which is how the video events learn the player's state without YouTube's script.
 *
 * @example
 * ```ts
 * youtubeEmbedUrl('dQw4w9WgXcQ', true, 'https://sportspyder.example');
 * // 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&enablejsapi=1&origin=https%3A%2F%2Fsportspyder.example'
 * ```
 */
export function youtubeEmbedUrl(id: string, autoplay = false, origin?: string | null): string {
  const query = new URLSearchParams();
  if (autoplay) query.set('autoplay', '1');
  if (origin) {
    query.set('enablejsapi', '1');
    query.set('origin', origin);
  }
  const search = query.toString();
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}${search ? `?${search}` : ''}`;
}

/**
 * A short relative time for cards: "just now", "5m ago", "3h ago", "2d ago", then the date ("Nov 3").
 * Future times (clock skew between server and reader) read as "just now".
 */
export function timeAgo(date: string | Date, now: Date = new Date()): string {
  const then = new Date(date);
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return dateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(then);
}

/** A media duration in seconds as "m:ss" or "h:mm:ss"; empty for unknown durations. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The news page of a team: `/{sport}/{team}/news`. */
export function teamNewsHref(team: { slug: string; sportSlug: string }): string {
  return `/${team.sportSlug}/${team.slug}/news`;
}

/** The page of a player: `/players/{slug}`. */
export function playerHref(player: { slug: string }): string {
  return `/players/${player.slug}`;
}

/** The page of a podcast episode: `/podcasts/{podcastId}/episodes/{id}`. */
export function episodeHref(episode: { id: number; podcast: { id: number } }): string {
  return `/podcasts/${episode.podcast.id}/episodes/${episode.id}`;
}

/** Target and rel of an external link: a new window (without opener) when `newWindow` is true. */
export function externalLinkProps(newWindow: boolean | undefined): { target?: string; rel: string } {
  return newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: 'noopener' };
}

/**
 * The page a demo video plays in (the server's `/demo/videos/<id>`, made for offline demos), as a path
 * of the page's own origin (the server may know itself by another name, and a page only frames its own
 * origin), or null for any other URL.
 *
 * @example
 * ```ts
 * demoVideoEmbedUrl('http://localhost:8080/demo/videos/abc123XYZ_-'); // '/demo/videos/abc123XYZ_-'
 * demoVideoEmbedUrl('https://example.com/video'); // null
 * ```
 */
export function demoVideoEmbedUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { pathname } = new URL(url, 'http://site.invalid');
    return pathname.startsWith(DEMO_VIDEO_PATH) ? pathname : null;
  } catch {
    return null;
  }
}
