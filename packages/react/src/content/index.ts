/**
 * The presentational content components of spec 2: article, game, player, video, post, source and
 * podcast cards and lists, pagination, the new-items banner, empty states, summary pills, the
 * newsletter signup, hide notices and the follow button. They take data in props and apply the
 * core's rules; styles are in `content.css` beside this file.
 *
 * @example
 * ```tsx
 * import { ArticleList, Pagination } from '@sportspyder/react';
 *
 * <ArticleList articles={articles} context="team" platform="desktop" page={page} adsVisible={ads} />
 * <Pagination page={page} totalPages={totalPages} hrefFor={(p) => `?page=${p}`} />
 * ```
 * @module
 */
export * from './AdSlot.js';
export * from './ArticleCard.js';
export * from './ArticleList.js';
export * from './EmptyState.js';
export * from './ExpandableDescription.js';
export * from './FollowTeamButton.js';
export * from './GameCard.js';
export * from './GamesList.js';
export * from './HideNotice.js';
export * from './media-helpers.js';
export * from './NewItemsBanner.js';
export * from './NewsletterSignup.js';
export * from './Pagination.js';
export * from './PlayerCard.js';
export * from './PodcastBox.js';
export * from './PostCard.js';
export * from './RssLink.js';
export * from './SourceBox.js';
export * from './SubArticleList.js';
export * from './SubscribeButton.js';
export * from './SummaryPills.js';
export * from './TrendingPlayers.js';
export * from './useLiveGames.js';
export * from './useVideoEvents.js';
export * from './VideoList.js';
export * from './VideoPlayer.js';
