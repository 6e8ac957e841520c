/**
 * Sports, their divisions (pro leagues) and conferences (college sports), spec 1 §3 and spec 2 §3.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Team } from './team.js';

/** A division of a pro league. Division 56 is unnamed (shown as a dash); 50 is titled "Teams" on mobile. */
export const Division = Type.Object({
  id: Type.Integer(),
  sportId: Type.Integer(),
  name: Type.String(),
  teams: Type.Optional(Type.Array(Team)),
});
/** A division of a pro league. */
export type Division = Static<typeof Division>;

/** A conference of a college sport; the navigation groups college teams by conference. */
export const Conference = Type.Object({
  id: Type.Integer(),
  sportId: Type.Integer(),
  name: Type.String(),
  shortName: Type.Optional(Type.String()),
  teams: Type.Optional(Type.Array(Team)),
});
/** A conference of a college sport. */
export type Conference = Static<typeof Conference>;

/** A sport (league), keyed by slug on the client: nfl, nba, mlb, nhl, mls, wnba, premier-league, mcb, cf. */
export const Sport = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  logo: Type.String(),
  isCollege: Type.Boolean(),
  twitterAccount: Type.Union([Type.String(), Type.Null()]),
  sendtonewsKey: Type.Union([Type.String(), Type.Null()]),
  snackKey: Type.Union([Type.String(), Type.Null()]),
  divisions: Type.Optional(Type.Array(Division)),
  conferences: Type.Optional(Type.Array(Conference)),
});
/** A sport (league). */
export type Sport = Static<typeof Sport>;
