/**
 * Players and positions (spec 2 §3 "Player"), trending players and the fantasy player search result.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Article } from './article.js';
import { Id, Nullable, SportRef, TeamRef } from './common.js';
import { EpisodeRef } from './podcast.js';

/** A position of a sport (`GET api/v1/sports/:sportId/positions`), e.g. QB in the offense group. */
export const Position = Type.Object({
  id: Id,
  name: Type.String(),
  abbr: Type.String(),
  group: Nullable(Type.String()),
});
/** A position of a sport. */
export type Position = Static<typeof Position>;

/** A player, keyed by slug. `trends` is the player's trending score; lists carry the latest items. */
export const Player = Type.Object({
  id: Id,
  name: Type.String(),
  slug: Type.String(),
  number: Nullable(Type.String({ description: 'Jersey number as printed (may be "00").' })),
  position: Nullable(Position),
  team: Nullable(TeamRef),
  sport: SportRef,
  injured: Type.Boolean(),
  hot: Type.Boolean(),
  trends: Type.Integer({ minimum: 0, description: 'Recent mentions that make the player trend.' }),
  lastArticles: Type.Array(Article, { description: 'The last 2 articles on cards.' }),
  lastEpisodes: Type.Array(EpisodeRef),
});
/** A player. */
export type Player = Static<typeof Player>;

/** A player found by the fantasy player search. */
export const PlayerSearchResult = Type.Object({
  id: Id,
  name: Type.String(),
  position: Nullable(Type.Object({ id: Id, name: Type.String() })),
  team: Type.Optional(Nullable(TeamRef)),
});
/** A player found by the fantasy player search. */
export type PlayerSearchResult = Static<typeof PlayerSearchResult>;
