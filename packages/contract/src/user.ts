/**
 * The signed-in member as the session carries it (spec 1 §3 "User").
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';

/** The PRO states of spec 3 §4: trial, comp, paid, or empty (trial expired / never PRO). */
export const ProState = Type.Union([
  Type.Literal('trial'),
  Type.Literal('comp'),
  Type.Literal('paid'),
  Type.Literal(''),
]);
/** The PRO state. */
export type ProState = Static<typeof ProState>;

/** A team the member follows, in the member's order. */
export const FollowingTeam = Type.Object({ id: Type.Integer(), teamId: Type.Integer() });
/** A team the member follows. */
export type FollowingTeam = Static<typeof FollowingTeam>;

/** A fantasy team summary as listed on the session user. */
export const FantasyTeamSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sportId: Type.Integer(),
  sportSlug: Type.String(),
});
/** A fantasy team summary. */
export type FantasyTeamSummary = Static<typeof FantasyTeamSummary>;

/** Server-side listening data merged into the device's local player memory on the first session read. */
export const PodcastListens = Type.Object({
  recents: Type.Array(Type.Object({ id: Type.Integer(), time: Type.Number() })),
  completed: Type.Array(Type.Integer()),
  times: Type.Record(Type.String(), Type.Number()),
  episode: Type.Union([Type.Integer(), Type.Null()]),
});
/** Server-side listening data. */
export type PodcastListens = Static<typeof PodcastListens>;

/** The member. */
export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  displayName: Type.Union([Type.String(), Type.Null()]),
  linksInNewWindow: Type.Boolean(),
  notificationsCount: Type.Integer({ minimum: 0 }),
  admin: Type.Boolean(),
  pro: Type.Boolean(),
  proState: ProState,
  proDaysLeft: Type.Union([Type.Integer(), Type.Null()]),
  proSince: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  api: Type.Boolean(),
  chatColor: Type.String(),
  chatProBadge: Type.Boolean(),
  chatProfanityFilter: Type.Boolean(),
  chatAcceptedRules: Type.Boolean(),
  chatHidden: Type.Boolean(),
  fantasyTeams: Type.Array(FantasyTeamSummary),
  followingTeams: Type.Array(FollowingTeam),
  suggestedTeams: Type.Array(Type.Integer()),
  podcastListens: PodcastListens,
});
/** The member. */
export type User = Static<typeof User>;
