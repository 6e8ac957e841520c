/**
 * Teams (spec 1 §3 "Team", spec 2 §3), keyed by slug on the client.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** A team of a sport. `teamId` equals `id` (kept for the spec's field list). */
export const Team = Type.Object({
  id: Type.Integer(),
  teamId: Type.Integer(),
  slug: Type.String(),
  name: Type.String({ description: 'Nickname, e.g. "Packers".' }),
  fullName: Type.String({ description: 'Full name, e.g. "Green Bay Packers".' }),
  shortName: Type.String({ description: 'Abbreviation, e.g. "GB".' }),
  meta: Type.String({ description: 'A short line shown under the name (division or conference).' }),
  sport: Type.String({ description: 'The sport slug.' }),
  logo: Type.String({ description: 'URL of the team logo.' }),
  count: Type.Integer({ description: 'Articles filed under the team in the last day.' }),
  sportId: Type.Integer(),
  divisionId: Type.Union([Type.Integer(), Type.Null()]),
  conferenceId: Type.Union([Type.Integer(), Type.Null()]),
  location: Type.String({ description: 'City or school, shown instead of the name for college teams.' }),
  sportSlug: Type.String(),
  sportName: Type.String(),
  description: Nullable(Type.String()),
  twitterAccount: Nullable(Type.String()),
  sendtonewsKey: Nullable(Type.String()),
  snackKey: Nullable(Type.String()),
  listId: Nullable(Type.String()),
  podcastsEnabled: Type.Boolean(),
  summarize: Type.Boolean(),
  iconColor: Type.String({ description: 'Primary team colour as #rrggbb.' }),
});
/** A team of a sport. */
export type Team = Static<typeof Team>;
