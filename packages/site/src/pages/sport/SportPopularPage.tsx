/**
 * The sport popular page (/sports/:sportId, spec 2 §2 and §9): the sport feed cut by core's
 * `sportPopularLayout` into one lead article, groups of 2, 2, 2, 3, 2 (3, 2, 2, 3, 2 in the full-width
 * ad layout of the `fullWidthAds` flag, on everywhere, with a full-width ad row after groups of the
 * core's `popular` slot row), trending players (max 6), big and small podcast episodes, videos (max 5)
 * and the links to all articles and podcasts; the sport's chat under the lead (hero) story. The layout follows the flag alone, not the member's ad
 * state, so the groups never re-slice when the session arrives; the articles wait for the ad decision.
 * @module
 */
import {
  adSlots,
  allArticlesLabel,
  allPodcastsLabel,
  FEATURE_FLAGS,
  getSportFeed,
  hasRecapVideo,
  sportPopularLayout,
} from '@sportspyder/core';
import {
  AdSlot,
  ArticleCard,
  TrendingPlayers,
  useClient,
  useLinkComponent,
  VideoList,
} from '@sportspyder/react';
import { Fragment } from 'react';
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { LazyChatPanel } from '../chat/LazyChatPanel.js';
import type { SportOutletContext } from '../SportLayout.js';
import { EpisodeLinks } from './EpisodeLinks.js';
import { useContent } from './useContent.js';
import { useListSettings } from './useListSettings.js';
import './sport.css';

/** The sport popular page. */
export function SportPopularPage() {
  const { sport } = useOutletContext<SportOutletContext>();
  const client = useClient();
  const Link = useLinkComponent();
  const { linksInNewWindow, adsVisible, platform } = useListSettings();
  useDocumentTitle(`${sport.name} News, Podcasts and Players`);
  const feed = useContent('sport-feed', { sport: sport.slug }, () =>
    getSportFeed(client, { sportId: sport.slug }),
  );
  const data = feed.data?.feed;
  // The articles wait for the ad decision (null while the session loads): no row appears between them later.
  const layout =
    data && adsVisible !== null
      ? sportPopularLayout({ ...data, fullWidthAds: FEATURE_FLAGS.fullWidthAds })
      : null;
  const adRows = new Set(adsVisible ? adSlots({ list: 'popular', platform }) : []);
  return (
    <article className="ss-page ss-popular">
      <h1 className="ss-page__title">Popular {sport.name} News</h1>
      <div className="ss-popular__columns">
        <div className="ss-popular__main">
          {feed.status === 'error' && !data && (
            <p className="ss-page__description">
              The {sport.name} news could not be loaded. Try again later.
            </p>
          )}
          {!layout && feed.status !== 'error' && <p className="ss-loading-text">Loading…</p>}
          {layout?.lead && (
            <section className="ss-popular__lead" aria-label="Lead story">
              <ArticleCard article={layout.lead} linksInNewWindow={linksInNewWindow} headingLevel={2} />
            </section>
          )}
          {/* The sport's chat under the hero story, at the short height (spec 3 §2, §9). */}
          {layout?.lead && (
            <LazyChatPanel
              place={{ kind: 'sport', sportSlug: sport.slug }}
              scope={{ sportId: sport.slug }}
              variant="short"
              label={`${sport.name} chat`}
            />
          )}
          {layout?.groups.map((group, index) => (
            <Fragment key={group[0]?.id}>
              <div className="ss-popular__group ss-card-grid">
                {group.map((article) => (
                  <ArticleCard
                    key={article.id}
                    article={article}
                    linksInNewWindow={linksInNewWindow}
                    headingLevel={2}
                  />
                ))}
              </div>
              {adRows.has(index) && <AdSlot list="popular" platform={platform} slot={index} />}
            </Fragment>
          ))}
          {layout && (layout.bigEpisodes.length > 0 || layout.smallEpisodes.length > 0) && (
            <section className="ss-card" aria-labelledby="popular-episodes">
              <h2 id="popular-episodes" className="ss-card__title">
                Podcast Episodes
              </h2>
              <EpisodeLinks episodes={layout.bigEpisodes} big />
              <EpisodeLinks episodes={layout.smallEpisodes} />
            </section>
          )}
          {layout && layout.videos.length > 0 && (
            <section className="ss-card" aria-labelledby="popular-videos">
              <h2 id="popular-videos" className="ss-card__title">
                {hasRecapVideo(sport.slug) ? `${sport.name} Recaps and Videos` : 'Videos'}
              </h2>
              <VideoList videos={layout.videos} context={{ ctype: 'Sport', cid: sport.id }} />
            </section>
          )}
          <nav className="ss-popular__links" aria-label={`More ${sport.name}`}>
            <Link href={`/sports/${sport.slug}/news`}>{allArticlesLabel(sport.name)}</Link>
            <Link href={`/sports/${sport.slug}/podcasts`}>{allPodcastsLabel(sport.name)}</Link>
          </nav>
        </div>
        <aside className="ss-popular__sidebar">
          {layout && <TrendingPlayers players={layout.players} />}
        </aside>
      </div>
    </article>
  );
}
