/**
 * The server's VAPID identity (RFC 8292) for Web Push: the key pair the push services check our messages
 * against, and the contact they may write to. The pair comes from the environment (`VAPID_PUBLIC_KEY`,
 * `VAPID_PRIVATE_KEY`) or is made once per database at first use and kept there (`push_vapid_keys`), so
 * every process of a data folder or a PostgreSQL database signs with the same key and browsers'
 * subscriptions survive restarts. Changing the key orphans every subscription (push services refuse
 * messages signed by another key), hence "once".
 * @module
 */
import webpush from 'web-push';
import type { ServerConfig } from '../config.js';
import type { Queryable } from '../db/database.js';

/** A VAPID key pair and subject. */
export interface VapidDetails {
  /** Uncompressed P-256 public key, base64url (what browsers get as `applicationServerKey`). */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
  /** `mailto:` or `https:` contact for push services. */
  subject: string;
}

/**
 * The contact push services see: `VAPID_SUBJECT`, else the public origin when it is https (and not
 * localhost, which Apple's service refuses), else the mail sender's address.
 * @example
 * vapidSubject(undefined, 'https://sportspyder.example', 'SportSpyder <no-reply@localhost>'); // 'https://sportspyder.example'
 */
export function vapidSubject(asked: string | undefined, publicOrigin: string, mailFrom: string): string {
  if (asked) return asked;
  try {
    const origin = new URL(publicOrigin);
    if (origin.protocol === 'https:' && origin.hostname !== 'localhost') return origin.origin;
  } catch {
    // Not a URL: fall through to the mail address.
  }
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address || 'no-reply@localhost'}`;
}

/**
 * Reads the key pair: the environment's when both variables are set, else the database's, made now if
 * there is none yet (one row; concurrent first starts agree on whichever row was written first).
 * @example
 * const vapid = await loadVapidKeys(db, config);
 */
export async function loadVapidKeys(
  db: Queryable,
  config: Pick<ServerConfig, 'vapid' | 'publicOrigin' | 'mailFrom'>,
): Promise<VapidDetails> {
  const subject = vapidSubject(config.vapid.subject, config.publicOrigin, config.mailFrom);
  const envPublic = config.vapid.publicKey;
  const envPrivate = config.vapid.privateKey;
  if (envPublic && envPrivate) return { publicKey: envPublic, privateKey: envPrivate, subject };
  // One without the other is a mistake worth stopping for: a made-up pair would orphan the browsers'
  // subscriptions the moment the operator adds the missing half.
  if (envPublic || envPrivate) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const stored = await db.query<{ public_key: string; private_key: string }>(
    'SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1',
  );
  let row = stored.rows[0];
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db.query(
      'INSERT INTO push_vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
      [made.publicKey, made.privateKey],
    );
    row = (
      await db.query<{ public_key: string; private_key: string }>(
        'SELECT public_key, private_key FROM push_vapid_keys WHERE id = 1',
      )
    ).rows[0];
  }
  if (!row) throw new Error('could not store the VAPID keys');
  return { publicKey: row.public_key, privateKey: row.private_key, subject };
}
