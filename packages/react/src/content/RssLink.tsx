/**
 * The RSS link of a feed page (spec 2 §1: "RSS links on feeds are offered"): the small orange "RSS"
 * badge beside a page's title, pointing at the URL the API names in the list's `meta.rss`. Every
 * page with a feed shows it through this one component (sport, team, player, source, topic, fantasy,
 * user news and search), so it looks and reads the same everywhere; nothing shows without a URL.
 * @module
 */

/** Props of {@link RssLink}. */
export interface RssLinkProps {
  /** The feed's URL (`meta.rss` of the answer); nothing is rendered without one. */
  href: string | null | undefined;
  /** What the feed is, for the link's title: "{feed} RSS feed". */
  feed: string;
}

/**
 * The RSS badge of a feed.
 *
 * @example
 * ```tsx
 * <RssLink href={articles.data?.meta.rss} feed="Green Bay Packers News" />
 * ```
 */
export function RssLink({ href, feed }: RssLinkProps) {
  if (!href) return null;
  return (
    <a className="ss-rss-link" href={href} title={`${feed} RSS feed`} type="application/rss+xml">
      RSS
    </a>
  );
}
