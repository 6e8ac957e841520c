/**
 * E-mail preferences behind the hash-link pages (spec 3 §2 "Email preference pages", §3 "Email
 * account", "Subscriber", §4 "Account and email"): a member's mail flags and a newsletter
 * subscriber's subscription, read and changed by a link token that stands for one account or one
 * subscriber and only for this purpose. Reads never write (mail scanners prefetch links); the pages
 * change flags with PUT. Unsubscribe-all turns every other mail flag off; the recap frequency is
 * weekly or daily.
 * @module
 */
import type {
  EmailAccount,
  EmailAccountUpdateBody,
  Subscriber,
  SubscriberUpdateBody,
} from '@sportspyder/contract';
import { findToken, issueToken, reusableToken, tokenDigest } from '../accounts/account-tokens.js';
import { newToken } from '../auth/sessions.js';
import type { Queryable } from '../db/database.js';

/** Days a mailed preference link works (a year: old newsletters still unsubscribe). */
export const EMAIL_LINK_DAYS = 365;

/** The member flag fields and their columns. */
export const EMAIL_FLAG_COLUMNS = {
  emailMessageReplies: 'email_message_replies',
  emailMessageMentions: 'email_message_mentions',
  emailMessageThreads: 'email_message_threads',
  emailMessageLikes: 'email_message_likes',
  emailEggNewArticle: 'email_egg_new_article',
  emailPodcastNewEpisodes: 'email_podcast_new_episodes',
  emailPodcastRecommendations: 'email_podcast_recommendations',
  emailNewsletterRecap: 'email_newsletter_recap',
  emailProduct: 'email_product',
} as const;

type FlagField = keyof typeof EMAIL_FLAG_COLUMNS;
const FLAG_FIELDS = Object.keys(EMAIL_FLAG_COLUMNS) as FlagField[];

const ACCOUNT_COLUMNS = `email, email_unsubscribe_all AS "unsubscribeAll",
  ${FLAG_FIELDS.map((f) => `${EMAIL_FLAG_COLUMNS[f]} AS "${f}"`).join(', ')},
  email_newsletter_recap_frequency AS "emailNewsletterRecapFrequency"`;

/**
 * Issues a member's preference link token (mailed in every mail to the member).
 * @example
 * const token = await issueEmailLink(db, { userId: 1, email: 'fan@example.com' });
 */
export function issueEmailLink(db: Queryable, input: { userId: number; email: string }): Promise<string> {
  return issueToken(db, { ...input, purpose: 'email_preferences', minutes: EMAIL_LINK_DAYS * 24 * 60 });
}

/** A reused settings link is replaced once it has fewer days than this left. */
export const REUSED_LINK_MIN_DAYS = 30;

/**
 * The member's preference link shown by `GET profile/account`: the same one on every read until it is
 * rotated or nears its end (issue 47), never a new 365-day link per read.
 * @example
 * const token = await settingsEmailLink(db, { userId: 1, email: 'fan@example.com' }, reuseKey(config.csrfSecret));
 */
export function settingsEmailLink(
  db: Queryable,
  input: { userId: number; email: string },
  key: Buffer,
): Promise<string> {
  return reusableToken(
    db,
    {
      ...input,
      purpose: 'email_preferences',
      minutes: EMAIL_LINK_DAYS * 24 * 60,
      minMinutesLeft: REUSED_LINK_MIN_DAYS * 24 * 60,
    },
    key,
  );
}

/**
 * The member a preference hash stands for: a live `email_preferences` token, or the link token of a
 * newsletter subscriber who has since become that member (so the old newsletter links keep working
 * and the subscriber pages can send the member to the user-hash pages with the same hash).
 * A token stands for its member whatever the address is now: the links of mails sent before an
 * e-mail change (Unsubscribe, Preferences, Frequency) keep working until they expire, as those mails
 * promised. (Reset and verification links, which act on the address, are still bound to it.)
 */
export async function memberOfEmailHash(db: Queryable, hash: string): Promise<number | null> {
  const token = await findToken(db, hash, 'email_preferences');
  // A rotated settings link is marked used (mailed links never are).
  if (token && !token.expired && !token.used) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE id = $1', [token.userId]);
    return rows[0] ? Number(rows[0].id) : null;
  }
  const subscriberId = await subscriberOfHash(db, hash);
  if (subscriberId === null) return null;
  const { rows } = await db.query<{ user_id: number | null }>(
    'SELECT user_id FROM subscribers WHERE id = $1 AND user_id IS NOT NULL',
    [subscriberId],
  );
  return rows[0]?.user_id == null ? null : Number(rows[0].user_id);
}

/** The subscriber a link token stands for (the signup's token or a later recap's), or null. */
export async function subscriberOfHash(db: Queryable, hash: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(hash)) return null;
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM subscribers WHERE hash_digest = $1
     UNION ALL SELECT subscriber_id FROM subscriber_tokens WHERE digest = $1 LIMIT 1`,
    [tokenDigest(hash)],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Issues one more link token of a subscriber (each recap carries a fresh one). */
export async function issueSubscriberLink(db: Queryable, subscriberId: number): Promise<string> {
  const token = newToken();
  await db.query('INSERT INTO subscriber_tokens (digest, subscriber_id) VALUES ($1, $2)', [
    tokenDigest(token),
    subscriberId,
  ]);
  return token;
}

/** A member's e-mail preferences. */
export async function readEmailAccount(db: Queryable, userId: number): Promise<EmailAccount | null> {
  const { rows } = await db.query<EmailAccount>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1`, [
    userId,
  ]);
  return rows[0] ?? null;
}

/**
 * Changes a member's flags: the ones given; unsubscribe-all on also turns every other flag off.
 * @example
 * await updateEmailAccount(db, 7, { emailNewsletterRecap: false });
 */
export async function updateEmailAccount(
  db: Queryable,
  userId: number,
  body: EmailAccountUpdateBody,
): Promise<EmailAccount | null> {
  const columns = new Map<string, unknown>();
  for (const field of FLAG_FIELDS) {
    if (body[field] !== undefined) columns.set(EMAIL_FLAG_COLUMNS[field], body[field]);
  }
  if (body.unsubscribeAll === true) {
    for (const field of FLAG_FIELDS) columns.set(EMAIL_FLAG_COLUMNS[field], false);
    columns.set('email_unsubscribe_all', true);
  } else if (body.unsubscribeAll === false || [...columns.values()].some((v) => v === true)) {
    // Turning any mail back on lifts unsubscribe-all.
    columns.set('email_unsubscribe_all', false);
  }
  if (body.emailNewsletterRecapFrequency) {
    columns.set('email_newsletter_recap_frequency', body.emailNewsletterRecapFrequency);
  }
  if (columns.size === 0) return readEmailAccount(db, userId);
  const values: unknown[] = [userId, ...columns.values()];
  const sets = [...columns.keys()].map((column, i) => `${column} = $${i + 2}`);
  const { rows } = await db.query<EmailAccount>(
    `UPDATE users SET ${sets.join(', ')} WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
    values,
  );
  return rows[0] ?? null;
}

interface SubscriberRow {
  id: number;
  email: string;
  frequency: 'weekly' | 'daily';
  converted: boolean;
  bounced: boolean;
  complained: boolean;
  subscribed: boolean;
  unsubscribe_all: boolean;
  team_id: number | null;
  team_name: string | null;
  user_id: number | null;
}

const SUBSCRIBER_SELECT = `SELECT s.id, s.email, s.frequency, s.converted, s.bounced, s.complained, s.subscribed,
  s.unsubscribe_all, s.team_id, t.full_name AS team_name, s.user_id
  FROM subscribers s LEFT JOIN teams t ON t.id = s.team_id`;

function toSubscriber(row: SubscriberRow, hash: string): Subscriber {
  return {
    id: Number(row.id),
    email: row.email,
    hash,
    frequency: row.frequency,
    converted: row.converted,
    bounced: row.bounced,
    complained: row.complained,
    subscribed: row.subscribed,
    unsubscribeAll: row.unsubscribe_all,
    team: row.team_id === null ? null : { id: Number(row.team_id), name: row.team_name ?? '' },
    // A converted subscriber's own hash opens the member's pages (see memberOfEmailHash).
    user: row.user_id === null ? null : { id: Number(row.user_id), hash },
  };
}

/** The subscriber a link hash stands for, or null. */
export async function readSubscriber(db: Queryable, hash: string): Promise<Subscriber | null> {
  const id = await subscriberOfHash(db, hash);
  if (id === null) return null;
  const { rows } = await db.query<SubscriberRow>(`${SUBSCRIBER_SELECT} WHERE s.id = $1`, [id]);
  return rows[0] ? toSubscriber(rows[0], hash) : null;
}

/**
 * Changes a subscriber by hash: subscribed, unsubscribe-all (which also unsubscribes), frequency.
 * @example
 * await updateSubscriber(db, hash, { subscribed: false });
 */
export async function updateSubscriber(
  db: Queryable,
  hash: string,
  body: SubscriberUpdateBody,
): Promise<Subscriber | null> {
  const id = await subscriberOfHash(db, hash);
  if (id === null) return null;
  const subscribed = body.unsubscribeAll === true ? false : (body.subscribed ?? null);
  // Subscribing again lifts unsubscribe-all unless the same call sets it.
  const unsubscribeAll = body.unsubscribeAll ?? (body.subscribed === true ? false : null);
  const { rows } = await db.query<{ id: number }>(
    `UPDATE subscribers SET subscribed = COALESCE($2, subscribed),
       unsubscribe_all = COALESCE($3, unsubscribe_all), frequency = COALESCE($4, frequency)
     WHERE id = $1 RETURNING id`,
    [id, subscribed, unsubscribeAll, body.frequency ?? null],
  );
  return rows[0] ? readSubscriber(db, hash) : null;
}
