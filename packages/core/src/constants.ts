/**
 * The business constants and limits of spec 1 §9 (and the few numbers of §2, §4 and §6 the shell
 * applies), plus the message texts the shell shows. A rule lives in exactly one place: the site,
 * the bindings and the embeds import these names instead of re-typing the numbers.
 * @module
 */

// ---- Polling (spec 1 §4.7) ----

/** How often a feed asks for the count of items newer than the latest one: every 90 s. */
export const POLL_INTERVAL_MS = 90_000;
/** A page polls at most this many rounds; the counter resets on navigation. */
export const POLL_MAX_ROUNDS = 15;

// ---- Podcast player (spec 1 §4.4, §5, §9) ----

/** Recent episodes kept in local player memory; the oldest is dropped together with its saved time. */
export const RECENT_EPISODES_MAX = 20;
/** Completed episode ids kept in local player memory. */
export const COMPLETED_EPISODES_MAX = 50;
/** The volume is saved this long after the last change (debounce). */
export const VOLUME_SAVE_DEBOUNCE_MS = 1_000;
/** Playback speed of a fresh player. */
export const DEFAULT_SPEED = 1;
/** Volume (0..1) of a fresh player. */
export const DEFAULT_VOLUME = 0.5;
/** The only playback speeds the player offers, in the order the speed button cycles through them. */
export const PLAYBACK_SPEEDS: readonly number[] = Object.freeze([1, 1.2, 1.5, 1.7, 2, 2.5]);
/** Seconds the "skip back" button rewinds. */
export const SKIP_BACK_S = 10;
/** Seconds the "skip forward" button advances. */
export const SKIP_FORWARD_S = 30;
/** The playback position is saved locally this often while playing. */
export const PROGRESS_SAVE_INTERVAL_MS = 1_000;
/** A play event is sent to the server this often while playing. */
export const PLAY_EVENT_INTERVAL_MS = 20_000;
/** An ended episode continues with the next one only within this window after the last play activity (3 h). */
export const AUTO_CONTINUE_WINDOW_MS = 3 * 60 * 60 * 1_000;
/** Pressing play after a pause longer than this reloads the audio source. */
export const SOURCE_RELOAD_AFTER_PAUSE_MS = 60_000;
/** An episode counts as completed when fewer than this many seconds remain. */
export const COMPLETION_THRESHOLD_S = 60;
/** When playing starts, the server's saved time wins if it differs from the local time by more than this. */
export const SERVER_TIME_TOLERANCE_S = 1;
/** Playback times are kept to this many decimal places. */
export const PLAYBACK_TIME_DECIMALS = 1;
/** Listen progress is shown as a percentage capped at this value. */
export const LISTEN_PROGRESS_CAP_PERCENT = 100;

// ---- Header, menus and navigation (spec 1 §2.3 to §2.6, §4.2) ----

/** The notification badge shows the count up to this number and "20+" above it. */
export const NOTIFICATION_BADGE_CAP = 20;
/** Recent listens shown in the My Podcasts menu (also the `limit` of that podcast-listens call). */
export const MENU_RECENT_LISTENS = 3;
/** Recent listens shown on the dashboard and the profile (also the `limit` of that call). */
export const DASHBOARD_RECENT_LISTENS = 8;
/** A sport menu opens after the pointer rests this long on its entry. */
export const NAV_HOVER_OPEN_MS = 100;
/** A sport menu closes this long after the pointer leaves it. */
export const NAV_HOVER_CLOSE_MS = 200;
/** Hovering a college conference switches the menu to it after this delay. */
export const COLLEGE_CONFERENCE_HOVER_MS = 100;
/** The mobile search panel focuses its input this long after opening. */
export const MOBILE_SEARCH_FOCUS_MS = 110;
/** Division id of the unnamed division: a dash on desktop, untitled on mobile. */
export const UNNAMED_DIVISION_ID = 56;
/** Division id titled "Teams" in the mobile teams panel. */
export const TEAMS_DIVISION_ID = 50;
/** Title of division {@link TEAMS_DIVISION_ID} in the mobile teams panel. */
export const TEAMS_DIVISION_TITLE = 'Teams';
/** Key code of Escape, which closes the live search dropdown. */
export const ESCAPE_KEY_CODE = 27;

// ---- Toasts, ads, layout (spec 1 §2.9, §4.5, §4.6, §9) ----

/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 2_500;
/** Ads refresh when the tab comes back after being unfocused for longer than this. */
export const AD_REFRESH_UNFOCUSED_MS = 30_000;
/** Widest viewport (px) that counts as mobile; also the `p` flag of the tracking calls. */
export const MOBILE_MAX_WIDTH = 767;
/** Narrowest tablet viewport (px). */
export const TABLET_MIN_WIDTH = 768;
/** Widest tablet viewport (px). */
export const TABLET_MAX_WIDTH = 1080;
/** Maximum width (px) of the desktop player bar. */
export const PLAYER_MAX_WIDTH = 996;
/** The navigation hides when the page is scrolled down past this many pixels. */
export const NAV_HIDE_SCROLL_PX = 150;
/** Scroll offsets (px) at which the video or the player gets pinned. */
export const PIN_SCROLL_THRESHOLDS_PX: readonly number[] = Object.freeze([436, 411, 447]);
/** How often a reload for a new version, waiting for unsent input to be sent or abandoned, looks again. */
export const UNSENT_INPUT_RECHECK_MS = 1_000;
/** On mobile, sticky ads hide when the viewport is shorter than this (px). */
export const STICKY_AD_MIN_HEIGHT_MOBILE = 560;
/** On desktop, sticky ads hide when the viewport is shorter than this (px). */
export const STICKY_AD_MIN_HEIGHT_DESKTOP = 780;

// ---- Experiments (spec 1 §6) ----

/** The experiment bucket is a random integer from 0 to this value, compared with cumulative percentages. */
export const EXPERIMENT_ROLL_MAX = 98;
/** Experiment variant that switches ads off. */
export const ADS_OFF_VARIANT = 4;
/** Experiment variant that switches ads on. */
export const ADS_ON_VARIANT = 5;

// ---- Feature flags, providers, footer ----

/** The product's feature switches: what is on in this build. */
export const FEATURE_FLAGS = Object.freeze({
  /** Full-width ad slots. */
  fullWidthAds: true,
  /** Mastodon posts on team pages. */
  mastodonPosts: true,
  /** Editing one's chat messages. */
  chatEdit: false,
  /** Blocking other chat members. */
  chatBlock: false,
  /** Following other chat members. */
  chatFollow: false,
  /** Pinning chat messages. */
  chatPin: false,
  /** The SendtoNews video player. */
  s2nVideo: true,
} as const);
/** The feature switch names. */
export type FeatureFlag = keyof typeof FEATURE_FLAGS;

/** Sports (slugs) that have per-sport video provider keys. */
export const VIDEO_PROVIDER_SPORTS: readonly string[] = Object.freeze([
  'mlb',
  'nfl',
  'nba',
  'nhl',
  'mcb',
  'cf',
  'mls',
  'wnba',
  'premier-league',
]);
/** First year of the footer's copyright range (the range ends at the current year). */
export const COPYRIGHT_START_YEAR = 2005;
/** Sections of the feature guide (spec 1 §2.8), in display order. */
export const HELP_GUIDE_SECTIONS: readonly string[] = Object.freeze([
  'news-feed',
  'your-team',
  'podcasts',
  'videos',
  'posts',
  'chat',
  'players',
  'search',
]);
/** The 18 named chat colours (spec 1 §3), in palette order. */
export const CHAT_COLOR_NAMES: readonly string[] = Object.freeze([
  'Cherry',
  'Magenta',
  'Jam',
  'Violet',
  'Azure',
  'Aegean',
  'Ocean',
  'Pine',
  'Emerald',
  'Green',
  'Pear',
  'Hazelnut',
  'Orange',
  'Fire',
  'Rust',
  'Black',
  'Grey',
  'Default',
]);

// ---- Storage, cookies, headers, URL flags (spec 1 §7, team decisions) ----

/** Name of the CSRF cookie whose value is echoed in {@link CSRF_HEADER} on state-changing requests. */
export const CSRF_COOKIE = 'sportspyder_csrf';
/** Header carrying the CSRF token. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Page-URL query flag that makes every request carry {@link SKIP_LIMIT_HEADER}. */
export const SKIP_LIMIT_FLAG = 'skiplimit';
/** Header asking the server to skip rate limiting (honoured outside production or with the secret). */
export const SKIP_LIMIT_HEADER = 'X-Skip-Limit';
/** Page-URL query flag that suppresses the page-view call. */
export const OUT_FLAG = 'out';
/** Storage key of the device hash. */
export const DEVICE_HASH_STORAGE_KEY = 'sportspyder:hash';
/** Storage key of the local player memory. */
export const PLAYER_STORAGE_KEY = 'sportspyder:player';

// ---- Texts the shell shows (spec 1 §1, §2.3, §4.4, §8) ----

/** Toast shown after signing out. */
export const SIGNED_OUT_TOAST = 'Signed out successfully';
/** Placeholder of the live search box. */
export const SEARCH_PLACEHOLDER = 'Search for Teams or Players';
/** Player label while buffering. */
export const BUFFERING_LABEL = 'Buffering...';
/** Player error when the audio cannot load. */
export const AUDIO_ERROR_TEXT = "Sorry, we couldn't play this podcast";
/** Second line of the player error on mobile and desktop. */
export const AUDIO_ERROR_HINT = 'It may have been removed by the publisher';
/** Title of the empty notifications list. */
export const NO_NOTIFICATIONS_TEXT = 'You have no notifications';
/** Hint under the empty notifications list. */
export const NO_NOTIFICATIONS_HINT =
  'Notifications will show up here when you have new messages, likes, or recommendations.';
/** Headline of the 404 page. */
export const NOT_FOUND_TEXT = "Whoops. The page you're looking for doesn't exist.";
/** Headline of the 500 page. */
export const SERVER_ERROR_TEXT = 'Looks like something went wrong.';
/** Label of the account area when signed out. */
export const SIGN_IN_LABEL = 'Sign in';
/** Text of the "More" entry of the sport navigation bar. */
export const MORE_LABEL = 'More';

/**
 * The PRO trial banner text for the given number of days left.
 *
 * @example
 * ```ts
 * proTrialBannerText(5); // 'Enjoy your PRO membership features free for the next 5 days'
 * ```
 */
export function proTrialBannerText(days: number): string {
  return `Enjoy your PRO membership features free for the next ${days} days`;
}

// ---- Content browsing (spec 2 §2, §4, §5, §9) ----

/** Items per page of the article feeds (sport, team, topic, source, player, user, fantasy news). */
export const FEED_PAGE_SIZE = 13;
/** Episodes per page of a podcast's episode list and the sport episode lists. */
export const PODCAST_EPISODES_PAGE_SIZE = 25;
/** Episodes a team page asks for (`perPage=4`, grouped). */
export const TEAM_PODCAST_EPISODES = 4;
/** Posts per page of a team's posts feed. */
export const TEAM_POSTS_PAGE_SIZE = 13;
/** Posts per page of search results. */
export const SEARCH_POSTS_PAGE_SIZE = 25;
/** Videos per page of the video lists. */
export const VIDEOS_PAGE_SIZE = 13;
/** Mobile ads are suppressed from this feed page onward. */
export const MOBILE_ADS_SUPPRESSED_FROM_PAGE = 5;
/** At most this many page links are shown; ellipses mark the pages left out. */
export const PAGINATION_MAX_LINKS = 5;
/** Games per page of the Scores and Upcoming groups. */
export const GAMES_PER_PAGE = 6;
/** Games per page when the games box is shown in medium size. */
export const GAMES_PER_PAGE_MEDIUM = 2;
/** Width (px) of one page of the horizontally scrolled games list. */
export const GAMES_SCROLL_PAGE_WIDTH_PX = 350;
/** Characters of a source or podcast description shown before "see more". */
export const DESCRIPTION_PREVIEW_CHARS = 80;
/** Grouped sub-items shown before "show N more". */
export const SUB_LIST_PREVIEW_COUNT = 4;
/** "show N more" appears only when a group has more than this many sub-items. */
export const SUB_LIST_COLLAPSE_ABOVE = 5;
/** First-page episode lists (and source-page lists) show this many until "Show All Episodes". */
export const EPISODE_LIST_PREVIEW_COUNT = 5;
/** Infinite scroll loads at most this many pages. */
export const INFINITE_SCROLL_MAX_PAGES = 5;
/** Scroll events are handled at most once per this many ms. */
export const INFINITE_SCROLL_THROTTLE_MS = 50;
/** The new-items banner becomes fixed after the page is scrolled more than this (px). */
export const NEW_ITEMS_BANNER_FIXED_SCROLL_PX = 200;
/** Trending players shown on popular pages. */
export const POPULAR_MAX_PLAYERS = 6;
/** Videos shown on popular pages. */
export const POPULAR_MAX_VIDEOS = 5;
/** Episodes shown on popular pages (big ones plus smaller ones). */
export const POPULAR_MAX_EPISODES = 6;
/** Trending players in a sidebar. */
export const SIDEBAR_TRENDING_PLAYERS = 8;
/** Trending players on a sport's players page. */
export const PLAYERS_PAGE_TRENDING_PLAYERS = 10;
/** Episodes in a team sidebar's podcasts box. */
export const TEAM_SIDEBAR_EPISODES = 3;
/** Podcasts in a "Top Podcasts" list (`top=1`). */
export const TOP_PODCASTS_COUNT = 10;
/** Podcasts loaded for the podcast picker (dropdown). */
export const PODCAST_PICKER_SIZE = 100;
/** Episodes on a player page. */
export const PLAYER_EPISODES_COUNT = 6;
/** Default number of headlines in the team headline widget. */
export const WIDGET_DEFAULT_LIMIT = 6;
/** Fewest headlines the widget accepts. */
export const WIDGET_MIN_LIMIT = 1;
/** Most headlines the widget accepts. */
export const WIDGET_MAX_LIMIT = 12;
/** Sports whose team list is shown in 3 columns (2 for the others). */
export const THREE_COLUMN_SPORTS: readonly string[] = Object.freeze(['mcb', 'cf', 'premier-league']);
/** Sports with a recap video label on their popular page. */
export const RECAP_VIDEO_SPORTS: readonly string[] = Object.freeze(['mlb', 'nfl', 'nhl']);
/** YouTube embed error codes that hide the video player. */
export const HIDDEN_VIDEO_ERROR_CODES: readonly number[] = Object.freeze([100, 101, 150]);

/**
 * Where the demo's videos play with no network: the server's page `/demo/videos/<videoId>`, which the
 * video player embeds in place of YouTube's (the server's `DEMO_VIDEO_PATH`, kept equal by a test).
 */
export const DEMO_VIDEO_PATH = '/demo/videos/';

// ---- Ad slot sizes (the spec names none: standard IAB units, width × height in CSS px) ----

/** In-list and sidebar slots, and the full-width rows on mobile: the medium rectangle. */
export const AD_SIZE_MEDIUM_RECTANGLE = Object.freeze([300, 250] as const);
/** The full-width rows of the home and sport popular pages on desktop: the leaderboard. */
export const AD_SIZE_FULL_WIDTH_DESKTOP = Object.freeze([728, 90] as const);
/** The bottom sticky bar on desktop: the leaderboard. */
export const AD_SIZE_STICKY_DESKTOP = Object.freeze([728, 90] as const);
/** The bottom sticky bar on mobile: the mobile banner. */
export const AD_SIZE_STICKY_MOBILE = Object.freeze([320, 50] as const);

// ---- Article video events (spec 3 §4 "General", §7, §9; issue 17) ----

/**
 * The video player states the events come from (YouTube's numbering, which the demo player speaks
 * too): playing 1 sends play, paused 2 sends pause, ended 0 sends complete. Buffering keeps a play
 * going; leaving playing for any other state counts as a pause.
 */
export const VIDEO_PLAYER_STATES = Object.freeze({
  unstarted: -1,
  ended: 0,
  playing: 1,
  paused: 2,
  buffering: 3,
  cued: 5,
} as const);
/** While a video plays, a play event repeats this often (20 s). */
export const VIDEO_PLAY_HEARTBEAT_MS = 20_000;
/** While a video plays, its player's time is read this often (200 ms). */
export const VIDEO_TIME_POLL_MS = 200;
/** The only origins a YouTube player frame may speak from (the privacy-enhanced host first). */
export const YOUTUBE_EMBED_ORIGINS: readonly string[] = Object.freeze([
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
]);
/** The page says "listening" to a player frame this often until the frame answers... */
export const VIDEO_EMBED_HELLO_INTERVAL_MS = 250;
/** ...at most this many times (10 s), and again each time the frame loads. */
export const VIDEO_EMBED_HELLO_TRIES = 40;
/** Playback speeds the video event call accepts (the contract's range); others are left out. */
export const VIDEO_EVENT_SPEED_RANGE = Object.freeze({ min: 0.5, max: 4 } as const);
