// Ad placement and visibility (spec 1 §4.5, §6; spec 2 §2 Home, §9): every slot row of the table,
// the page-5 mobile suppression, the experiment variants, PRO/trial, sticky heights and refresh.
import { describe, expect, it } from 'vitest';
import {
  AD_SIZE_FULL_WIDTH_DESKTOP,
  AD_SIZE_MEDIUM_RECTANGLE,
  AD_SIZE_STICKY_DESKTOP,
  AD_SIZE_STICKY_MOBILE,
  STICKY_AD_MIN_HEIGHT_DESKTOP,
  STICKY_AD_MIN_HEIGHT_MOBILE,
} from '../../constants.js';
import {
  type AdContext,
  type AdListKind,
  type AdPlatform,
  adSlotName,
  adSlotSize,
  adSlots,
  adsEnabled,
  adVisibility,
  interleaveAds,
  isAdFree,
  isChatPath,
  shouldRefreshAd,
} from '../ads.js';

type Row = [AdListKind, AdContext, AdPlatform, number[]];

const ROWS: Row[] = [
  // Article lists
  ['articles', 'default', 'desktop', [2, 7, 11]],
  ['articles', 'default', 'mobile', [1, 5, 9, 13]],
  ['articles', 'team', 'desktop', [2, 5, 9]],
  ['articles', 'team', 'mobile', [1, 4, 8, 12]],
  ['articles', 'promoTeam', 'desktop', [5, 9]],
  ['articles', 'promoTeam', 'mobile', [4, 8, 12]],
  ['articles', 'single', 'desktop', [1, 4]],
  ['articles', 'single', 'mobile', [1, 4, 7]],
  // Podcast lists (same in every context)
  ['podcasts', 'default', 'desktop', [3, 8, 13]],
  ['podcasts', 'default', 'mobile', [3, 7, 11, 15, 19]],
  ['podcasts', 'team', 'desktop', [3, 8, 13]],
  ['podcasts', 'team', 'mobile', [3, 7, 11, 15, 19]],
  ['podcasts', 'promoTeam', 'desktop', [3, 8, 13]],
  ['podcasts', 'single', 'mobile', [3, 7, 11, 15, 19]],
  // Post lists: same as podcasts
  ['posts', 'default', 'desktop', [3, 8, 13]],
  ['posts', 'default', 'mobile', [3, 7, 11, 15, 19]],
  ['posts', 'team', 'desktop', [3, 8, 13]],
  ['posts', 'team', 'mobile', [3, 7, 11, 15, 19]],
  // Video lists
  ['videos', 'default', 'desktop', [2, 7, 11]],
  ['videos', 'default', 'mobile', [1, 5, 9, 13]],
  ['videos', 'team', 'desktop', [2, 5, 9]],
  ['videos', 'team', 'mobile', [1, 4, 8, 12]],
  ['videos', 'promoTeam', 'desktop', [2, 5, 9]],
  ['videos', 'promoTeam', 'mobile', [1, 4, 8, 12]],
  ['videos', 'single', 'desktop', [1, 4]],
  ['videos', 'single', 'mobile', [1, 4, 7]],
  // Home page
  ['home', 'default', 'desktop', [0, 2, 4]],
  ['home', 'default', 'mobile', [0, 2, 4, 6]],
  // Sport popular page, full-width ad layout: after article groups, as home
  ['popular', 'default', 'desktop', [0, 2, 4]],
  ['popular', 'default', 'mobile', [0, 2, 4, 6]],
];

describe('adSlots', () => {
  it.each(ROWS)('%s list, %s context, %s → %j', (list, context, platform, expected) => {
    expect(adSlots({ list, context, platform })).toEqual(expected);
    expect(adSlots({ list, context, platform, page: 4 })).toEqual(expected);
  });

  it('defaults to the default context and page 1', () => {
    expect(adSlots({ list: 'articles', platform: 'desktop' })).toEqual([2, 7, 11]);
  });

  it.each(ROWS.filter(([, , platform]) => platform === 'mobile'))(
    'suppresses mobile %s/%s ads from page 5 on',
    (list, context, platform) => {
      expect(adSlots({ list, context, platform, page: 5 })).toEqual([]);
      expect(adSlots({ list, context, platform, page: 9 })).toEqual([]);
    },
  );

  it.each(ROWS.filter(([, , platform]) => platform === 'desktop'))(
    'keeps desktop %s/%s ads on page 5 and later',
    (list, context, platform, expected) => {
      expect(adSlots({ list, context, platform, page: 5 })).toEqual(expected);
    },
  );
});

describe('interleaveAds', () => {
  it('places each slot right after the item at its index and drops slots past the end', () => {
    const entries = interleaveAds(['a', 'b', 'c', 'd'], [1, 3, 7]);
    expect(entries.map((e) => (e.kind === 'item' ? e.item : `ad${e.slot}`))).toEqual([
      'a',
      'b',
      'ad1',
      'c',
      'd',
      'ad3',
    ]);
  });
});

describe('adsEnabled', () => {
  type EnabledRow = [
    number | null,
    'new' | 'returning',
    AdPlatform,
    { type: string; platform: string } | null,
    boolean,
  ];
  const rows: EnabledRow[] = [
    [null, 'new', 'mobile', null, true],
    [1, 'returning', 'desktop', null, true],
    [4, 'new', 'mobile', null, false],
    [4, 'returning', 'desktop', null, false],
    [5, 'new', 'mobile', null, true],
    [5, 'returning', 'desktop', null, true],
    // Targeted experiments: variant 4 only switches ads off for the audience it targets.
    [4, 'new', 'mobile', { type: 'new', platform: 'mobile' }, false],
    [4, 'returning', 'mobile', { type: 'new', platform: 'mobile' }, true],
    [4, 'new', 'desktop', { type: 'new', platform: 'mobile' }, true],
    [4, 'returning', 'desktop', { type: 'returning', platform: 'all' }, false],
    [4, 'new', 'desktop', { type: 'ads', platform: 'desktop' }, false],
    [4, 'new', 'mobile', { type: 'ads', platform: 'desktop' }, true],
    [5, 'new', 'mobile', { type: 'new', platform: 'mobile' }, true],
  ];
  it.each(rows)(
    'variant %s, %s visitor on %s, experiment %j → %s',
    (variant, userType, platform, experiment, expected) => {
      expect(adsEnabled({ variant, userType, platform, experiment })).toBe(expected);
    },
  );
});

describe('isAdFree', () => {
  it.each([
    [null, false],
    [{ pro: false, proState: '' as const }, false],
    [{ pro: true, proState: 'paid' as const }, true],
    [{ pro: false, proState: 'trial' as const }, true],
    [{ pro: false, proState: 'comp' as const }, true],
    [{ pro: true, proState: '' as const }, true],
  ])('%j → %s', (user, expected) => {
    expect(isAdFree(user)).toBe(expected);
  });
});

describe('adVisibility', () => {
  const base = {
    user: null,
    variant: null,
    loading: false,
    viewportHeight: 900,
    platform: 'desktop' as AdPlatform,
    isChatPage: false,
    adNetwork: true,
  };

  it('shows every ad to a visitor on a tall desktop', () => {
    expect(adVisibility(base)).toEqual({
      pending: false,
      ads: true,
      adVideo: true,
      sticky: true,
      visible: true,
    });
  });

  it('is pending, and shows nothing, while the session loads', () => {
    expect(adVisibility({ ...base, loading: true })).toEqual({
      pending: true,
      ads: false,
      adVideo: false,
      sticky: false,
      visible: false,
    });
  });

  it.each([
    ['while loading', { loading: true }],
    ['to PRO members', { user: { pro: true, proState: 'paid' as const } }],
    ['to trial members', { user: { pro: false, proState: 'trial' as const } }],
    ['to complimentary members', { user: { pro: false, proState: 'comp' as const } }],
    ['in the ads-off variant', { variant: 4 }],
    ['without an ad network (the ADS setting off)', { adNetwork: false }],
  ])('shows nothing %s', (_label, patch) => {
    expect(adVisibility({ ...base, ...patch, stickyAd: true })).toMatchObject({
      ads: false,
      adVideo: false,
      sticky: false,
      visible: false,
    });
  });

  it('shows nothing, not even an empty slot, when no ad network is configured (the default)', () => {
    const { adNetwork: _, ...noNetwork } = base;
    expect(adVisibility({ ...noNetwork, stickyAd: true })).toEqual({
      pending: false,
      ads: false,
      adVideo: false,
      sticky: false,
      visible: false,
    });
  });

  it('shows every ad in the ads-on variant', () => {
    expect(adVisibility({ ...base, variant: 5, stickyAd: true }).visible).toBe(true);
    expect(adVisibility({ ...base, variant: 5 }).ads).toBe(true);
  });

  it('keeps ads for the audience the experiment does not target', () => {
    const experiment = { type: 'new', platform: 'mobile' };
    expect(adVisibility({ ...base, variant: 4, experiment, userType: 'new', platform: 'mobile' }).ads).toBe(
      false,
    );
    expect(
      adVisibility({ ...base, variant: 4, experiment, userType: 'returning', platform: 'mobile' }).ads,
    ).toBe(true);
    expect(adVisibility({ ...base, variant: 4, experiment, userType: 'new', platform: 'desktop' }).ads).toBe(
      true,
    );
  });

  it('has the sticky thresholds of spec 1 §4.5', () => {
    expect(STICKY_AD_MIN_HEIGHT_MOBILE).toBe(560);
    expect(STICKY_AD_MIN_HEIGHT_DESKTOP).toBe(780);
  });

  it.each([
    ['mobile', 559, false],
    ['mobile', 560, true],
    ['desktop', 779, false],
    ['desktop', 780, true],
  ] as const)('sticky ads on %s at %i px high: %s', (platform, viewportHeight, sticky) => {
    const result = adVisibility({ ...base, platform, viewportHeight, stickyAd: true });
    expect(result.sticky).toBe(sticky);
    expect(result.visible).toBe(sticky);
    expect(result.ads).toBe(true);
  });

  it('hides sticky ads on chat pages but keeps the others', () => {
    expect(adVisibility({ ...base, isChatPage: true, stickyAd: true }).visible).toBe(false);
    expect(adVisibility({ ...base, isChatPage: true }).visible).toBe(true);
  });
});

describe('shouldRefreshAd', () => {
  it.each([
    [0, false],
    [30_000, false],
    [30_001, true],
    [120_000, true],
  ])('%i ms unfocused → %s', (ms, expected) => {
    expect(shouldRefreshAd(ms)).toBe(expected);
  });
});

describe('adSlotSize', () => {
  it.each([
    ['articles', 'desktop', '300x250'],
    ['articles', 'mobile', '300x250'],
    ['podcasts', 'mobile', '300x250'],
    ['sidebar', 'desktop', '300x250'],
    ['home', 'desktop', '728x90'],
    ['home', 'mobile', '300x250'],
    ['popular', 'desktop', '728x90'],
    ['popular', 'mobile', '300x250'],
    ['sticky', 'desktop', '728x90'],
    ['sticky', 'mobile', '320x50'],
  ] as const)('%s on %s → %s', (placement, platform, label) => {
    const size = adSlotSize(placement, platform);
    expect(size.label).toBe(label);
    expect(`${size.width}x${size.height}`).toBe(label);
  });

  it('uses the size constants', () => {
    expect(AD_SIZE_MEDIUM_RECTANGLE).toEqual([300, 250]);
    expect(AD_SIZE_FULL_WIDTH_DESKTOP).toEqual([728, 90]);
    expect(AD_SIZE_STICKY_DESKTOP).toEqual([728, 90]);
    expect(AD_SIZE_STICKY_MOBILE).toEqual([320, 50]);
  });
});

describe('adSlotName', () => {
  it.each([
    [{ placement: 'articles', context: 'team', platform: 'desktop', slot: 2 }, 'team-articles-desktop-2'],
    [{ placement: 'articles', platform: 'mobile', slot: 5 }, 'articles-mobile-5'],
    [
      { placement: 'articles', context: 'promoTeam', platform: 'mobile', slot: 4 },
      'promo-team-articles-mobile-4',
    ],
    [{ placement: 'articles', context: 'single', platform: 'desktop', slot: 1 }, 'single-articles-desktop-1'],
    [{ placement: 'videos', context: 'team', platform: 'desktop', slot: 5 }, 'team-videos-desktop-5'],
    [{ placement: 'podcasts', platform: 'desktop', slot: 3 }, 'podcasts-desktop-3'],
    [{ placement: 'posts', context: 'team', platform: 'mobile', slot: 7 }, 'team-posts-mobile-7'],
    [{ placement: 'home', platform: 'desktop', slot: 0 }, 'home-desktop-0'],
    [{ placement: 'popular', platform: 'mobile', slot: 2 }, 'popular-mobile-2'],
    [{ placement: 'sidebar', context: 'team', platform: 'desktop', slot: 0 }, 'sidebar-desktop-0'],
    [{ placement: 'sticky', platform: 'mobile' }, 'sticky-mobile'],
  ] as const)('%j → %s', (input, name) => {
    expect(adSlotName(input)).toBe(name);
  });
});

describe('isChatPath', () => {
  it.each([
    ['/sports/nfl/chat', true],
    ['/nfl/green-bay-packers/chat', true],
    ['/nfl/green-bay-packers/chat/12/345', true],
    ['/channels/12/messages/345', true],
    ['/nfl/green-bay-packers/news', false],
    ['/sports/nfl/news', false],
    ['/', false],
    ['/search', false],
  ])('%s → %s', (path, expected) => {
    expect(isChatPath(path)).toBe(expected);
  });
});
