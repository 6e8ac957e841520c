/**
 * Fantasy teams and their rosters (spec 2 §3, spec 3 §3 and §7 "Fantasy").
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Id, Nullable, PageNumber, UserRef } from './common.js';

/** Sports a fantasy team can be for: 1 MLB, 2 NFL, 3 NBA, 4 NHL (default 1). */
export const FantasySportId = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
]);
/** Sports a fantasy team can be for. */
export type FantasySportId = Static<typeof FantasySportId>;

/** A player on a fantasy team's roster. */
export const RosterEntry = Type.Object({
  id: Id,
  playerId: Id,
  name: Type.String(),
  position: Nullable(Type.String({ description: 'Position abbreviation.' })),
  fantasyTeamId: Id,
  positionId: Nullable(Id),
});
/** A player on a fantasy team's roster. */
export type RosterEntry = Static<typeof RosterEntry>;

/** A fantasy team with its roster. */
export const FantasyTeam = Type.Object({
  id: Id,
  name: Type.String(),
  fullName: Type.String(),
  logo: Nullable(Type.String()),
  meta: Nullable(Type.String()),
  count: Type.Integer({ minimum: 0, description: 'Articles about its players in the last day.' }),
  sportId: Id,
  sportSlug: Type.String(),
  sport: Type.String({ description: 'Sport name.' }),
  user: UserRef,
  rosters: Type.Array(RosterEntry),
});
/** A fantasy team. */
export type FantasyTeam = Static<typeof FantasyTeam>;

/** `POST api/v1/profile/fantasy_teams` body: the name is required, the sport is 1..4. */
export const FantasyTeamCreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
  sportId: FantasySportId,
});
/** `POST api/v1/profile/fantasy_teams` body. */
export type FantasyTeamCreateBody = Static<typeof FantasyTeamCreateBody>;

/** `PUT api/v1/profile/fantasy_teams/:id` body: rename. */
export const FantasyTeamUpdateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
});
/** `PUT api/v1/profile/fantasy_teams/:id` body. */
export type FantasyTeamUpdateBody = Static<typeof FantasyTeamUpdateBody>;

/** `POST api/v1/profile/fantasy_teams/:fantasyTeamId/rosters` body. */
export const RosterCreateBody = Type.Object({ playerId: Id, positionId: Type.Optional(Nullable(Id)) });
/** `POST api/v1/profile/fantasy_teams/:fantasyTeamId/rosters` body. */
export type RosterCreateBody = Static<typeof RosterCreateBody>;

/** `GET api/v1/search/fantasy_players` query. */
export const FantasyPlayerQuery = Type.Object({
  sportId: FantasySportId,
  q: Type.Optional(Type.String({ maxLength: 100 })),
  teamId: Type.Optional(Id),
  positionId: Type.Optional(Id),
  page: Type.Optional(PageNumber),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
/** `GET api/v1/search/fantasy_players` query. */
export type FantasyPlayerQuery = Static<typeof FantasyPlayerQuery>;

/** `POST api/v1/profile/fantasy_teams` answer: `fantasyTeams[0]` is the new team (spec 3 §7). */
export const FantasyTeamCreateResponse = Type.Object({
  fantasyTeams: Type.Array(FantasyTeam, { minItems: 1, maxItems: 1 }),
});
/** `POST api/v1/profile/fantasy_teams` answer. */
export type FantasyTeamCreateResponse = Static<typeof FantasyTeamCreateResponse>;
