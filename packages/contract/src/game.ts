/**
 * Games with scores and schedules (spec 2 §3 "Game", §4 game status).
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable } from './common.js';

/** Days before and after now that a games box covers: the games routes answer these, and push only these. */
export const GAMES_WINDOW_DAYS = 7;

/** Game status: not started (start time shown), in play (progress and score), finished ("Final"). */
export const GameStatus = Type.Union([
  Type.Literal('not-started'),
  Type.Literal('in-play'),
  Type.Literal('finished'),
]);
/** Game status. */
export type GameStatus = Static<typeof GameStatus>;

/** One side (home or away) of a game. */
export const GameSide = Type.Object({
  location: Type.String(),
  name: Type.String(),
  abbr: Type.String(),
  slug: Nullable(Type.String({ description: 'Team slug; null for teams the product does not cover.' })),
  logo: Nullable(Type.String()),
  sportSlug: Type.String(),
  pending: Type.Boolean({ description: 'The opponent is not decided yet.' }),
  standing: Nullable(Type.String({ description: 'Record or rank, e.g. "10-3".' })),
  score: Nullable(Type.Integer({ minimum: 0 })),
  win: Nullable(Type.Boolean()),
});
/** One side of a game. */
export type GameSide = Static<typeof GameSide>;

/** The recap article of a finished game: one the tagger filed under both teams after the start. */
export const GameRecap = Type.Object({
  id: Id,
  title: Type.String(),
  path: Type.String({ description: "The article's page on the site, e.g. `/articles/123`." }),
});
/** The recap article of a finished game. */
export type GameRecap = Static<typeof GameRecap>;

/** A game. */
export const Game = Type.Object({
  id: Id,
  startsAt: DateTime,
  status: GameStatus,
  progress: Nullable(Type.String({ description: 'In-play progress text, e.g. "Q3 4:12".' })),
  videoUrl: Nullable(Type.String()),
  recap: Nullable(GameRecap),
  home: GameSide,
  away: GameSide,
  resultHidden: Type.Optional(
    Type.Boolean({
      description:
        "True when the signed-in member's spoiler shield hides this game's result: both scores, `win` and `recap` are null (issue 49).",
    }),
  ),
});
/** A game. */
export type Game = Static<typeof Game>;
