/**
 * The title row of a team feed tab (News, Popular, Videos): the heading and the team's RSS link
 * (spec 2 §1, every page with a feed shows its link). The link is the one the API names in
 * `meta.rss` of the team's articles; the News tab passes its own answer's, the other tabs read page 1
 * of the team's articles (the News tab's first page in the cache, so one read serves both), because
 * the server, not the site, owns the feed's URL.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { listTeamArticles } from '@sportspyder/core';
import { RssLink, useClient } from '@sportspyder/react';
import { useTeamContent } from './useTeamContent.js';

/** Props of {@link TeamPageTitle}. */
export interface TeamPageTitleProps {
  /** The team. */
  team: Team;
  /** The heading. */
  title: string;
  /**
   * The RSS URL from the page's own articles answer (the News tab; null while it loads); left out,
   * it is read here from page 1 of the team's articles.
   */
  rss?: string | null;
}

/** A team tab's heading with the team's RSS link. */
export function TeamPageTitle({ team, title, rss }: TeamPageTitleProps) {
  const own = rss !== undefined;
  const client = useClient();
  const firstPage = useTeamContent(
    'articles',
    { team: team.slug, page: 1 },
    () => listTeamArticles(client, { teamId: team.slug, page: 1 }),
    !own,
  );
  const href = own ? rss : firstPage.data?.meta.rss;
  return (
    <div className="ss-team-page__title-row">
      <h1 className="ss-page__title">{title}</h1>
      <RssLink href={href} feed={`${team.fullName} News`} />
    </div>
  );
}
