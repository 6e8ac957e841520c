/**
 * Whether an article has a picture of its own, the one rule every article view applies (the site's
 * cards and the headline embed): a card with a picture shows it as a thumbnail; a card without one
 * gets the compact text layout with a small mark, never a logo blown up to thumbnail size.
 * @module
 */

/** Path prefix of the site's own generated marks (team shields, sport roundels): logos, not pictures. */
export const SITE_LOGO_PATH = '/logos/';

/** What {@link articlePicture} and {@link articleMark} read of an article. */
export interface ArticleWithPicture {
  articleImage?: { url?: string | null } | null;
  teams?: readonly { logo?: string | null }[];
}

/**
 * The article's own picture, or null when it has none. A logo is not a picture of the story: feeds
 * without photos often carry the team's logo as the item's image (the demo data does for every
 * item), and shown at thumbnail size it turns a feed into a wall of giant letters. So an image that
 * is one of the site's generated marks (`/logos/...`) or the logo of a team the article is tagged
 * with counts as none. An empty URL counts as none too (an `<img src="">` requests the page itself).
 *
 * @example
 * ```ts
 * articlePicture({ articleImage: { url: 'https://cdn.example/photo.jpg' }, teams: [] }); // the photo
 * articlePicture({ articleImage: { url: '/logos/teams/green-bay-packers.svg' }, teams: [] }); // null
 * ```
 */
export function articlePicture(article: ArticleWithPicture): string | null {
  const url = article.articleImage?.url;
  if (!url) return null;
  if (url.startsWith(SITE_LOGO_PATH)) return null;
  // A tagged team's logo, as given or made absolute (a site-relative logo at the end of a full URL).
  if (article.teams?.some((team) => team.logo && url.endsWith(team.logo))) return null;
  return url;
}

/**
 * The small mark a picture-less card shows beside its headline: the logo of the first team the
 * article is tagged with, or null (an untagged article is text alone).
 */
export function articleMark(article: ArticleWithPicture): string | null {
  return article.teams?.find((team) => team.logo)?.logo || null;
}
