/**
 * News sources (spec 2 §3 "Source"), their domains, and the member's follows and hides of
 * sources, plus the custom feed configuration of a team or sport.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable, TeamRef } from './common.js';

/** A web domain that publishes articles (a "site" in search results); YouTube channels are domains too. */
export const Domain = Type.Object({
  id: Id,
  name: Type.String(),
  favicon: Nullable(Type.String()),
  description: Nullable(Type.String()),
  isYoutube: Type.Boolean(),
  label: Type.String({ description: 'Display label, e.g. the publication name.' }),
});
/** A web domain that publishes articles. */
export type Domain = Static<typeof Domain>;

/** The legacy reference of a source (the spec's `egg`): only its id. */
export const EggRef = Type.Object({ id: Id });
/** The legacy reference of a source. */
export type EggRef = Static<typeof EggRef>;

/** A news source (a feed of one domain for some teams). `following` is false for visitors. */
export const Source = Type.Object({
  id: Id,
  description: Nullable(Type.String()),
  dailyVolume: Type.Number({ minimum: 0, description: 'Articles per day, shown as volume.' }),
  articlesCount: Type.Integer({ minimum: 0 }),
  domain: Domain,
  lastArticle: Nullable(Type.Object({ id: Id, title: Type.String(), createdAt: DateTime })),
  teams: Type.Array(TeamRef),
  following: Type.Boolean(),
  egg: Nullable(EggRef),
});
/** A news source. */
export type Source = Static<typeof Source>;

/** A member's follow of a source (`eggId` is the source id in lists). */
export const SourceFollow = Type.Object({ id: Id, sourceId: Id, eggId: Type.Optional(Id) });
/** A member's follow of a source. */
export type SourceFollow = Static<typeof SourceFollow>;

/** A source hidden from one team's feed. */
export const HiddenSource = Type.Object({ id: Id, eggId: Id, teamId: Id });
/** A source hidden from one team's feed. */
export type HiddenSource = Static<typeof HiddenSource>;

/** `POST/DELETE api/v1/profile/source_follows` body. */
export const SourceFollowBody = Type.Object({ sourceFollow: Type.Object({ sourceId: Id }) });
/** `POST/DELETE api/v1/profile/source_follows` body. */
export type SourceFollowBody = Static<typeof SourceFollowBody>;

/** `POST/DELETE api/v1/profile/hidden_sources` body. */
export const HiddenSourceBody = Type.Object({ hiddenSource: Type.Object({ eggId: Id, teamId: Id }) });
/** `POST/DELETE api/v1/profile/hidden_sources` body. */
export type HiddenSourceBody = Static<typeof HiddenSourceBody>;

/** A source as listed in a custom feed: hidden (or not) from the feed of `teamId`. */
export const CustomFeedSource = Type.Object({
  teamId: Id,
  eggId: Id,
  volume: Type.Number({ minimum: 0 }),
  domain: Domain,
  egg: EggRef,
});
/** A source as listed in a custom feed. */
export type CustomFeedSource = Static<typeof CustomFeedSource>;

/** A social account hidden from a team's posts. */
export const HiddenTweeter = Type.Object({
  id: Id,
  teamId: Id,
  screenName: Type.String(),
  name: Type.String(),
});
/** A social account hidden from a team's posts. */
export type HiddenTweeter = Static<typeof HiddenTweeter>;

/** A podcast as listed in a custom feed: hidden (or not) from the feed of `teamId`. */
export const CustomFeedPodcast = Type.Object({
  teamId: Id,
  podcastId: Id,
  volume: Type.Number({ minimum: 0, description: 'Episodes per month.' }),
  podcast: Type.Object({ id: Id, title: Type.String(), imageUrl: Nullable(Type.String()) }),
});
/** A podcast as listed in a custom feed. */
export type CustomFeedPodcast = Static<typeof CustomFeedPodcast>;

/** The configure screen's data for a team or sport (`/settings/configure/:type/:id`). */
export const CustomFeed = Type.Object({
  id: Type.String({ description: 'The team or sport slug the feed belongs to.' }),
  teams: Type.Array(Type.Object({ ...TeamRef.properties, selected: Type.Boolean() })),
  hiddenSources: Type.Array(CustomFeedSource),
  hiddenTweeters: Type.Array(HiddenTweeter),
  hiddenPodcasts: Type.Array(CustomFeedPodcast),
});
/** The configure screen's data for a team or sport. */
export type CustomFeed = Static<typeof CustomFeed>;
