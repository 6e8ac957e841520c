/**
 * The parts of ESPN's site API answers the adapter reads, as TypeBox schemas: every answer and every
 * element of its lists is checked before it is used, so a changed or broken answer is skipped and counted
 * instead of crashing a sync or writing half a roster. Only the fields we read are required; the rest of
 * ESPN's (large) answers is allowed and ignored. The shapes are those of the fixtures in
 * `__tests__/fixtures/` (real answers, sources in their README).
 * @module
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

const Id = Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Integer()]);
const Text = (max = 200) => Type.String({ maxLength: max });
/** A field ESPN may leave out or send as null (a roster's `jersey`, a record stat's `value`). */
const Opt = <S extends TSchema>(schema: S) => Type.Optional(Type.Union([schema, Type.Null()]));

/** A team in `…/teams` (`sports[].leagues[].teams[].team`) and in rosters and scoreboards. */
export const EspnTeam = Type.Object({
  id: Id,
  displayName: Type.String({ minLength: 1, maxLength: 200 }),
  abbreviation: Opt(Text(20)),
  location: Opt(Text()),
  name: Opt(Text()),
  slug: Opt(Text()),
});
export type EspnTeam = Static<typeof EspnTeam>;

/** The answer of `…/teams`. */
export const EspnTeamsAnswer = Type.Object({
  sports: Type.Array(
    Type.Object({
      leagues: Type.Array(Type.Object({ teams: Type.Array(Type.Object({ team: Type.Unknown() })) })),
    }),
    { minItems: 1 },
  ),
});

/** One athlete of `…/teams/{id}/roster`. */
export const EspnAthlete = Type.Object({
  id: Id,
  fullName: Type.String({ minLength: 1, maxLength: 200 }),
  jersey: Opt(Text(10)),
  position: Opt(Type.Object({ abbreviation: Opt(Text(20)), name: Opt(Text()) })),
  headshot: Opt(Type.Object({ href: Opt(Text(1000)) })),
  injuries: Opt(Type.Array(Type.Object({ status: Opt(Text()) }))),
});
export type EspnAthlete = Static<typeof EspnAthlete>;

/**
 * The answer of `…/roster`: `athletes` is either the athletes themselves (basketball, hockey, baseball) or
 * groups of them by position group (`{ position: 'offense', items: [...] }`, football).
 */
export const EspnRosterAnswer = Type.Object({ athletes: Type.Array(Type.Unknown()) });
export const EspnRosterGroup = Type.Object({ items: Type.Array(Type.Unknown()) });

/** A game's status, in `events[].status` and `competitions[].status`. */
export const EspnStatus = Type.Object({
  type: Type.Object({
    state: Type.Union([Type.Literal('pre'), Type.Literal('in'), Type.Literal('post')]),
    completed: Opt(Type.Boolean()),
    name: Opt(Text()),
    description: Opt(Text()),
    detail: Opt(Text()),
    shortDetail: Opt(Text()),
  }),
  period: Opt(Type.Number()),
  displayClock: Opt(Text(20)),
});

const EspnCompetitor = Type.Object({
  homeAway: Type.Union([Type.Literal('home'), Type.Literal('away')]),
  team: Type.Object({ id: Id }),
  score: Opt(Type.Union([Type.String({ maxLength: 10 }), Type.Number()])),
});

/** One event of `…/scoreboard`. */
export const EspnEvent = Type.Object({
  id: Id,
  date: Type.String({ minLength: 10, maxLength: 40 }),
  status: EspnStatus,
  competitions: Type.Array(Type.Object({ competitors: Type.Array(EspnCompetitor, { minItems: 2 }) }), {
    minItems: 1,
  }),
});
export type EspnEvent = Static<typeof EspnEvent>;

/** The answer of `…/scoreboard`. */
export const EspnScoreboardAnswer = Type.Object({ events: Type.Array(Type.Unknown()) });

/** One entry of a standings table. */
export const EspnStandingEntry = Type.Object({
  team: Type.Object({ id: Id }),
  stats: Type.Array(
    Type.Object({
      name: Opt(Text(60)),
      type: Opt(Text(60)),
      value: Opt(Type.Number()),
    }),
  ),
});
export type EspnStandingEntry = Static<typeof EspnStandingEntry>;

/** A node of the standings answer: a table of entries, or groups (conferences, divisions) of nodes. */
export const EspnStandingsNode = Type.Object({
  standings: Opt(
    Type.Object({
      season: Opt(Type.Number()),
      seasonDisplayName: Opt(Text(20)),
      entries: Type.Array(Type.Unknown()),
    }),
  ),
  children: Opt(Type.Array(Type.Unknown())),
  season: Opt(Type.Object({ year: Opt(Type.Number()) })),
});
