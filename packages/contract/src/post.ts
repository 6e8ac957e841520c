/**
 * Social posts (tweets and Mastodon posts) of a team feed, with their media (spec 2 §3).
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable, TeamRef } from './common.js';

/** The account that wrote a post. */
export const Tweeter = Type.Object({
  name: Type.String(),
  screenName: Type.String(),
  imageUrl: Nullable(Type.String()),
  type: Type.String({ description: 'Account kind, e.g. team, reporter, player.' }),
});
/** The account that wrote a post. */
export type Tweeter = Static<typeof Tweeter>;

/** A post quoted inside a post. */
export const QuotedPost = Type.Object({
  text: Type.String(),
  name: Type.String(),
  screenName: Type.String(),
  image: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  previewUrl: Nullable(Type.String()),
  width: Nullable(Type.Integer({ minimum: 0 })),
  height: Nullable(Type.Integer({ minimum: 0 })),
});
/** A post quoted inside a post. */
export type QuotedPost = Static<typeof QuotedPost>;

/** The preview card of a link in a post. */
export const LinkPreview = Type.Object({
  url: Type.String(),
  siteName: Nullable(Type.String()),
  title: Nullable(Type.String()),
  image: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  previewUrl: Nullable(Type.String()),
  width: Nullable(Type.Integer({ minimum: 0 })),
  height: Nullable(Type.Integer({ minimum: 0 })),
});
/** The preview card of a link in a post. */
export type LinkPreview = Static<typeof LinkPreview>;

/** A photo attached to a post. */
export const Photo = Type.Object({
  id: Id,
  mediaId: Type.String(),
  mediaType: Type.String(),
  description: Nullable(Type.String()),
  imageUrl: Type.String(),
  originalHeight: Nullable(Type.Integer({ minimum: 0 })),
  originalWidth: Nullable(Type.Integer({ minimum: 0 })),
  previewUrl: Nullable(Type.String()),
  smallHeight: Nullable(Type.Integer({ minimum: 0 })),
  smallWidth: Nullable(Type.Integer({ minimum: 0 })),
});
/** A photo attached to a post. */
export type Photo = Static<typeof Photo>;

/** A video attached to a post. */
export const VideoMedia = Type.Object({
  id: Id,
  mediaId: Type.String(),
  mediaType: Type.String(),
  url: Type.String(),
  previewUrl: Nullable(Type.String()),
  originalHeight: Nullable(Type.Integer({ minimum: 0 })),
  originalWidth: Nullable(Type.Integer({ minimum: 0 })),
  smallHeight: Nullable(Type.Integer({ minimum: 0 })),
  smallWidth: Nullable(Type.Integer({ minimum: 0 })),
});
/** A video attached to a post. */
export type VideoMedia = Static<typeof VideoMedia>;

// Fields of a post and of the posts grouped under it (non-recursive on purpose).
const postFields = {
  id: Id,
  twitterId: Nullable(Type.String({ description: 'Big integers travel as strings.' })),
  text: Type.String(),
  tweetedAt: DateTime,
  postedDate: Type.String({ description: 'Publication time (ISO date-time).' }),
  uri: Nullable(Type.String()),
  url: Nullable(Type.String()),
  postId: Nullable(Type.String()),
  mastodonId: Nullable(Type.String()),
  inReplyToId: Nullable(Type.String()),
  inReplyToAccountId: Nullable(Type.String()),
  tweeter: Tweeter,
  quotedTweet: Nullable(QuotedPost),
  linkPreview: Nullable(LinkPreview),
  video: Nullable(VideoMedia),
  photos: Type.Array(Photo),
  teams: Type.Array(TeamRef),
};

/** A post grouped under another one (a thread). */
export const SubPost = Type.Object(postFields);
/** A post grouped under another one. */
export type SubPost = Static<typeof SubPost>;

/** A social post with its thread. */
export const Post = Type.Object({ ...postFields, subtweets: Type.Array(SubPost) });
/** A social post. */
export type Post = Static<typeof Post>;
