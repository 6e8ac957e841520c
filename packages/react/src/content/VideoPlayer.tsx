/**
 * The YouTube player of a video (spec 2 §4): a privacy-enhanced embed
 * (`https://www.youtube-nocookie.com/embed/<id>`) in a 16:9 box. When the embed reports error 100,
 * 101 or 150 (removed, or embedding not allowed) the player is hidden rather than showing a broken
 * frame.
 * @module
 */
import type { Video } from '@sportspyder/contract';
import { hidesVideoPlayer } from '@sportspyder/core';
import { demoVideoEmbedUrl, youtubeEmbedUrl, youtubeVideoId } from './media-helpers.js';

/** Props of {@link VideoPlayer}. */
export interface VideoPlayerProps {
  /** The video (its `finalUrl` is the YouTube page). */
  video: Pick<Video, 'id' | 'title' | 'finalUrl'>;
  /** The error code the embed reported, if any. */
  error?: number | null;
  /** Start playing at once (after the reader selected the video). */
  autoplay?: boolean;
}

/**
 * The embedded player, or nothing when the video has no YouTube id or its error hides it.
 *
 * @example
 * ```tsx
 * <VideoPlayer video={video} autoplay error={errors[video.id]} />
 * ```
 */
export function VideoPlayer({ video, error, autoplay = false }: VideoPlayerProps) {
  const id = youtubeVideoId(video.finalUrl);
  const src = id ? youtubeEmbedUrl(id, autoplay) : demoVideoEmbedUrl(video.finalUrl);
  if (!src || (error != null && hidesVideoPlayer(error))) return null;
  return (
    <div className="ss-video-player" data-testid="video-player">
      <iframe
        className="ss-video-player__frame"
        src={src}
        title={video.title}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
      />
    </div>
  );
}
