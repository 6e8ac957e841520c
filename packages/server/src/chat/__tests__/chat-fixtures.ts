/**
 * Test helpers of chat: members signed in through the API (rules accepted or not, PRO state, admin),
 * an article and an episode to comment on, a team's channel, and a way past the send cooldown.
 * @module
 */
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import type { SportSpyderApp } from '../../app.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Database } from '../../db/database.js';

const PASSWORD = 'chat-test-password';
let passwordHash: Promise<string> | undefined;
let counter = 0;

/** A signed-in member of a test. */
export interface TestMember {
  /** User id. */
  id: number;
  /** Username. */
  username: string;
  /** The member's browser. */
  jar: CookieJar;
}

/** Creates a member (rules accepted unless told) and signs them in. */
export async function createMember(
  app: SportSpyderApp,
  db: Database,
  options: {
    acceptedRules?: boolean;
    proState?: '' | 'trial' | 'comp' | 'paid';
    admin?: boolean;
    chatColor?: string;
  } = {},
): Promise<TestMember> {
  counter += 1;
  passwordHash ??= hashPassword(PASSWORD);
  const username = `chatter${process.pid}x${counter}`;
  const email = `${username}@example.com`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, username, password_hash, chat_accepted_rules, pro_state, pro_expires_at, admin, chat_color)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 IN ('trial', 'comp') THEN now() + interval '5 days' END, $6, $7)
     RETURNING id`,
    [
      email,
      username,
      await passwordHash,
      options.acceptedRules ?? true,
      options.proState ?? '',
      options.admin ?? false,
      options.chatColor ?? 'Default',
    ],
  );
  const jar = new CookieJar();
  const signIn = await jar.signIn(app, email, PASSWORD);
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  return { id: Number(rows[0]?.id), username, jar };
}

/** Moves a member's messages back in time, past the send cooldown. */
export async function pastCooldown(db: Database, userId: number): Promise<void> {
  await db.query(
    "UPDATE chat_messages SET created_at = created_at - interval '1 minute' WHERE user_id = $1",
    [userId],
  );
}

/** The id of a team's default channel. */
export async function teamChannelId(db: Database, slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT c.id FROM chat_channels c JOIN teams t ON c.scope = 'team:' || t.id WHERE t.slug = $1 AND c.is_default`,
    [slug],
  );
  return Number(rows[0]?.id);
}

/** Creates an article and an episode to comment on; answers their ids. */
export async function createCommentTargets(db: Database): Promise<{ articleId: number; episodeId: number }> {
  counter += 1;
  const host = `chat-${process.pid}-${counter}.example`;
  const domain = await db.query<{ id: number }>(
    'INSERT INTO domains (host, name) VALUES ($1, $1) RETURNING id',
    [host],
  );
  const domainId = domain.rows[0]?.id;
  const source = await db.query<{ id: number }>(
    `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, 'news', $2, 'Chat news') RETURNING id`,
    [domainId, `https://${host}/feed.xml`],
  );
  const article = await db.query<{ id: number }>(
    `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, published_at)
     VALUES ($1, $2, 'g1', $3, $3, 'A headline to talk about', now()) RETURNING id`,
    [source.rows[0]?.id, domainId, `https://${host}/a`],
  );
  const podcast = await db.query<{ id: number }>(
    'INSERT INTO podcasts (feed_url, title) VALUES ($1, $2) RETURNING id',
    [`https://${host}/pod.xml`, 'Chat pod'],
  );
  const episode = await db.query<{ id: number }>(
    `INSERT INTO podcast_episodes (podcast_id, guid, title, enclosure_url, published_at)
     VALUES ($1, 'e1', 'An episode to talk about', $2, now()) RETURNING id`,
    [podcast.rows[0]?.id, `https://${host}/e1.mp3`],
  );
  return { articleId: Number(article.rows[0]?.id), episodeId: Number(episode.rows[0]?.id) };
}
