/**
 * Topics: other sports and themes outside the main leagues (golf, tennis, f1, ...), keyed by slug.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';

/** A topic, linked at /s/{slug}. */
export const Topic = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  iconColor: Type.String(),
  sendtonewsKey: Type.Union([Type.String(), Type.Null()]),
  snackKey: Type.Union([Type.String(), Type.Null()]),
});
/** A topic. */
export type Topic = Static<typeof Topic>;
