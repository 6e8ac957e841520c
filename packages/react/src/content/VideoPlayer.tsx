/**
 * The YouTube player of a video (spec 2 §4): a privacy-enhanced embed
 * (`https://www.youtube-nocookie.com/embed/<id>`) in a 16:9 box, or for a demo video the server's own
 * player page. The page listens to the player through its postMessage API (no YouTube script), which
 * drives the video events (play, pause, complete, a play every 20 s while playing; spec 3 §4) and
 * reports errors: on error 100, 101 or 150 (removed, or embedding not allowed) the player is hidden
 * rather than showing a broken frame.
 * @module
 */
import type { Video } from '@sportspyder/contract';
import { hidesVideoPlayer, type VideoContext } from '@sportspyder/core';
import { useEffect, useRef } from 'react';
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
export function VideoPlayer({ video, error, autoplay = false, context = null, onError }: VideoPlayerProps) {
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
  if (!src || (shown != null && hidesVideoPlayer(shown))) return null;
  return (
    <div className="ss-video-player" data-testid="video-player">
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
  );
}
