/**
 * A list of videos (spec 2 §4): selecting a video opens its player under it; selecting it again
 * closes it. Selection is local unless the page controls it (`selectedId` + `onSelect`). A team
 * feed may offer "Hide" per video (`onHide`) and show something else in a video's place
 * (`renderItem`, e.g. the hide notice). The open player sends the video events, with the page's
 * team or sport (`context`) on plays, and pins while the page scrolls past it (spec 1 §4.6). A video
 * the spoiler shield marks (`video.spoiler`, issue 49) shows its title blurred behind a reveal control,
 * as an article card's headline is; the whole row (thumbnail, title, and the player it opens, which
 * shows the title and the picture) waits for the reveal, because the row is one button.
 * @module
 */
import type { Video } from '@sportspyder/contract';
import type { VideoContext, VideoLayout } from '@sportspyder/core';
import { type ReactNode, useState } from 'react';
import { useIsMobile } from '../hooks/useMediaQuery.js';
import { SpoilerBlur } from '../spoilers/SpoilerBlur.js';
import { AdList, type ListAds } from './AdSlot.js';
import { EmptyState } from './EmptyState.js';
import { formatDuration, timeAgo } from './media-helpers.js';
import { VideoPlayer } from './VideoPlayer.js';

/** Props of {@link VideoList}. */
export interface VideoListProps {
  /** The videos. */
  videos: readonly Video[];
  /** The open video (controlled); omit to let the list keep it. */
  selectedId?: number | null;
  /** Called with the video to open, or null to close. */
  onSelect?: (id: number | null) => void;
  /** Error codes reported by the embeds, by video id (errors 100, 101, 150 hide the player). */
  errors?: Readonly<Record<number, number | undefined>>;
  /** The reference time of the relative dates. */
  now?: Date;
  /** Empty-state sentence (no state when omitted and the list is empty). */
  emptyText?: string;
  /** Offers "Hide" (the video's source) on each video, e.g. for members in a team feed. */
  onHide?: (video: Video) => void;
  /** What shows in place of a video; return undefined for the video itself. */
  renderItem?: (video: Video) => ReactNode | undefined;
  /** Ad slots of the video table (spec 2 §9), given only when ads show. */
  ads?: ListAds | null;
  /** Where the list is (a team or a sport page): the players send it with their play events. */
  context?: VideoContext | null;
}

/**
 * Videos with an inline player for the selected one.
 *
 * @example
 * ```tsx
 * <VideoList videos={videos} errors={videoErrors} />
 * ```
 */
export function VideoList({
  videos,
  selectedId,
  onSelect,
  errors,
  now,
  emptyText,
  onHide,
  renderItem,
  ads,
  context = null,
}: VideoListProps) {
  const [localId, setLocalId] = useState<number | null>(null);
  // The pin threshold of the layout the list is in: a phone, a sport page's column or a team's.
  const isMobile = useIsMobile();
  const pinLayout: VideoLayout = isMobile
    ? 'mobile'
    : context?.ctype === 'Sport'
      ? 'sportDesktop'
      : 'teamDesktop';
  const openId = selectedId !== undefined ? selectedId : localId;
  const select = (id: number) => {
    const next = openId === id ? null : id;
    if (selectedId === undefined) setLocalId(next);
    onSelect?.(next);
  };
  if (videos.length === 0) return emptyText ? <EmptyState text={emptyText} /> : null;
  return (
    <AdList className="ss-videos" list="videos" ads={ads} adClassName="ss-videos__ad">
      {videos.map((video) => {
        const replaced = renderItem?.(video);
        if (replaced !== undefined) {
          return (
            <li key={video.id} className="ss-videos__item">
              {replaced}
            </li>
          );
        }
        const open = openId === video.id;
        const duration = formatDuration(video.duration);
        return (
          <li key={video.id} className={`ss-videos__item${open ? ' is-open' : ''}`}>
            <SpoilerBlur hidden={video.spoiler === true} text={video.title}>
              <button
                type="button"
                className="ss-videos__select"
                aria-expanded={open}
                onClick={() => select(video.id)}
              >
                {video.articleImage?.url && (
                  <span className="ss-videos__thumb">
                    <img src={video.articleImage.url} alt="" loading="lazy" />
                    {duration && <span className="ss-videos__duration">{duration}</span>}
                  </span>
                )}
                <span className="ss-videos__text">
                  <span className="ss-videos__title">{video.title}</span>
                  <span className="ss-videos__meta">
                    {video.domain.label || video.domain.name} ·{' '}
                    {timeAgo(video.postedDate || video.spyderDate, now)}
                  </span>
                </span>
              </button>
            </SpoilerBlur>
            {onHide && (
              <button
                type="button"
                className="ss-article__hide ss-videos__hide"
                aria-label={`Hide ${video.domain.label || video.domain.name}`}
                onClick={() => onHide(video)}
              >
                Hide
              </button>
            )}
            {open && (
              <VideoPlayer
                video={video}
                autoplay
                error={errors?.[video.id]}
                context={context}
                pinLayout={pinLayout}
              />
            )}
          </li>
        );
      })}
    </AdList>
  );
}
