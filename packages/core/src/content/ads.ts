/**
 * Ad placement and visibility as pure rules (spec 1 §4.5, §6; spec 2 §2 Home, §9): which positions
 * of a list get an ad slot, whether the experiment variant switches ads off, who sees ads at all
 * (PRO and trial members never do), when sticky ads hide, and when an ad refreshes.
 *
 * Slot numbers are zero-based item indexes: an ad slot is rendered right after the item at that
 * index (`interleaveAds`). Numbers count per page of a paged list.
 * @module
 */
import type { Experiment, User } from '@sportspyder/contract';
import {
  AD_REFRESH_UNFOCUSED_MS,
  AD_SIZE_FULL_WIDTH_DESKTOP,
  AD_SIZE_MEDIUM_RECTANGLE,
  AD_SIZE_STICKY_DESKTOP,
  AD_SIZE_STICKY_MOBILE,
  ADS_OFF_VARIANT,
  ADS_ON_VARIANT,
  MOBILE_ADS_SUPPRESSED_FROM_PAGE,
  STICKY_AD_MIN_HEIGHT_DESKTOP,
  STICKY_AD_MIN_HEIGHT_MOBILE,
} from '../constants.js';

/**
 * The list kinds with ad slots. `home` counts the home page's sections, `popular` the article groups
 * of the sport popular page's full-width ad layout (after the lead).
 */
export type AdListKind = 'articles' | 'podcasts' | 'posts' | 'videos' | 'home' | 'popular';
/** Where the list is: a sport/topic/... feed, a team feed, a promoted team's feed, a single-item page. */
export type AdContext = 'default' | 'team' | 'promoTeam' | 'single';
/** Mobile (up to 767 px wide) or desktop. */
export type AdPlatform = 'mobile' | 'desktop';

/** One row of the slot table: the slot indexes per platform. */
export type AdSlotRow = Readonly<Record<AdPlatform, readonly number[]>>;

const row = (desktop: number[], mobile: number[]): AdSlotRow => Object.freeze({ desktop, mobile });

const PODCAST_ROW = row([3, 8, 13], [3, 7, 11, 15, 19]);
const HOME_ROW = row([0, 2, 4], [0, 2, 4, 6]);
const contextFree = (slots: AdSlotRow) => ({ default: slots, team: slots, promoTeam: slots, single: slots });

/**
 * The slot table of spec 2 §9 and §2 Home. Podcast and post lists use one row whatever the context;
 * video lists have no promoted-team row in the spec, so a promoted team's videos use the team row.
 * The spec gives the sport popular page's full-width ad layout (groups 3, 2, 2, 3, 2) but not where
 * its ads go: they follow the home page's row, counted in article groups.
 */
export const AD_SLOT_TABLE: Readonly<Record<AdListKind, Readonly<Record<AdContext, AdSlotRow>>>> =
  Object.freeze({
    articles: {
      default: row([2, 7, 11], [1, 5, 9, 13]),
      team: row([2, 5, 9], [1, 4, 8, 12]),
      promoTeam: row([5, 9], [4, 8, 12]),
      single: row([1, 4], [1, 4, 7]),
    },
    videos: {
      default: row([2, 7, 11], [1, 5, 9, 13]),
      team: row([2, 5, 9], [1, 4, 8, 12]),
      promoTeam: row([2, 5, 9], [1, 4, 8, 12]),
      single: row([1, 4], [1, 4, 7]),
    },
    podcasts: contextFree(PODCAST_ROW),
    posts: contextFree(PODCAST_ROW),
    home: contextFree(HOME_ROW),
    popular: contextFree(HOME_ROW),
  });

/** Input of {@link adSlots}. */
export interface AdSlotsInput {
  /** The kind of list. */
  list: AdListKind;
  /** Where the list is shown (default `'default'`). */
  context?: AdContext;
  /** Mobile or desktop. */
  platform: AdPlatform;
  /** The feed page, from 1 (default 1); mobile lists get no ads from page 5 on. */
  page?: number;
}

/**
 * The item indexes after which a list shows an ad slot.
 *
 * @example
 * ```ts
 * adSlots({ list: 'articles', context: 'team', platform: 'desktop' }); // [2, 5, 9]
 * adSlots({ list: 'articles', platform: 'mobile', page: 5 }); // []
 * ```
 */
export function adSlots(input: AdSlotsInput): readonly number[] {
  const { list, context = 'default', platform, page = 1 } = input;
  if (platform === 'mobile' && page >= MOBILE_ADS_SUPPRESSED_FROM_PAGE) return [];
  return AD_SLOT_TABLE[list][context][platform];
}

/** One entry of a list with its ads: an item (with its index in the list) or an ad slot. */
export type AdListEntry<T> =
  | { readonly kind: 'item'; readonly item: T; readonly index: number }
  | { readonly kind: 'ad'; readonly slot: number };

/** Interleaves `items` with ad slots: each slot right after the item at its index (slots past the end are left out). */
export function interleaveAds<T>(items: readonly T[], slots: readonly number[]): AdListEntry<T>[] {
  const set = new Set(slots);
  const out: AdListEntry<T>[] = [];
  items.forEach((item, index) => {
    out.push({ kind: 'item', item, index });
    if (set.has(index)) out.push({ kind: 'ad', slot: index });
  });
  return out;
}

/** New visitor (first visit) or returning visitor. */
export type UserType = 'new' | 'returning';

/** Input of {@link adsEnabled}. */
export interface AdsEnabledInput {
  /** The experiment variant of this page load (`chooseVariant`), or null. */
  variant: number | null | undefined;
  /** New or returning visitor. */
  userType: UserType;
  /** Mobile or desktop. */
  platform: AdPlatform;
  /**
   * The running experiment's audience: `type` names the user type it targets (`new`, `returning`,
   * anything else: everyone) and `platform` the platform (`mobile`, `desktop`, anything else: both).
   * Omitted: the variant applies to everyone.
   */
  experiment?: Pick<Experiment, 'type' | 'platform'> | null | undefined;
}

function targets(
  experiment: AdsEnabledInput['experiment'],
  userType: UserType,
  platform: AdPlatform,
): boolean {
  if (!experiment) return true;
  const typeOk =
    experiment.type === 'new' || experiment.type === 'returning' ? experiment.type === userType : true;
  const platformOk =
    experiment.platform === 'mobile' || experiment.platform === 'desktop'
      ? experiment.platform === platform
      : true;
  return typeOk && platformOk;
}

/**
 * The experiment's effect on ads (spec 1 §6). Reading: ads are on by default; variant 4 switches
 * them off and variant 5 explicitly keeps them on, for the visitors the experiment targets (its
 * user type and platform); everyone else, and every other variant, keeps the default (on).
 *
 * @example
 * ```ts
 * adsEnabled({ variant: 4, userType: 'new', platform: 'mobile' }); // false
 * adsEnabled({ variant: 4, userType: 'returning', platform: 'mobile', experiment: { type: 'new', platform: 'all' } }); // true
 * ```
 */
export function adsEnabled(input: AdsEnabledInput): boolean {
  if (!targets(input.experiment, input.userType, input.platform)) return true;
  if (input.variant === ADS_OFF_VARIANT) return false;
  if (input.variant === ADS_ON_VARIANT) return true;
  return true;
}

/** True for PRO members, trial and complimentary members: they see no ads and no ad video. */
export function isAdFree(user: Pick<User, 'pro' | 'proState'> | null | undefined): boolean {
  if (!user) return false;
  return user.pro || user.proState === 'trial' || user.proState === 'comp' || user.proState === 'paid';
}

/** Input of {@link adVisibility}. */
export interface AdVisibilityInput extends Omit<AdsEnabledInput, 'variant' | 'userType'> {
  /** The signed-in member (null for visitors). */
  user: Pick<User, 'pro' | 'proState'> | null | undefined;
  /** The experiment variant, or null. */
  variant: number | null | undefined;
  /** New or returning visitor (default `'returning'`). */
  userType?: UserType;
  /** True while the session is loading: no ad is shown before the PRO state is known. */
  loading: boolean;
  /** True when the ad in question is a sticky one (default false). */
  stickyAd?: boolean;
  /** The viewport height in px. */
  viewportHeight: number;
  /** True on chat pages. */
  isChatPage: boolean;
  /**
   * True when the operator runs an ad network (the server's `ADS` setting, named in the session):
   * only then do slots reserve space for an ad script to fill. Default false: no network, no slot,
   * as for PRO members, instead of empty boxes.
   */
  adNetwork?: boolean;
}

/** Which ads may show. */
export interface AdVisibility {
  /** True while the session loads: nothing shows yet, and whether anything will is not known. */
  readonly pending: boolean;
  /** In-list and sidebar ads. */
  readonly ads: boolean;
  /** Ad video (the video vendor's player). */
  readonly adVideo: boolean;
  /** Sticky ads. */
  readonly sticky: boolean;
  /** The ad in question (sticky or not, per `stickyAd`). */
  readonly visible: boolean;
}

/** The minimum viewport height (px) for sticky ads: 560 on mobile, 780 on desktop. */
export function stickyAdMinHeight(platform: AdPlatform): number {
  return platform === 'mobile' ? STICKY_AD_MIN_HEIGHT_MOBILE : STICKY_AD_MIN_HEIGHT_DESKTOP;
}

/**
 * Who sees which ads (spec 1 §4.5): nothing without an ad network (`adNetwork`), nothing while
 * loading, nothing for PRO and trial members, nothing when the experiment switches ads off; sticky ads also hide on short viewports (under
 * 560 px on mobile, 780 px on desktop) and on chat pages.
 *
 * @example
 * ```ts
 * adVisibility({ user: null, variant: null, loading: false, viewportHeight: 500, platform: 'mobile',
 *   isChatPage: false, stickyAd: true, adNetwork: true }).visible; // false (too short)
 * ```
 */
export function adVisibility(input: AdVisibilityInput): AdVisibility {
  const ads =
    input.adNetwork === true &&
    !input.loading &&
    !isAdFree(input.user) &&
    adsEnabled({
      variant: input.variant,
      userType: input.userType ?? 'returning',
      platform: input.platform,
      experiment: input.experiment,
    });
  const sticky = ads && !input.isChatPage && input.viewportHeight >= stickyAdMinHeight(input.platform);
  return Object.freeze({
    pending: input.loading,
    ads,
    adVideo: ads,
    sticky,
    visible: input.stickyAd ? sticky : ads,
  });
}

/** True when an ad should refresh after the tab was unfocused for `unfocusedMs` (over 30 s). */
export function shouldRefreshAd(unfocusedMs: number): boolean {
  return unfocusedMs > AD_REFRESH_UNFOCUSED_MS;
}

/** Where a slot sits: in a list (its kind), in a sidebar, or in the bottom sticky bar. */
export type AdPlacement = AdListKind | 'sidebar' | 'sticky';

/** A slot's size in CSS px, and as the `WIDTHxHEIGHT` text of its `data-ad-size`. */
export interface AdSize {
  readonly width: number;
  readonly height: number;
  /** `300x250`, `728x90`, ... */
  readonly label: string;
}

const size = ([width, height]: readonly [number, number]): AdSize =>
  Object.freeze({ width, height, label: `${width}x${height}` });

/**
 * The size a slot reserves (the spec names none; these are the standard IAB units): the sticky bar
 * 728×90 on desktop and 320×50 on mobile; the full-width rows of the home and popular pages 728×90
 * on desktop; every other slot, and the full-width rows on mobile, a 300×250 medium rectangle.
 *
 * @example
 * ```ts
 * adSlotSize('articles', 'desktop').label; // '300x250'
 * adSlotSize('sticky', 'mobile').label; // '320x50'
 * ```
 */
export function adSlotSize(placement: AdPlacement, platform: AdPlatform): AdSize {
  if (placement === 'sticky') {
    return size(platform === 'mobile' ? AD_SIZE_STICKY_MOBILE : AD_SIZE_STICKY_DESKTOP);
  }
  if ((placement === 'home' || placement === 'popular') && platform === 'desktop') {
    return size(AD_SIZE_FULL_WIDTH_DESKTOP);
  }
  return size(AD_SIZE_MEDIUM_RECTANGLE);
}

const CONTEXT_PREFIX: Readonly<Record<AdContext, string>> = Object.freeze({
  default: '',
  team: 'team-',
  promoTeam: 'promo-team-',
  single: 'single-',
});

/** Input of {@link adSlotName}. */
export interface AdSlotNameInput {
  /** Where the slot sits. */
  placement: AdPlacement;
  /** The list's context (lists only; default `'default'`). */
  context?: AdContext;
  /** Mobile or desktop. */
  platform: AdPlatform;
  /** The item index the slot follows, or the slot's position in a sidebar (none for the sticky bar). */
  slot?: number;
}

/**
 * The slot's name, its `data-ad-name`: what a publisher's ad script maps to an ad unit. Built from
 * the context (team lists get `team-`, promoted teams `promo-team-`, single-article pages
 * `single-`), the placement, the platform and the slot number; the same place always has the same
 * name, on every page of a list.
 *
 * @example
 * ```ts
 * adSlotName({ placement: 'articles', context: 'team', platform: 'desktop', slot: 2 }); // 'team-articles-desktop-2'
 * adSlotName({ placement: 'sticky', platform: 'mobile' }); // 'sticky-mobile'
 * ```
 */
export function adSlotName(input: AdSlotNameInput): string {
  const { placement, context = 'default', platform, slot } = input;
  const isList = placement !== 'sidebar' && placement !== 'sticky' && placement !== 'home';
  const prefix = isList ? CONTEXT_PREFIX[context] : '';
  const base = `${prefix}${placement}-${platform}`;
  return slot === undefined ? base : `${base}-${slot}`;
}

/**
 * True for the chat pages, where sticky ads hide (spec 1 §4.5): a sport's chat
 * (`/sports/:sportId/chat`), a team's chat (`/:sportId/:teamId/chat/...`) and a chat message link
 * (`/channels/:channelId/messages/:id`).
 *
 * @example
 * ```ts
 * isChatPath('/nfl/green-bay-packers/chat/12'); // true
 * isChatPath('/nfl/green-bay-packers/news'); // false
 * ```
 */
export function isChatPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'channels') return true;
  return segments.length >= 3 && segments[2] === 'chat';
}
