/**
 * Connects a video player frame to core's embed protocol and, under a {@link SportSpyderProvider},
 * to the client's video event tracker (spec 3 §4 "General": play, pause, complete, a play every 20 s
 * while playing). Without a provider only the player's error is read. Hooks only, so it compiles
 * under preact/compat.
 * @module
 */
import {
  clientVideoTracker,
  connectVideoEmbed,
  type VideoContext,
  type VideoEmbed,
  videoEmbedOrigin,
} from '@sportspyder/core';
import { type RefObject, useContext, useEffect, useRef, useState } from 'react';
import { SportSpyderContext } from '../SportSpyderProvider.js';

/** Options of {@link useVideoEvents}. */
export interface UseVideoEventsOptions {
  /** The frame's address (null: no frame). */
  src: string | null;
  /** The video (article) id. */
  articleId: number;
  /** The feed's length of the video, used until the player reports its own. */
  duration?: number | null | undefined;
  /** The frame plays by itself when it opens (its first play is `auto`). */
  autoplay?: boolean;
  /** Where the video is played (a team or a sport), sent with plays. */
  context?: VideoContext | null | undefined;
}

/** What {@link useVideoEvents} answers. */
export interface VideoEvents {
  /** The error code the player reported, or null. */
  error: number | null;
  /** Call from the frame's `load` event: a (re)loaded frame is told again that the page listens. */
  onLoad: () => void;
}

/**
 * Listens to the player in `frame` and tracks its events for the video.
 *
 * @example
 * ```tsx
 * import { useRef } from 'react';
 *
 * const frame = useRef<HTMLIFrameElement>(null);
 * const { error, onLoad } = useVideoEvents(frame, { src, articleId: video.id, autoplay: true });
 * return <iframe ref={frame} src={src} onLoad={onLoad} title={video.title} />;
 * ```
 */
export function useVideoEvents(
  frame: RefObject<HTMLIFrameElement | null>,
  options: UseVideoEventsOptions,
): VideoEvents {
  const client = useContext(SportSpyderContext);
  const [error, setError] = useState<number | null>(null);
  const embedRef = useRef<VideoEmbed | null>(null);
  const { src, articleId, autoplay = false } = options;
  const duration = options.duration ?? null;
  const ctype = options.context?.ctype;
  const cid = options.context?.cid;

  useEffect(() => {
    const view = frame.current?.ownerDocument.defaultView;
    if (!src || !view) return;
    const origin = videoEmbedOrigin(src, view.location.origin);
    if (!origin) return;
    const embed = connectVideoEmbed({ frame: () => frame.current?.contentWindow, origin, target: view });
    embedRef.current = embed;
    const stopError = embed.subscribe(() => setError(embed.getSnapshot().error));
    const tracker = client
      ? clientVideoTracker(client, {
          articleId,
          source: embed,
          autoplay,
          duration,
          context: ctype !== undefined && cid !== undefined ? { ctype, cid } : null,
        })
      : null;
    return () => {
      // The tracker first: a video still playing sends its pause with the time last read.
      tracker?.destroy();
      stopError();
      embed.destroy();
      embedRef.current = null;
    };
  }, [client, frame, src, articleId, autoplay, duration, ctype, cid]);

  return { error, onLoad: () => embedRef.current?.listen() };
}
