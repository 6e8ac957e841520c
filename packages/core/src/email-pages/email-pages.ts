/**
 * The e-mail preference pages reached by hash link (spec 3 §2, §4 "Account and email", §7, §8): the
 * calls `GET/PUT api/v1/email/accounts/:hash` and `GET/PUT api/v1/subscribers/:hash`, the flag an
 * unsubscribe page turns off (the page does it with a PUT once it opens: the link's GET never
 * changes anything), the toggles the preference pages show, and the toasts. Unknown links answer
 * 404; these calls do not go to the not-found page, the pages say the link is not valid.
 * @module
 */
import type {
  EmailAccount,
  EmailAccountResponse,
  EmailAccountUpdateBody,
  NewsletterFrequency,
  NotificationType,
  Subscriber,
  SubscriberResponse,
  SubscriberUpdateBody,
} from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import { isApiError } from '../errors.js';

/** The part of the client the e-mail pages use. */
export type EmailPagesClient = Pick<SportSpyderClient, 'api' | 'toasts'>;

/** Toast after a preference change (spec 3 §8). */
export const EMAIL_PREFERENCES_TOAST = 'Email preferences updated successfully!';
/** Toast after a frequency change (spec 3 §8). */
export const NEWSLETTER_FREQUENCY_TOAST = 'Newsletter frequency updated successfully!';
/** What a page says for an unknown link. */
export const EMAIL_LINK_INVALID_TEXT =
  'This link is not valid. Please use the link directly from the email, or change your e-mail settings after signing in.';

const ACCOUNT = '/api/v1/email/accounts/:id';
const SUBSCRIBER = '/api/v1/subscribers/:id';

/** The three families of pages: a member's notification mails, a member's newsletter, a subscriber. */
export type EmailPageKind = 'notifications' | 'newsletter' | 'subscriber';

/** A toggle of a preference page. */
export interface EmailToggle {
  field: keyof Omit<EmailAccount, 'email' | 'emailNewsletterRecapFrequency'>;
  label: string;
}

/** The member's toggles, in page order (unsubscribe-all last: it turns the others off). */
export const EMAIL_TOGGLES: readonly EmailToggle[] = [
  { field: 'emailNewsletterRecap', label: 'Team recap newsletter' },
  { field: 'emailMessageReplies', label: 'Replies to my messages' },
  { field: 'emailMessageMentions', label: 'Mentions of me' },
  { field: 'emailMessageThreads', label: 'New messages in my threads' },
  { field: 'emailMessageLikes', label: 'Likes of my messages' },
  { field: 'emailPodcastNewEpisodes', label: 'New episodes of podcasts I follow' },
  { field: 'emailPodcastRecommendations', label: 'Podcast recommendations' },
  { field: 'emailEggNewArticle', label: 'New articles from sources I follow' },
  { field: 'emailProduct', label: 'SportSpyder news and product updates' },
  { field: 'unsubscribeAll', label: 'Unsubscribe from all emails' },
];

/** The newsletter frequencies (spec 3 §9), in the order the switch shows them. */
export const NEWSLETTER_FREQUENCIES: readonly NewsletterFrequency[] = ['weekly', 'daily'];

const TYPE_FIELDS: Record<NotificationType, EmailToggle['field']> = {
  message_replies: 'emailMessageReplies',
  message_mentions: 'emailMessageMentions',
  message_threads: 'emailMessageThreads',
  message_likes: 'emailMessageLikes',
  podcast_new_episodes: 'emailPodcastNewEpisodes',
  podcast_recommendations: 'emailPodcastRecommendations',
  podcast_popular: 'emailPodcastRecommendations',
  egg_new_article: 'emailEggNewArticle',
};

/**
 * The change an unsubscribe page makes when it opens: the newsletter page turns the recap off; the
 * notifications page turns off the type's mail (`?type=`), or every notification mail without one.
 */
export function unsubscribeChange(
  kind: 'notifications' | 'newsletter',
  type?: string | null,
): EmailAccountUpdateBody {
  if (kind === 'newsletter') return { emailNewsletterRecap: false };
  if (type && Object.hasOwn(TYPE_FIELDS, type)) return { [TYPE_FIELDS[type as NotificationType]]: false };
  const all: EmailAccountUpdateBody = {};
  for (const field of new Set(Object.values(TYPE_FIELDS))) (all as Record<string, boolean>)[field] = false;
  return all;
}

/**
 * The confirmation an unsubscribe page shows (spec 3 §2: per notification type): it names the type
 * it unsubscribed from by its toggle's label, or says every notification e-mail without a type.
 *
 * @example
 * ```ts
 * unsubscribedText('notifications', 'fan@example.com', 'message_likes');
 * // 'fan@example.com is unsubscribed from "Likes of my messages" emails.'
 * ```
 */
export function unsubscribedText(
  kind: 'notifications' | 'newsletter',
  email: string,
  type?: string | null,
): string {
  if (kind === 'newsletter') return `${email} is unsubscribed from the team recap newsletter.`;
  if (type && Object.hasOwn(TYPE_FIELDS, type)) {
    const field = TYPE_FIELDS[type as NotificationType];
    const label = EMAIL_TOGGLES.find((toggle) => toggle.field === field)?.label ?? type;
    return `${email} is unsubscribed from "${label}" emails.`;
  }
  return `${email} is unsubscribed from all notification emails.`;
}

/** True when a toggle is shown disabled: unsubscribe-all on disables the others (and the frequency). */
export function isToggleDisabled(
  account: Pick<EmailAccount, 'unsubscribeAll'>,
  field: EmailToggle['field'],
): boolean {
  return account.unsubscribeAll && field !== 'unsubscribeAll';
}

async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** A member's preferences as the pages read them, with the link of the recap preview page. */
export interface EmailAccountPage {
  account: EmailAccount;
  /** A page showing the next recap (a server page, not a site route), or null. */
  recapPreview: string | null;
}

/** `GET api/v1/email/accounts/:hash`; null for an unknown link. */
export async function readEmailAccount(
  client: EmailPagesClient,
  hash: string,
): Promise<EmailAccountPage | null> {
  const answer = await orNull(
    client.api.get<EmailAccountResponse>(apiPath(ACCOUNT, { id: hash }), { handleNotFound: false }),
  );
  return answer ? { account: answer.emailAccount, recapPreview: answer.meta.recapPreview } : null;
}

/**
 * `PUT api/v1/email/accounts/:hash`, then the toast (`frequency` for the frequency switch, `none`
 * for the unsubscribe page's own change, whose confirmation is the page itself).
 */
export async function updateEmailAccount(
  client: EmailPagesClient,
  hash: string,
  body: EmailAccountUpdateBody,
  toast: 'preferences' | 'frequency' | 'none' = 'preferences',
): Promise<EmailAccount> {
  const { emailAccount } = await client.api.put<EmailAccountResponse>(apiPath(ACCOUNT, { id: hash }), body, {
    handleNotFound: false,
  });
  showToast(client, toast);
  return emailAccount;
}

/** `GET api/v1/subscribers/:hash`; null for an unknown link. */
export async function readSubscriberByHash(
  client: EmailPagesClient,
  hash: string,
): Promise<Subscriber | null> {
  const answer = await orNull(
    client.api.get<SubscriberResponse>(apiPath(SUBSCRIBER, { id: hash }), { handleNotFound: false }),
  );
  return answer?.subscriber ?? null;
}

/** `PUT api/v1/subscribers/:hash`, then the toast. */
export async function updateSubscriberByHash(
  client: EmailPagesClient,
  hash: string,
  body: SubscriberUpdateBody,
  toast: 'preferences' | 'frequency' | 'none' = 'preferences',
): Promise<Subscriber> {
  const { subscriber } = await client.api.put<SubscriberResponse>(apiPath(SUBSCRIBER, { id: hash }), body, {
    handleNotFound: false,
  });
  showToast(client, toast);
  return subscriber;
}

function showToast(client: EmailPagesClient, toast: 'preferences' | 'frequency' | 'none'): void {
  if (toast === 'preferences') client.toasts.show(EMAIL_PREFERENCES_TOAST, 'success');
  if (toast === 'frequency') client.toasts.show(NEWSLETTER_FREQUENCY_TOAST, 'success');
}

/**
 * Where a subscriber page goes when the subscriber has become a member (spec 3 §2): the same page of
 * the member's newsletter pages; null when it stays.
 */
export function memberPagePath(
  subscriber: Pick<Subscriber, 'user'>,
  page: 'unsubscribe' | 'frequency' | 'preferences',
): string | null {
  if (!subscriber.user) return null;
  return `/email/newsletter/${page}/${encodeURIComponent(subscriber.user.hash)}`;
}
