/**
 * The signed-in member's follows, hides, custom feeds and settings lists (spec 2 §7 "Follow and
 * hide", spec 3 §7 "Settings data"). All answer 401 when signed out.
 * @module
 */
import { Type } from '@sinclair/typebox';
import { FollowingTeamCreateBody, FollowingTeamsOrderBody } from '../account.js';
import {
  ArticleList,
  ArticleViewList,
  CustomFeedList,
  FollowingTeamList,
  HiddenPodcastList,
  HiddenSourceList,
  PodcastEpisodeList,
  PodcastFollowList,
  PodcastList,
  SourceFollowList,
  SourceList,
} from '../lists.js';
import { HiddenPodcastBody, PodcastFollowBody } from '../podcast.js';
import {
  CustomFeedResponse,
  FollowingTeamResponse,
  HiddenPodcastResponse,
  HiddenSourceResponse,
  PodcastFollowResponse,
  SourceFollowResponse,
} from '../responses.js';
import { errorResponses, idParams, pagedQuery, type RouteDef, slugParams } from '../route-def.js';
import { HiddenSourceBody, SourceFollowBody } from '../source.js';

// DELETE of follows and hides goes to `.../x` with the same body as the create (spec 2 §7);
// a numeric id is accepted too.
const followIdParams = Type.Object({ id: Type.String({ pattern: '^(x|[1-9][0-9]*)$', maxLength: 10 }) });

/** Routes under `/api/v1/profile` for follows, hides, custom feeds and the settings lists. */
export const followRoutes = {
  listFollowingTeams: {
    method: 'GET',
    url: '/api/v1/profile/following_teams',
    tag: 'follows',
    summary: "Lists the member's followed teams in the member's order.",
    response: { 200: FollowingTeamList, ...errorResponses(401) },
  },
  createFollowingTeam: {
    method: 'POST',
    url: '/api/v1/profile/following_teams',
    tag: 'follows',
    summary: 'Follows a team.',
    body: FollowingTeamCreateBody,
    response: { 201: FollowingTeamResponse, ...errorResponses(401, 403, 404, 422) },
  },
  reorderFollowingTeams: {
    method: 'PUT',
    url: '/api/v1/profile/following_teams',
    tag: 'follows',
    summary: 'Saves the order of the followed teams (`faveIds`: team ids); the top ones go in the recap.',
    body: FollowingTeamsOrderBody,
    response: { 200: FollowingTeamList, ...errorResponses(401, 403, 422) },
  },
  deleteFollowingTeam: {
    method: 'DELETE',
    url: '/api/v1/profile/following_teams/:id',
    tag: 'follows',
    summary: 'Stops following a team (by the following id).',
    params: idParams('id'),
    response: { 200: FollowingTeamResponse, ...errorResponses(401, 403, 404) },
  },
  listCustomFeeds: {
    method: 'GET',
    url: '/api/v1/profile/custom_feeds',
    tag: 'follows',
    summary: "Lists the member's custom feed configuration of every followed team.",
    response: { 200: CustomFeedList, ...errorResponses(401) },
  },
  getCustomFeed: {
    method: 'GET',
    url: '/api/v1/profile/custom_feeds/:id',
    tag: 'follows',
    summary: 'Reads the custom feed configuration of one team or sport (by slug).',
    params: slugParams('id'),
    querystring: Type.Object({
      type: Type.Optional(Type.Union([Type.Literal('sources'), Type.Literal('podcasts')])),
    }),
    response: { 200: CustomFeedResponse, ...errorResponses(401, 404) },
  },
  listSourceFollows: {
    method: 'GET',
    url: '/api/v1/profile/source_follows',
    tag: 'follows',
    summary: "Lists the member's source follows.",
    response: { 200: SourceFollowList, ...errorResponses(401) },
  },
  createSourceFollow: {
    method: 'POST',
    url: '/api/v1/profile/source_follows',
    tag: 'follows',
    summary: 'Subscribes to a source.',
    body: SourceFollowBody,
    response: { 201: SourceFollowResponse, ...errorResponses(401, 403, 404, 422) },
  },
  deleteSourceFollow: {
    method: 'DELETE',
    url: '/api/v1/profile/source_follows/:id',
    tag: 'follows',
    summary: 'Unsubscribes from a source (`:id` is `x`; the body names the source).',
    params: followIdParams,
    body: SourceFollowBody,
    response: { 200: SourceFollowResponse, ...errorResponses(401, 403, 404, 422) },
  },
  listHiddenSources: {
    method: 'GET',
    url: '/api/v1/profile/hidden_sources',
    tag: 'follows',
    summary: 'Lists the sources the member hid from team feeds.',
    response: { 200: HiddenSourceList, ...errorResponses(401) },
  },
  createHiddenSource: {
    method: 'POST',
    url: '/api/v1/profile/hidden_sources',
    tag: 'follows',
    summary: "Hides a source from a team's feed.",
    body: HiddenSourceBody,
    response: { 201: HiddenSourceResponse, ...errorResponses(401, 403, 404, 422) },
  },
  deleteHiddenSource: {
    method: 'DELETE',
    url: '/api/v1/profile/hidden_sources/:id',
    tag: 'follows',
    summary: "Shows a hidden source again in a team's feed (`:id` is `x`; the body names source and team).",
    params: followIdParams,
    body: HiddenSourceBody,
    response: { 200: HiddenSourceResponse, ...errorResponses(401, 403, 404, 422) },
  },
  listPodcastFollows: {
    method: 'GET',
    url: '/api/v1/profile/podcast_follows',
    tag: 'follows',
    summary: "Lists the member's podcast follows.",
    response: { 200: PodcastFollowList, ...errorResponses(401) },
  },
  createPodcastFollow: {
    method: 'POST',
    url: '/api/v1/profile/podcast_follows',
    tag: 'follows',
    summary: 'Follows a podcast.',
    body: PodcastFollowBody,
    response: { 201: PodcastFollowResponse, ...errorResponses(401, 403, 404, 422) },
  },
  deletePodcastFollow: {
    method: 'DELETE',
    url: '/api/v1/profile/podcast_follows/:id',
    tag: 'follows',
    summary: 'Unfollows a podcast (`:id` is `x`; the body names the podcast).',
    params: followIdParams,
    body: PodcastFollowBody,
    response: { 200: PodcastFollowResponse, ...errorResponses(401, 403, 404, 422) },
  },
  listHiddenPodcasts: {
    method: 'GET',
    url: '/api/v1/profile/hidden_podcasts',
    tag: 'follows',
    summary: 'Lists the podcasts the member hid from team feeds.',
    response: { 200: HiddenPodcastList, ...errorResponses(401) },
  },
  createHiddenPodcast: {
    method: 'POST',
    url: '/api/v1/profile/hidden_podcasts',
    tag: 'follows',
    summary: "Hides a podcast from a team's feed.",
    body: HiddenPodcastBody,
    response: { 201: HiddenPodcastResponse, ...errorResponses(401, 403, 404, 422) },
  },
  deleteHiddenPodcast: {
    method: 'DELETE',
    url: '/api/v1/profile/hidden_podcasts/:id',
    tag: 'follows',
    summary: "Shows a hidden podcast again in a team's feed (`:id` is `x`; the body names podcast and team).",
    params: followIdParams,
    body: HiddenPodcastBody,
    response: { 200: HiddenPodcastResponse, ...errorResponses(401, 403, 404, 422) },
  },
  listProfileSourceArticles: {
    method: 'GET',
    url: '/api/v1/profile/source_articles',
    tag: 'follows',
    summary:
      'Lists the latest articles of the sources the member follows (My Sources, latest tab; 13 per page).',
    querystring: pagedQuery(13),
    response: { 200: ArticleList, ...errorResponses(401) },
  },
  listProfileSources: {
    method: 'GET',
    url: '/api/v1/profile/sources',
    tag: 'follows',
    summary: 'Lists the sources the member follows (My Sources, subscribed tab).',
    querystring: pagedQuery(25),
    response: { 200: SourceList, ...errorResponses(401) },
  },
  listProfileArticleViews: {
    method: 'GET',
    url: '/api/v1/profile/article_views',
    tag: 'follows',
    summary: 'Lists the articles the member read recently (My Sources, reads tab).',
    querystring: pagedQuery(25),
    response: { 200: ArticleViewList, ...errorResponses(401) },
  },
  listProfilePodcastEpisodes: {
    method: 'GET',
    url: '/api/v1/profile/podcast_episodes',
    tag: 'follows',
    summary:
      'Lists the latest episodes of the podcasts the member follows (My Podcasts, latest tab; 25 per page).',
    querystring: pagedQuery(25),
    response: { 200: PodcastEpisodeList, ...errorResponses(401) },
  },
  listProfilePodcasts: {
    method: 'GET',
    url: '/api/v1/profile/podcasts',
    tag: 'follows',
    summary: 'Lists the podcasts the member follows (`type=following`) or listened to (`type=listens`).',
    querystring: pagedQuery(25, {
      type: Type.Optional(
        Type.Union([Type.Literal('following'), Type.Literal('subscribed'), Type.Literal('listens')]),
      ),
    }),
    response: { 200: PodcastList, ...errorResponses(401) },
  },
} as const satisfies Record<string, RouteDef>;
