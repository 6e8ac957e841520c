/**
 * An ad slot: an empty `<div>` of a reserved size that a publisher's ad script fills; SportSpyder
 * loads no ad script of its own. The slot names itself and its size in data attributes
 * (`data-ad-name="team-articles-desktop-2"`, `data-ad-size="300x250"`, core's `adSlotName` and
 * `adSlotSize`), announces itself when it appears and again when the ads should refresh (the reader
 * came back after more than 30 s away), with DOM events that bubble to `document`:
 *
 * - `sportspyder:ad-slot` when the slot is in the page, `detail: { name, size, refresh: 0 }`;
 * - `sportspyder:ad-refresh` on each refresh, `detail: { name, size, refresh }`, where `refresh`
 *   (also `data-ad-refresh`) counts the refreshes since the slot appeared.
 *
 * The box keeps its size whether or not an ad arrives, so nothing around it moves. It is a group
 * labelled "Advertisement" for assistive technology. docs/ad-slots.md is the publishers' guide.
 * @module
 */
import {
  type AdContext,
  type AdListKind,
  type AdPlacement,
  type AdPlatform,
  adSlotName,
  adSlotSize,
  adSlots,
} from '@sportspyder/core';
import { Children, type ReactNode, useEffect, useRef, useState } from 'react';
import { useAdRefresh } from '../hooks/useAdVisibility.js';

/** The event a slot dispatches when it appears. */
export const AD_SLOT_EVENT = 'sportspyder:ad-slot';
/** The event a slot dispatches when its ad should refresh. */
export const AD_REFRESH_EVENT = 'sportspyder:ad-refresh';

/** `detail` of the slot events. */
export interface AdSlotEventDetail {
  /** The slot's name (`data-ad-name`). */
  name: string;
  /** The slot's size, `WIDTHxHEIGHT` (`data-ad-size`). */
  size: string;
  /** Refreshes since the slot appeared (0 in `sportspyder:ad-slot`). */
  refresh: number;
}

/** Props of {@link AdSlot}. */
export interface AdSlotProps {
  /** Where the slot sits: the kind of list, a sidebar, or the sticky bar. */
  list: AdPlacement;
  /** Where the list is shown (lists only). */
  context?: AdContext;
  /** Mobile or desktop: sets the size. */
  platform: AdPlatform;
  /** The item index the slot follows, or its position in a sidebar (none for the sticky bar). */
  slot?: number;
  /** The feed page. */
  page?: number;
  /** Extra class names (the sticky bar positions its slot). */
  className?: string;
}

/** Reserved height (px) of list and sidebar slots: the medium rectangle (300×250). */
export const AD_SLOT_HEIGHT_PX = 250;

function announce(element: HTMLElement | null, type: string, detail: AdSlotEventDetail): void {
  element?.dispatchEvent(new CustomEvent<AdSlotEventDetail>(type, { bubbles: true, detail }));
}

/**
 * A reserved, empty, named ad container.
 *
 * @example
 * ```tsx
 * <AdSlot list="articles" context="team" platform="desktop" slot={2} />
 * // <div data-ad-name="team-articles-desktop-2" data-ad-size="300x250" data-ad-refresh="0" ...>
 * ```
 */
export function AdSlot({ list, context = 'default', platform, slot, page = 1, className }: AdSlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const refresh = useAdRefresh();
  // Refreshes count from the moment the slot appeared, not from the page's first slot.
  const [shownAt] = useState(refresh);
  const refreshes = refresh - shownAt;
  const name = adSlotName({ placement: list, context, platform, slot });
  const size = adSlotSize(list, platform);

  // Announced once per slot (a new name is a new slot), not per refresh.
  useEffect(() => {
    announce(ref.current, AD_SLOT_EVENT, { name, size: size.label, refresh: 0 });
  }, [name, size.label]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new refresh count announces
  useEffect(() => {
    if (refreshes > 0)
      announce(ref.current, AD_REFRESH_EVENT, { name, size: size.label, refresh: refreshes });
  }, [refreshes]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups an ad of unknown content
    <div
      ref={ref}
      className={`ss-ad ss-ad--${platform} ss-ad--${list}${className ? ` ${className}` : ''}`}
      data-testid="ad-slot"
      data-ad-name={name}
      data-ad-size={size.label}
      data-ad-refresh={refreshes}
      data-ad-list={list}
      data-ad-context={context}
      data-ad-platform={platform}
      data-ad-slot={slot}
      data-ad-page={page}
      role="group"
      aria-label="Advertisement"
      style={{ maxWidth: `${size.width}px`, minHeight: `${size.height}px` }}
    />
  );
}

/** Where a list sits, for its ad slots; a list given none shows no slots (ads off, or not known yet). */
export interface ListAds {
  /** The list's context (default `'default'`). */
  context?: AdContext;
  /** Mobile or desktop. */
  platform: AdPlatform;
  /** The feed page (mobile lists get no ads from page 5). */
  page?: number;
}

/**
 * Interleaves a list's rendered items with its ad slots (core's `adSlots` for `list`), each slot in
 * its own `<li>` (or `<div>`) of class `className`, right after the item at its index. Without
 * `ads` the items come back unchanged.
 *
 * @example
 * ```tsx
 * <ul>{withAdSlots(episodes.map((e: PodcastEpisode) => <li key={e.id}>{e.title}</li>), 'podcasts', ads, 'ss-episode-items__ad')}</ul>
 * ```
 */
export function withAdSlots(
  items: readonly ReactNode[],
  list: AdListKind,
  ads: ListAds | null | undefined,
  className: string,
  as: 'li' | 'div' = 'li',
): ReactNode[] {
  if (!ads) return [...items];
  const { context = 'default', platform, page = 1 } = ads;
  const slots = new Set(adSlots({ list, context, platform, page }));
  const Wrapper = as;
  const out: ReactNode[] = [];
  items.forEach((item, index) => {
    out.push(item);
    if (!slots.has(index)) return;
    out.push(
      // biome-ignore lint/suspicious/noArrayIndexKey: the slot is named by the position it follows
      <Wrapper key={`ad-${index}`} className={className}>
        <AdSlot list={list} context={context} platform={platform} slot={index} page={page} />
      </Wrapper>,
    );
  });
  return out;
}

/** Props of {@link AdList}. */
export interface AdListProps {
  /** The list element (default `ul`). */
  as?: 'ul' | 'ol' | 'div';
  /** Its class names. */
  className?: string;
  /** The ad table row. */
  list: AdListKind;
  /** Where the list sits; none: no slots. */
  ads?: ListAds | null | undefined;
  /** Class of each slot's wrapper element. */
  adClassName: string;
  /** The list's items, one child each (keyed). */
  children?: ReactNode;
}

/**
 * A list element whose children are interleaved with the ad slots of `list` ({@link withAdSlots}):
 * a drop-in for the `<ul>` of an existing list.
 *
 * @example
 * ```tsx
 * <AdList className="ss-videos" list="videos" ads={ads} adClassName="ss-videos__ad">
 *   {videos.map((video: Video) => <li key={video.id}>{video.title}</li>)}
 * </AdList>
 * ```
 */
export function AdList({ as = 'ul', className, list, ads, adClassName, children }: AdListProps) {
  const Element = as;
  const items = Children.toArray(children);
  return (
    <Element className={className}>
      {withAdSlots(items, list, ads, adClassName, as === 'div' ? 'div' : 'li')}
    </Element>
  );
}
