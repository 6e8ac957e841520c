/**
 * The YouTube player of a video (spec 2 §4): a privacy-enhanced embed
 * (`https://www.youtube-nocookie.com/embed/<id>`) in a 16:9 box, or for a demo video the server's own
 * player page. The page listens to the player through its postMessage API (no YouTube script), which
 * drives the video events (play, pause, complete, a play every 20 s while playing; spec 3 §4) and
 * reports errors: on error 100, 101 or 150 (removed, or embedding not allowed) the player is hidden
 * rather than showing a broken frame. Given a layout, the open player pins (floats in a corner) once
 * the page has scrolled past it by its layout's threshold (spec 1 §4.6), and goes back when the reader
 * scrolls back; the frame itself never moves in the document, so the video keeps playing.
 * @module
 */
import type { Video } from '@sportspyder/contract';
import { hidesVideoPlayer, type VideoContext, type VideoLayout } from '@sportspyder/core';
import { useEffect, useRef, useState } from 'react';
import { useVideoPinned } from '../hooks/useScroll.js';
import { demoVideoEmbedUrl, youtubeEmbedUrl, youtubeVideoId } from './media-helpers.js';
import { useVideoEvents } from './useVideoEvents.js';

/** Props of {@link VideoPlayer}. */
export interface VideoPlayerProps {
  /** The video (its `finalUrl` is the YouTube page; its duration helps until the player reports one). */
  video: Pick<Video, 'id' | 'title' | 'finalUrl'> & { duration?: number | null };
  /** The error code the embed reported, if any (the player's own reports count too). */
  error?: number | null;
  /** Start playing at once (after the reader selected the video). */
  autoplay?: boolean;
  /** Where the video is played (a team or a sport page), sent with play events. */
  context?: VideoContext | null;
  /** Called with the error code the player reports. */
  onError?: (code: number) => void;
  /** The layout whose threshold pins the player while scrolled past (none: it never pins). */
  pinLayout?: VideoLayout | null;
}

function pageOrigin(): string | null {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : null;
}

/**
 * The embedded player, or nothing when the video has no YouTube id or its error hides it.
 *
 * @example
 * ```tsx
 * <VideoPlayer video={video} autoplay context={{ ctype: 'Team', cid: team.id }} />
 * ```
 */
export function VideoPlayer({
  video,
  error,
  autoplay = false,
  context = null,
  onError,
  pinLayout = null,
}: VideoPlayerProps) {
  const id = youtubeVideoId(video.finalUrl);
  const src = id ? youtubeEmbedUrl(id, autoplay, pageOrigin()) : demoVideoEmbedUrl(video.finalUrl);
  const frame = useRef<HTMLIFrameElement>(null);
  const events = useVideoEvents(frame, {
    src,
    articleId: video.id,
    duration: video.duration,
    // The demo player never starts by itself; a YouTube embed opened with autoplay does.
    autoplay: autoplay && id !== null,
    context,
  });
  const reported = events.error;
  useEffect(() => {
    if (reported !== null) onError?.(reported);
  }, [reported, onError]);
  const shown = error ?? reported;
  const place = useRef<HTMLDivElement>(null);
  const pinned = useVideoPinned(place, pinLayout ?? 'teamDesktop', pinLayout !== null);
  // The reader may send a pinned player back to its place; it pins again after a scroll back past it.
  const [unpinned, setUnpinned] = useState(false);
  useEffect(() => {
    if (!pinned) setUnpinned(false);
  }, [pinned]);
  const floating = pinned && !unpinned;
  if (!src || (shown != null && hidesVideoPlayer(shown))) return null;
  return (
    // The outer box keeps the player's place (and its height) while the inner one floats.
    <div ref={place} className="ss-video-player" data-testid="video-player">
      <div className={`ss-video-player__box${floating ? ' is-pinned' : ''}`} data-testid="video-player-box">
        {floating && (
          <button
            type="button"
            className="ss-video-player__unpin"
            aria-label="Put the video back in its place"
            onClick={() => setUnpinned(true)}
          >
            ×
          </button>
        )}
        <iframe
          ref={frame}
          className="ss-video-player__frame"
          src={src}
          title={video.title}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
          onLoad={events.onLoad}
        />
      </div>
    </div>
  );
}
