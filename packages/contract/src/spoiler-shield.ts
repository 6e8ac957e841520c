/**
 * The spoiler shield (issue 49): per followed team, a member hides game results until they reveal a
 * game or until a set number of hours after it ends. The server applies it (answers carry no score for a
 * hidden game and mark headlines that give a result away); see docs/decisions/spoilers.md.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable } from './common.js';

/** The hide periods a member can choose, in hours after a game ends; `null` is "until I reveal it". */
export const SPOILER_HIDE_HOURS = [12, 24, 48] as const;

/** Hours a result stays hidden after a game ends; null: until revealed. */
export const SpoilerHideHours = Nullable(
  Type.Union([Type.Literal(12), Type.Literal(24), Type.Literal(48)], {
    description: 'Hours after a game ends that its result stays hidden (12, 24 or 48); null: until revealed.',
  }),
);

/** One followed team's shield. */
export const SpoilerShieldTeam = Type.Object({
  teamId: Id,
  on: Type.Boolean({ description: "The shield hides this team's results." }),
  hideHours: SpoilerHideHours,
});
/** One followed team's shield. */
export type SpoilerShieldTeam = Static<typeof SpoilerShieldTeam>;

/** `GET`/`PUT api/v1/profile/spoiler_shields` answer: one entry per followed team (off by default). */
export const SpoilerShields = Type.Object({ teams: Type.Array(SpoilerShieldTeam) });
/** The member's spoiler shields. */
export type SpoilerShields = Static<typeof SpoilerShields>;

/** `PUT api/v1/profile/spoiler_shields` body: the teams to change (others stay as they are). */
export const SpoilerShieldsBody = Type.Object({
  teams: Type.Array(SpoilerShieldTeam, { minItems: 1, maxItems: 100 }),
});
/** `PUT api/v1/profile/spoiler_shields` body. */
export type SpoilerShieldsBody = Static<typeof SpoilerShieldsBody>;

/** `POST api/v1/profile/spoiler_shields/reveals` body: the game whose result the member wants to see. */
export const SpoilerRevealBody = Type.Object({ gameId: Id });
/** `POST api/v1/profile/spoiler_shields/reveals` body. */
export type SpoilerRevealBody = Static<typeof SpoilerRevealBody>;

/** `POST api/v1/profile/spoiler_shields/reveals` answer. */
export const SpoilerRevealResponse = Type.Object({ gameId: Id, revealedAt: DateTime });
/** `POST api/v1/profile/spoiler_shields/reveals` answer. */
export type SpoilerRevealResponse = Static<typeof SpoilerRevealResponse>;
