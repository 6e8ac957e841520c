/**
 * Collapsed previews of spec 2 §4 and §9: grouped sub-items show the first 4 with "show N more"
 * when there are more than 5; a source or podcast description shows its first 80 characters with
 * "see more" / "show less"; first-page episode lists show 5 until "Show All Episodes".
 * @module
 */
import {
  DESCRIPTION_PREVIEW_CHARS,
  EPISODE_LIST_PREVIEW_COUNT,
  SUB_LIST_COLLAPSE_ABOVE,
  SUB_LIST_PREVIEW_COUNT,
} from '../constants.js';

/** A collapsible list: the visible items and the "show N more" button. */
export interface SubListPreview<T> {
  /** Items to render. */
  readonly visible: T[];
  /** Items left out (0 when expanded or short). */
  readonly hiddenCount: number;
  /** "show N more" when items are hidden, else null. */
  readonly moreLabel: string | null;
}

/**
 * Grouped sub-items: all of them up to 5; above 5 the first 4 and "show N more" (until expanded).
 *
 * @example
 * ```ts
 * subListPreview([1, 2, 3, 4, 5, 6]).moreLabel; // 'show 2 more'
 * subListPreview([1, 2, 3, 4, 5]).visible.length; // 5
 * ```
 */
export function subListPreview<T>(items: readonly T[], expanded = false): SubListPreview<T> {
  if (expanded || items.length <= SUB_LIST_COLLAPSE_ABOVE) {
    return { visible: [...items], hiddenCount: 0, moreLabel: null };
  }
  const hiddenCount = items.length - SUB_LIST_PREVIEW_COUNT;
  return {
    visible: items.slice(0, SUB_LIST_PREVIEW_COUNT),
    hiddenCount,
    moreLabel: `show ${hiddenCount} more`,
  };
}

/** A description preview. */
export interface DescriptionPreview {
  /** The text to render: the first 80 characters while collapsed, else all of it. */
  readonly text: string;
  /** True when the description is longer than 80 characters (a toggle is shown). */
  readonly truncatable: boolean;
  /** "see more" (collapsed), "show less" (expanded), or null when short. */
  readonly toggleLabel: 'see more' | 'show less' | null;
}

/**
 * A source or podcast description: the first 80 characters plus "see more" when longer, all of it
 * plus "show less" when expanded. Characters are code points (an emoji is never cut in half).
 *
 * @example
 * ```ts
 * descriptionPreview('x'.repeat(100)).text.length; // 80
 * ```
 */
export function descriptionPreview(text: string | null | undefined, expanded = false): DescriptionPreview {
  const full = (text ?? '').trim();
  const chars = Array.from(full);
  if (chars.length <= DESCRIPTION_PREVIEW_CHARS) return { text: full, truncatable: false, toggleLabel: null };
  if (expanded) return { text: full, truncatable: true, toggleLabel: 'show less' };
  return {
    text: chars.slice(0, DESCRIPTION_PREVIEW_CHARS).join('').trimEnd(),
    truncatable: true,
    toggleLabel: 'see more',
  };
}

/** An episode list on its first page: the first 5 until "Show All Episodes" (also source-page lists over 5). */
export function episodeListPreview<T>(
  items: readonly T[],
  expanded = false,
): { readonly visible: T[]; readonly showAll: boolean } {
  if (expanded || items.length <= EPISODE_LIST_PREVIEW_COUNT) return { visible: [...items], showAll: false };
  return { visible: items.slice(0, EPISODE_LIST_PREVIEW_COUNT), showAll: true };
}
