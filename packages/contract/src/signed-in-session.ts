/**
 * The member's signed-in sessions (issue 47): where the account is signed in, so that a member can
 * end a session they do not recognise, or every other one.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable } from './common.js';

/** One signed-in session: a browser on a device, where and when it was last seen. */
export const SignedInSession = Type.Object({
  /** Names the session in `DELETE api/v1/profile/sessions/{id}`. */
  id: Id,
  /** The browser and system in plain words, e.g. "Chrome on Android" ("Unknown device" when unknown). */
  device: Type.String({ maxLength: 100 }),
  /** Where it was last seen, from its address, when the server has a local GeoIP database; else null. */
  place: Nullable(Type.String({ maxLength: 200 })),
  /** When it signed in. */
  createdAt: DateTime,
  /** When it was last seen (written at most every few minutes). */
  lastSeenAt: DateTime,
  /** True for the session of the browser asking. */
  current: Type.Boolean(),
});
/** One signed-in session. */
export type SignedInSession = Static<typeof SignedInSession>;

/** `GET/DELETE api/v1/profile/sessions` answer: the current session first, then the most recently seen. */
export const SignedInSessionList = Type.Object({ sessions: Type.Array(SignedInSession) });
/** The signed-in sessions. */
export type SignedInSessionList = Static<typeof SignedInSessionList>;
