/**
 * The texts of the content pages (spec 2 §2, §4, §5, §8): toasts of follows and subscriptions,
 * the newsletter form's messages per server error code, empty states, the paywall hint and page
 * titles. Kept here so the site, the bindings and the tests share one wording.
 * @module
 */

// ---- Toasts (spec 2 §4) ----

/** Toast after following or unfollowing a team: 'Now following the "{team}"' / 'Stopped following the "{team}"'. */
export function teamFollowToast(teamName: string, following: boolean): string {
  return following ? `Now following the "${teamName}"` : `Stopped following the "${teamName}"`;
}

/** Toast after subscribing to or unsubscribing from a source or podcast: 'Now subscribed to "{name}"' / 'Unsubscribed from "{name}"'. */
export function subscriptionToast(name: string, subscribed: boolean): string {
  return subscribed ? `Now subscribed to "${name}"` : `Unsubscribed from "${name}"`;
}

// ---- Newsletter signup (spec 2 §4, §5) ----

/** Shown when the newsletter signup succeeded. */
export const NEWSLETTER_SUCCESS_TEXT = 'Signed up successfully! Check your email for more details.';

/** The server error codes of the newsletter signup. */
export type NewsletterErrorCode = 'blank' | 'invalid' | 'has_account' | 'taken' | 'unsubscribed';

/** What the newsletter form shows for an error: the message and, for some codes, a tip with a link. */
export interface NewsletterError {
  /** The message under the e-mail field. */
  readonly message: string;
  /** A second line suggesting what to do (sign in or join), or null. */
  readonly tip: string | null;
  /** Where the tip links to (`/login` or `/join`), or null. */
  readonly tipLink: string | null;
}

/** The newsletter message table of spec 2 §5, by server error code. */
export const NEWSLETTER_ERRORS: Readonly<Record<NewsletterErrorCode, NewsletterError>> = Object.freeze({
  blank: { message: 'Please enter an email address', tip: null, tipLink: null },
  invalid: { message: 'Please enter a valid email address', tip: null, tipLink: null },
  has_account: {
    message: 'You already have a SportSpyder account',
    tip: 'Sign in and follow a team to get a recap newsletter.',
    tipLink: '/login',
  },
  taken: {
    message: "You're already subscribed",
    tip: 'Join SportSpyder to follow more than one team.',
    tipLink: '/join',
  },
  unsubscribed: {
    message: 'This email address has already unsubscribed',
    tip: 'Join SportSpyder to resubscribe.',
    tipLink: '/join',
  },
});

/**
 * The message of a newsletter error code; unknown codes fall back to `fallbackTitle` (the server's
 * title) or the "invalid" message.
 *
 * @example
 * ```ts
 * newsletterError('taken').message; // "You're already subscribed"
 * ```
 */
export function newsletterError(code: string | null | undefined, fallbackTitle?: string): NewsletterError {
  if (code && Object.hasOwn(NEWSLETTER_ERRORS, code)) return NEWSLETTER_ERRORS[code as NewsletterErrorCode];
  return { message: fallbackTitle || NEWSLETTER_ERRORS.invalid.message, tip: null, tipLink: null };
}

// ---- Paywall hint (spec 2 §8) ----

/** "This article may be behind a paywall", or the plural when `count` is above 1. */
export function paywallHint(count = 1): string {
  return count > 1 ? 'These articles may be behind a paywall' : 'This article may be behind a paywall';
}

// ---- Empty states (spec 2 §2, §8) ----

/** Games box without games. */
export const NO_GAMES_TEXT = 'No games scheduled';
/** Trending players box without players. */
export const NO_TRENDING_PLAYERS_TEXT = 'No trending players.';
/** Empty roster. */
export const NO_ROSTER_TEXT = 'No players on this team.';
/** The profile's following teams without a team (spec 3 §8). */
export const PROFILE_NO_TEAMS_TEXT = "You're not following any teams yet";
/** /settings/following without a team, beside its team search's 'No teams found' (spec 3 §8). */
export const FOLLOWING_NO_TEAMS_TEXT = "You haven't followed any teams yet";
/** Header of the posts list. */
export const POSTS_HEADER = 'Posts';
/** Title of an empty player news page. */
export const NO_ARTICLES_TITLE = 'No Articles';
/** Search without results. */
export const NO_RESULTS_TEXT = 'No results found';
/** Hint under "No results found"; links to {@link NO_RESULTS_LINK}. */
export const NO_RESULTS_HINT = "Hey we're not perfect! Tell us who we should be following.";
/** Where the no-results hint links to. */
export const NO_RESULTS_LINK = '/contact/1';
/** Podcast pages for signed-out visitors. */
export const PODCASTS_SIGNED_OUT_TEXT = 'Sign in to follow podcasts and sync episodes across devices';
/** Success text after posting an episode comment. */
export const COMMENT_POSTED_TEXT = 'Message posted successfully!';
/** The first entry of the sport podcast dropdown. */
export const TOP_PODCASTS_LABEL = 'Top Podcasts';
/** Button that expands a first-page episode list. */
export const SHOW_ALL_EPISODES_LABEL = 'Show All Episodes';
/** Title of the page listing the other sports (topics). */
export const OTHER_SPORTS_TITLE = 'Other Sports';

/** "No podcasts for this sport." / "No podcasts for this team." */
export function noPodcastsText(scope: 'sport' | 'team'): string {
  return `No podcasts for this ${scope}.`;
}

/** "There are no recent posts for {description}". */
export function noPostsText(description: string): string {
  return `There are no recent posts for ${description}`;
}

/** 'No teams found for "{q}"'. */
export function noTeamsFoundText(q: string): string {
  return `No teams found for "${q}"`;
}

/** "You haven't hidden any {type} from your {team} feeds." (Configure screen). */
export function nothingHiddenText(type: string, teamName: string): string {
  return `You haven't hidden any ${type} from your ${teamName} feeds.`;
}

/** "There are no recent articles for {player}" (under {@link NO_ARTICLES_TITLE}). */
export function noPlayerArticlesText(playerName: string): string {
  return `There are no recent articles for ${playerName}`;
}

// ---- Titles and links (spec 2 §2) ----

/** "The Latest {sport} News" (sport news page). */
export function latestNewsTitle(sportName: string): string {
  return `The Latest ${sportName} News`;
}

/** "More {sport} News" (single article fallback). */
export function moreNewsTitle(sportName: string): string {
  return `More ${sportName} News`;
}

/** "Discover {sport} Podcasts". */
export function discoverPodcastsTitle(sportName: string): string {
  return `Discover ${sportName} Podcasts`;
}

/** "{sport} Chat". */
export function sportChatTitle(sportName: string): string {
  return `${sportName} Chat`;
}

/** "All {sport} articles" (popular page link). */
export function allArticlesLabel(sportName: string): string {
  return `All ${sportName} articles`;
}

/** "All {sport} podcasts" (popular page link). */
export function allPodcastsLabel(sportName: string): string {
  return `All ${sportName} podcasts`;
}

/** "All {player} news" (trending player card link). */
export function allPlayerNewsLabel(playerName: string): string {
  return `All ${playerName} news`;
}
