/**
 * The follow, subscribe and newsletter actions of spec 2 §4 as the buttons run them: the call,
 * the cache refresh (see follow-resources) and the toast, nothing optimistic. Anonymous visitors
 * never reach these: the site shows the sign-in prompt instead ({@link needsSignIn}).
 * @module
 */
import type { NewsletterSignupResponse, User } from '@sportspyder/contract';
import { isApiError } from '../errors.js';
import {
  NEWSLETTER_SUCCESS_TEXT,
  newsletterError,
  subscriptionToast,
  teamFollowToast,
} from './content-texts.js';
import {
  createFollowingTeam,
  createPodcastFollow,
  createSourceFollow,
  deleteFollowingTeam,
  deletePodcastFollow,
  deleteSourceFollow,
  type TeamScope,
} from './follow-resources.js';
import { apiPath, type ContentClient } from './resource-path.js';

/** True when the session has no member: follow, subscribe, hide and customise open the sign-in prompt. */
export function needsSignIn(client: Pick<ContentClient, 'session'>): boolean {
  return !client.session.getSnapshot().loggedIn;
}

/** The following id of `teamId` in the member's followed teams, or null when not followed. */
export function followingIdOf(
  user: Pick<User, 'followingTeams'> | null | undefined,
  teamId: number,
): number | null {
  return user?.followingTeams.find((f) => f.teamId === teamId)?.id ?? null;
}

/** True when the member follows `teamId` (the star on team lists). */
export function isFollowingTeam(
  user: Pick<User, 'followingTeams'> | null | undefined,
  teamId: number,
): boolean {
  return followingIdOf(user, teamId) !== null;
}

/**
 * Follows the team when the member does not follow it, else stops following it; then the session
 * user is refetched and the toast shown. Resolves with the new state (true: following).
 *
 * @example
 * ```ts
 * await toggleTeamFollow(client, { team: { id: 12, name: 'Dallas Cowboys' } }); // true, toast 'Now following the "Dallas Cowboys"'
 * ```
 */
export async function toggleTeamFollow(
  client: ContentClient,
  params: { team: { id: number; name: string } },
): Promise<boolean> {
  const followingId = followingIdOf(client.session.getSnapshot().user, params.team.id);
  if (followingId === null) {
    await createFollowingTeam(client, { teamId: params.team.id });
  } else {
    await deleteFollowingTeam(client, { followingId });
  }
  const following = followingId === null;
  client.toasts.show(teamFollowToast(params.team.name, following), 'success');
  return following;
}

/**
 * Subscribes to (`subscribed: true`) or unsubscribes from a source, refreshes the lists and shows
 * 'Now subscribed to "{name}"' or 'Unsubscribed from "{name}"'.
 */
export async function setSourceSubscription(
  client: ContentClient,
  params: { source: { id: number; name: string }; subscribed: boolean } & TeamScope,
): Promise<void> {
  const call = params.subscribed ? createSourceFollow : deleteSourceFollow;
  await call(client, { sourceId: params.source.id, teamSlug: params.teamSlug });
  client.toasts.show(subscriptionToast(params.source.name, params.subscribed), 'success');
}

/** Follows (`subscribed: true`) or unfollows a podcast, refreshes the lists and shows the subscription toast. */
export async function setPodcastSubscription(
  client: ContentClient,
  params: { podcast: { id: number; title: string }; subscribed: boolean } & TeamScope,
): Promise<void> {
  const call = params.subscribed ? createPodcastFollow : deletePodcastFollow;
  await call(client, { podcastId: params.podcast.id, teamSlug: params.teamSlug });
  client.toasts.show(subscriptionToast(params.podcast.title, params.subscribed), 'success');
}

/** What the newsletter form shows after submitting. */
export type NewsletterResult =
  | { readonly ok: true; readonly message: string }
  | {
      readonly ok: false;
      readonly code: string | null;
      readonly message: string;
      readonly tip: string | null;
      readonly tipLink: string | null;
    };

/** `POST api/v1/subscribers` (email, teamId): the newsletter signup call itself. */
export function createSubscriber(
  client: ContentClient,
  params: { email: string; teamId: number },
): Promise<NewsletterSignupResponse> {
  return client.api.post<NewsletterSignupResponse>(apiPath('/api/v1/subscribers'), {
    email: params.email,
    teamId: params.teamId,
  });
}

/**
 * Signs an e-mail up for a team's recap newsletter and turns the answer into the form's text:
 * the success text, or the message (and tip) of the server's error code (spec 2 §5). Errors
 * other than 422 reject.
 *
 * @example
 * ```ts
 * const result = await signUpForNewsletter(client, { email: 'a@b', teamId: 12 });
 * if (!result.ok) result.message; // 'Please enter a valid email address'
 * ```
 */
export async function signUpForNewsletter(
  client: ContentClient,
  params: { email: string; teamId: number },
): Promise<NewsletterResult> {
  try {
    await createSubscriber(client, { email: params.email.trim(), teamId: params.teamId });
    return { ok: true, message: NEWSLETTER_SUCCESS_TEXT };
  } catch (error) {
    if (!isApiError(error) || error.status !== 422) throw error;
    const first = error.errors[0];
    const code = first?.code ?? null;
    return { ok: false, code, ...newsletterError(code, first?.title) };
  }
}
