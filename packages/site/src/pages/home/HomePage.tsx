/**
 * The home page (/, spec 2 §2 "Home"): the hero "What's Happening in Sports Right Now" with the
 * team picker and "How it works", Today's Top Stories (a lead article, side-by-side articles and
 * thumbnails, then episodes, cut by core's `homeLayout`) and a block per sport with its top
 * articles and episodes. Ads sit after sections 0, 2 and 4 (mobile 0, 2, 4, 6), full width (728×90)
 * on desktop, once the ad decision is known (never while the session loads); the first one sits
 * below Today's Top Stories' reserved height, out of the first screen, so its arrival moves nothing
 * in view. Featured episodes follow the full-width ad layout (3).
 * @module
 */
import type { Sport } from '@sportspyder/contract';
import {
  adSlots,
  FEATURE_FLAGS,
  getSportFeed,
  getTopStories,
  homeLayout,
  interleaveAds,
} from '@sportspyder/core';
import { AdSlot, ArticleCard, useClient, useLinkComponent } from '@sportspyder/react';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { useDeferredReference } from '../../hooks/useDeferredReference.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { EpisodeLinks } from '../sport/EpisodeLinks.js';
import { useContent } from '../sport/useContent.js';
import { useListSettings } from '../sport/useListSettings.js';
import { TeamPicker } from './TeamPicker.js';
import './home.css';

/** How many sports get a block on the home page (each block is one feed request). */
export const HOME_SPORT_BLOCKS = 4;
/** Articles shown in a sport's block. */
export const HOME_BLOCK_ARTICLES = 4;
/** Episodes shown in a sport's block. */
export const HOME_BLOCK_EPISODES = 3;

/** Today's Top Stories. */
function TopStories({ linksInNewWindow }: { linksInNewWindow: boolean }) {
  const client = useClient();
  const stories = useContent('top-stories', {}, () => getTopStories(client));
  const data = stories.data?.topStories;
  const layout = useMemo(
    () =>
      data
        ? homeLayout({
            articles: data.articles,
            episodes: data.episodes,
            fullWidthAds: FEATURE_FLAGS.fullWidthAds,
          })
        : null,
    [data],
  );
  // The first screen (lead and side-by-side articles) renders with the response; the thumbnails and
  // episodes below it follow in a deferred, interruptible render (issue 4: no long task after load).
  const below = useDeferredValue(layout);
  const [sideBySide = []] = layout?.groups ?? [];
  const thumbnails = below?.groups.slice(1).flat() ?? [];
  return (
    <section className="ss-card ss-top-stories" aria-labelledby="home-top-stories">
      <h2 id="home-top-stories" className="ss-card__title">
        Today's Top Stories
      </h2>
      {!layout && stories.status !== 'error' && <p className="ss-loading-text">Loading…</p>}
      {stories.status === 'error' && !layout && (
        <p className="ss-page__description">The top stories could not be loaded. Try again later.</p>
      )}
      {layout?.lead && (
        <div className="ss-top-stories__lead">
          <ArticleCard article={layout.lead} linksInNewWindow={linksInNewWindow} />
        </div>
      )}
      {sideBySide.length > 0 && (
        <div className="ss-top-stories__side ss-card-grid">
          {sideBySide.map((article) => (
            <ArticleCard key={article.id} article={article} linksInNewWindow={linksInNewWindow} />
          ))}
        </div>
      )}
      {thumbnails.length > 0 && (
        <div className="ss-top-stories__thumbs ss-card-thumbs">
          {thumbnails.map((article) => (
            <ArticleCard key={article.id} article={article} linksInNewWindow={linksInNewWindow} />
          ))}
        </div>
      )}
      {below && (
        <>
          <EpisodeLinks episodes={below.bigEpisodes} big />
          <EpisodeLinks episodes={below.smallEpisodes} />
        </>
      )}
    </section>
  );
}

/** One sport's block: its top articles and episodes from the sport feed. */
function SportBlock({ sport, linksInNewWindow }: { sport: Sport; linksInNewWindow: boolean }) {
  const client = useClient();
  const Link = useLinkComponent();
  // Below the first screen: the block renders its feed in a deferred, interruptible render rather
  // than in the synchronous update of the cache (issue 4: no long task after load).
  const feed = useDeferredValue(
    useContent('sport-feed', { sport: sport.slug }, () => getSportFeed(client, { sportId: sport.slug })),
  );
  const articles = feed.data?.feed.articles.slice(0, HOME_BLOCK_ARTICLES) ?? [];
  const episodes = feed.data?.feed.episodes.slice(0, HOME_BLOCK_EPISODES) ?? [];
  const headingId = `home-sport-${sport.slug}`;
  return (
    <section className="ss-card ss-home-sport" aria-labelledby={headingId}>
      <header className="ss-home-sport__header">
        <img src={sport.logo} alt="" width={28} height={28} />
        <h2 id={headingId} className="ss-card__title">
          <Link href={`/sports/${sport.slug}`}>{sport.name}</Link>
        </h2>
        <Link className="ss-home-sport__more" href={`/sports/${sport.slug}/news`}>
          More {sport.name} News
        </Link>
      </header>
      {feed.status === 'success' && articles.length === 0 && (
        <p className="ss-page__description">No {sport.name} stories yet.</p>
      )}
      <div className="ss-home-sport__articles ss-card-thumbs">
        {articles.map((article) => (
          <ArticleCard key={article.id} article={article} linksInNewWindow={linksInNewWindow} />
        ))}
      </div>
      <EpisodeLinks episodes={episodes} />
    </section>
  );
}

/** The home page. */
export function HomePage() {
  useDocumentTitle('Sports News, Podcasts and Chat');
  const { sports } = useDeferredReference();
  const Link = useLinkComponent();
  const { platform, adsVisible, linksInNewWindow } = useListSettings();
  const sections: { key: string; node: ReactNode }[] = [
    { key: 'top-stories', node: <TopStories linksInNewWindow={linksInNewWindow} /> },
    ...sports.slice(0, HOME_SPORT_BLOCKS).map((sport) => ({
      key: sport.slug,
      node: <SportBlock sport={sport} linksInNewWindow={linksInNewWindow} />,
    })),
  ];
  const entries = interleaveAds(sections, adsVisible ? adSlots({ list: 'home', platform }) : []);
  return (
    <article className="ss-page ss-home">
      <header className="ss-home__hero">
        <h1 className="ss-home__title">What's Happening in Sports Right Now</h1>
        <p className="ss-home__lead">
          News, videos, podcasts and posts for every team, gathered from thousands of sources.
        </p>
        <div className="ss-home__actions">
          <TeamPicker sports={sports} />
          <Link className="ss-button ss-home__how" href="/about/features">
            How it works
          </Link>
        </div>
      </header>
      {entries.map((entry) =>
        entry.kind === 'item' ? (
          <div key={entry.item.key}>{entry.item.node}</div>
        ) : (
          <AdSlot key={`ad-${entry.slot}`} list="home" platform={platform} slot={entry.slot} />
        ),
      )}
    </article>
  );
}
