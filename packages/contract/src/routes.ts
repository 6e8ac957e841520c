/**
 * The route registry: every `api/v1` call with its method, path and schemas. The server registers
 * its handlers from it (validation and serialization), the OpenAPI document is written from it,
 * and the core client names its calls after it.
 * @module
 */
import { Type } from '@sinclair/typebox';
import { ErrorList } from './errors.js';
import { listEnvelope } from './pagination.js';
import type { RouteDef } from './route-def.js';
import { accountRoutes } from './routes/account.js';
import { adminModerationRoutes } from './routes/admin-moderation.js';
import { adminSourceRoutes } from './routes/admin-sources.js';
import { alertRoutes } from './routes/alerts.js';
import { billingRoutes } from './routes/billing.js';
import { chatRoutes } from './routes/chat.js';
import { chatEmbedRoutes } from './routes/chat-embed.js';
import { contentRoutes } from './routes/content.js';
import { fantasyRoutes } from './routes/fantasy.js';
import { followRoutes } from './routes/follows.js';
import { podcastRoutes } from './routes/podcasts.js';
import { searchRoutes } from './routes/search.js';
import { spoilerShieldRoutes } from './routes/spoiler-shields.js';
import { sportRoutes } from './routes/sports.js';
import { teamRoutes } from './routes/teams.js';
import { SessionResponse, SignInBody } from './session.js';
import { Sport } from './sport.js';
import { Team } from './team.js';
import { Topic } from './topic.js';
import { UserViewBody, UserViewResponse } from './views.js';

export type { HttpMethod, RouteDef } from './route-def.js';

const IdOrSlug = Type.Object({ id: Type.String({ minLength: 1, maxLength: 120 }) });
const Includes = Type.Object({ includes: Type.Optional(Type.String({ maxLength: 200 })) });

/** The sports list, with teams in their divisions/conferences when `includes=teams`. */
export const SportList = listEnvelope('sports', Sport);
/** The teams list (the client keys it by slug). */
export const TeamList = listEnvelope('teams', Team);
/** The topics list. */
export const TopicList = listEnvelope('topics', Topic);

// The issue-2 operations (names, urls and shapes are fixed: the server and core code against them).
const foundationRoutes = {
  getSession: {
    method: 'GET',
    url: '/api/v1/session',
    tag: 'session',
    summary: 'Reads the session: who is signed in, the version and the experiment.',
    response: { 200: SessionResponse },
  },
  signIn: {
    method: 'POST',
    url: '/api/v1/session',
    tag: 'session',
    summary: 'Signs in with username (e-mail), password and the device hash; rotates the session cookie.',
    body: SignInBody,
    response: { 200: SessionResponse, 422: ErrorList, 429: ErrorList },
  },
  signOut: {
    method: 'DELETE',
    url: '/api/v1/session',
    tag: 'session',
    summary: 'Signs out: ends the server session and clears the cookie.',
    response: { 200: SessionResponse },
  },
  listSports: {
    method: 'GET',
    url: '/api/v1/sports',
    tag: 'sports',
    summary: 'Lists the sports; `includes=teams` nests the teams in divisions and conferences.',
    querystring: Includes,
    response: { 200: SportList },
  },
  getSport: {
    method: 'GET',
    url: '/api/v1/sports/:id',
    tag: 'sports',
    summary: 'Reads one sport by slug or id, with its divisions/conferences and teams.',
    params: IdOrSlug,
    querystring: Includes,
    response: { 200: Type.Object({ sport: Sport }), 404: ErrorList },
  },
  listTeams: {
    method: 'GET',
    url: '/api/v1/teams',
    tag: 'teams',
    summary: 'Lists every team of every sport (the client keys them by slug).',
    querystring: Type.Object({ sport: Type.Optional(Type.String({ maxLength: 60 })) }),
    response: { 200: TeamList },
  },
  getTeam: {
    method: 'GET',
    url: '/api/v1/teams/:teamId',
    tag: 'teams',
    summary:
      'Reads one team by slug or id; a legacy slug follows its renames and `redirectedFrom` names the slug asked for.',
    params: Type.Object({ teamId: Type.String({ minLength: 1, maxLength: 120 }) }),
    response: {
      200: Type.Object({ team: Team, redirectedFrom: Type.Optional(Type.String()) }),
      404: ErrorList,
    },
  },
  listTopics: {
    method: 'GET',
    url: '/api/v1/topics',
    tag: 'topics',
    summary: 'Lists the topics (other sports) for the More menu.',
    response: { 200: TopicList },
  },
  createUserView: {
    method: 'POST',
    url: '/api/v1/user/views',
    tag: 'tracking',
    summary: 'Records a page view.',
    body: UserViewBody,
    response: { 201: UserViewResponse, 422: ErrorList },
  },
} as const satisfies Record<string, RouteDef>;

/**
 * Every `api/v1` route, by operation name: the server registers its handlers from it and the
 * OpenAPI document (`docs/openapi.json`) is written from it.
 *
 * @example
 * ```ts
 * const { method, url, body, response } = routes.signIn;
 * ```
 */
export const routes = {
  ...foundationRoutes,
  ...sportRoutes,
  ...teamRoutes,
  ...contentRoutes,
  ...podcastRoutes,
  ...searchRoutes,
  ...chatRoutes,
  ...chatEmbedRoutes,
  ...accountRoutes,
  ...followRoutes,
  ...fantasyRoutes,
  ...billingRoutes,
  ...adminSourceRoutes,
  ...adminModerationRoutes,
  ...alertRoutes,
  ...spoilerShieldRoutes,
} as const satisfies Record<string, RouteDef>;

/** The name of an API operation. */
export type RouteName = keyof typeof routes;
