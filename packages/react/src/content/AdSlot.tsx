/**
 * An ad slot: a reserved-size, empty container marked with data attributes of its place (list,
 * context, platform, slot). No third-party script is loaded; an ad integration may find the
 * containers by their attributes and fill them. The size is reserved up front so nothing below
 * moves when (or if) an ad arrives.
 * @module
 */
import type { AdContext, AdListKind, AdPlatform } from '@sportspyder/core';

/** Props of {@link AdSlot}. */
export interface AdSlotProps {
  /** The kind of list the slot sits in. */
  list: AdListKind | 'sidebar';
  /** Where the list is shown. */
  context?: AdContext;
  /** Mobile or desktop: sets the reserved size. */
  platform: AdPlatform;
  /** The item index the slot follows (or the sidebar position). */
  slot: number;
  /** The feed page. */
  page?: number;
}

/** Reserved heights (px): a medium rectangle (300×250) in lists and sidebars, on every platform. */
export const AD_SLOT_HEIGHT_PX = 250;

/**
 * A reserved, empty ad container.
 *
 * @example
 * ```tsx
 * <AdSlot list="articles" context="team" platform="desktop" slot={2} />
 * ```
 */
export function AdSlot({ list, context = 'default', platform, slot, page = 1 }: AdSlotProps) {
  return (
    <div
      className={`ss-ad ss-ad--${platform}`}
      data-testid="ad-slot"
      data-ad-list={list}
      data-ad-context={context}
      data-ad-platform={platform}
      data-ad-slot={slot}
      data-ad-page={page}
      aria-hidden="true"
      style={{ minHeight: `${AD_SLOT_HEIGHT_PX}px` }}
    />
  );
}
