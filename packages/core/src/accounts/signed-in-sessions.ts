/**
 * The member's signed-in sessions in core (issue 47): the list (`GET api/v1/profile/sessions`), ending
 * one (`DELETE api/v1/profile/sessions/{id}`) and signing out every other one (`DELETE
 * api/v1/profile/sessions`), with their toasts and the words the settings screen shows. Ending this
 * browser's own session signs it out: the session is refetched, so the page shows the visitor.
 * @module
 */
import type { SignedInSession, SignedInSessionList } from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import { dateTimeFormat } from '../intl-formats.js';

/** The part of the client the session list uses. */
export type SessionListClient = Pick<SportSpyderClient, 'api' | 'session' | 'toasts'>;

const SESSIONS = '/api/v1/profile/sessions';
const SESSION = '/api/v1/profile/sessions/:id';

/** Toast after one session was ended. */
export const SESSION_ENDED_TOAST = 'The session was signed out.';
/** Toast after every other session was ended. */
export const OTHER_SESSIONS_ENDED_TOAST = 'All other sessions were signed out.';
/** What the list says of a session whose place is not known (no GeoIP database on the server). */
export const UNKNOWN_PLACE = 'Unknown place';
/** What the confirmation before every other session is ended says. */
export const END_OTHER_SESSIONS_TEXT =
  'Every other browser and device signed in to your account is signed out at once. This browser stays signed in.';

/** `GET api/v1/profile/sessions`: the current session first, then the most recently seen. */
export async function listSignedInSessions(
  client: Pick<SessionListClient, 'api'>,
): Promise<SignedInSession[]> {
  const { sessions } = await client.api.get<SignedInSessionList>(apiPath(SESSIONS), {
    handleNotFound: false,
  });
  return sessions;
}

/**
 * `DELETE api/v1/profile/sessions/{id}`: answers the sessions left. Ending the current one signs this
 * browser out (the session is refetched). A session that had already ended answers 404 (rejects).
 */
export async function endSignedInSession(
  client: SessionListClient,
  session: Pick<SignedInSession, 'id' | 'current'>,
): Promise<SignedInSession[]> {
  const { sessions } = await client.api.delete<SignedInSessionList>(
    apiPath(SESSION, { id: session.id }),
    undefined,
    { handleNotFound: false },
  );
  client.toasts.show(SESSION_ENDED_TOAST, 'success');
  if (session.current) await client.session.refetch().catch(() => undefined);
  return sessions;
}

/** `DELETE api/v1/profile/sessions` ("Sign out all other sessions"): answers the sessions left (this one). */
export async function endOtherSignedInSessions(client: SessionListClient): Promise<SignedInSession[]> {
  const { sessions } = await client.api.delete<SignedInSessionList>(apiPath(SESSIONS), undefined, {
    handleNotFound: false,
  });
  client.toasts.show(OTHER_SESSIONS_ENDED_TOAST, 'success');
  return sessions;
}

/** Where a session was last seen, in words ({@link UNKNOWN_PLACE} without a place). */
export function sessionPlaceText(session: Pick<SignedInSession, 'place'>): string {
  return session.place ?? UNKNOWN_PLACE;
}

/**
 * When a session was last seen, in words: "Active now" within five minutes (the server writes the
 * time at most that often), else "Last seen {date}".
 *
 * @example
 * ```ts
 * lastSeenText({ lastSeenAt: '2026-11-20T10:00:00Z', current: false }, Date.parse('2026-11-25T10:00:00Z'));
 * // 'Last seen Nov 20, 2026'
 * ```
 */
export function lastSeenText(
  session: Pick<SignedInSession, 'lastSeenAt' | 'current'>,
  now: number = Date.now(),
): string {
  const seen = Date.parse(session.lastSeenAt);
  if (session.current || now - seen < 5 * 60_000) return 'Active now';
  const date = dateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(seen));
  return `Last seen ${date}`;
}
