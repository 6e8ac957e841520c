/**
 * The chat part of the seed (issue 14): the system accounts (the 'sportspyder' bot of spec 3 §2 and
 * the '[deleted]' ghost shown for anonymised messages), the general channels, one channel per sport
 * and two per team, and the admin as moderator of the general ones. Idempotent like the rest of the
 * seed: a team added to the data files later gets its channels on the next start.
 *
 * `seedDemoChat` adds a few demo members and a morning's worth of messages, replies and likes to the
 * general channel, the NFL channel and the demo member's followed teams, so a first `npm start` shows a
 * lively chat; it runs once, with the demo data.
 * @module
 */
import type { Database, Queryable } from '../db/database.js';

/** The bot's username (spec 3 §2: shown with the logo avatar). */
export const BOT_USERNAME = 'sportspyder';
/** The author shown for messages of deleted accounts (brackets: no member can sign up with it). */
export const GHOST_USERNAME = '[deleted]';

/** The general channels, in list order; the first is selected by default. */
export const GENERAL_CHANNELS = [
  { slug: 'general', name: 'General' },
  { slug: 'off-topic', name: 'Off Topic' },
  { slug: 'moderators', name: 'Moderators', moderatorsOnly: true },
] as const;

// Neither hash is an argon2 hash: verifying a password against them always fails.
const NO_PASSWORD = '!';

/** Inserts the system accounts, channels and moderators that are missing. */
export async function seedChat(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO users (email, username, password_hash, system_role, chat_accepted_rules, chat_color)
     VALUES ('bot@sportspyder.invalid', $1, $3, 'bot', true, 'Default'),
            ('deleted@sportspyder.invalid', $2, $3, 'ghost', true, 'Grey')
     ON CONFLICT DO NOTHING`,
    [BOT_USERNAME, GHOST_USERNAME, NO_PASSWORD],
  );
  await db.query(
    `INSERT INTO chat_channels (kind, scope, slug, name, position, is_default, moderators_only)
     SELECT 'general', 'general', x.slug, x.name, x.n, x.n = 0, x.moderators_only
     FROM jsonb_to_recordset($1::jsonb) AS x(slug text, name text, n int, moderators_only boolean)
     ON CONFLICT (scope, slug) DO NOTHING`,
    [
      JSON.stringify(
        GENERAL_CHANNELS.map((c, n) => ({
          slug: c.slug,
          name: c.name,
          n,
          moderators_only: 'moderatorsOnly' in c,
        })),
      ),
    ],
  );
  await db.query(
    `INSERT INTO chat_channels (kind, sport_id, scope, slug, name, position, is_default)
     SELECT 'sport', s.id, 'sport:' || s.id, 'general', s.name, 0, true FROM sports s
     ON CONFLICT (scope, slug) DO NOTHING`,
  );
  // A team's own room, and one for game days (the busiest hours of a team chat).
  await db.query(
    `INSERT INTO chat_channels (kind, sport_id, team_id, scope, slug, name, position, is_default)
     SELECT 'team', t.sport_id, t.id, 'team:' || t.id, x.slug, CASE WHEN x.n = 0 THEN t.name ELSE x.name END,
       x.n, x.n = 0
     FROM teams t, (VALUES ('general', '', 0), ('game-day', 'Game Day', 1)) AS x(slug, name, n)
     ON CONFLICT (scope, slug) DO NOTHING`,
  );
  await db.query(
    `INSERT INTO chat_channel_moderators (channel_id, user_id)
     SELECT c.id, u.id FROM chat_channels c, users u
     WHERE c.scope = 'general' AND u.admin AND lower(u.email) = 'admin@sportspyder.test'
     ON CONFLICT DO NOTHING`,
  );
}

/** Demo members who chat (no password: nobody signs in as them). */
const DEMO_CHATTERS = [
  { username: 'cheesehead_22', color: 'Green', accepted: true },
  { username: 'gridiron_gus', color: 'Fire', accepted: true },
  { username: 'celtics_pride', color: 'Emerald', accepted: true },
  { username: 'bronx_bomber', color: 'Ocean', accepted: true },
];

/** A demo conversation: [author, content, minutes ago, replies as [author, content, minutes ago]]. */
type Script = [string, string, number, [string, string, number][]?][];

const SCRIPTS: Record<string, Script> = {
  'general:general': [
    [BOT_USERNAME, 'Welcome to SportSpyder chat! Keep it about sports and be good to each other.', 300],
    [
      'gridiron_gus',
      'Who else is up early for the west coast scores?',
      95,
      [
        ['bronx_bomber', 'Always. Coffee and box scores.', 90],
        ['celtics_pride', 'Still asleep, technically.', 84],
      ],
    ],
    ['celtics_pride', 'Hot take: the trade deadline is more fun than the playoffs.', 40],
    ['profan', 'The new podcast recaps are great for the commute.', 12],
  ],
  'sport:nfl': [
    [BOT_USERNAME, 'NFL chat is open. Game threads start an hour before kickoff.', 240],
    [
      'gridiron_gus',
      'Power rankings are out and they are wild this week.',
      70,
      [
        ['cheesehead_22', 'Packers at 4 is disrespectful.', 66],
        ['demo', 'Honestly fair after that second half.', 61],
      ],
    ],
    ['cheesehead_22', 'Any fantasy advice for a bye week with two RBs out?', 25],
  ],
  'team:green-bay-packers': [
    [
      'cheesehead_22',
      'Go Pack Go! Big one on Sunday.',
      180,
      [
        ['demo', 'Defense has to show up this time.', 170],
        ['gridiron_gus', 'Run the ball and it is over by halftime.', 150],
      ],
    ],
    ['demo', 'Injury report looks better than last week.', 55],
    ['cheesehead_22', 'Lambeau in the snow is the best thing in sports.', 9],
  ],
  'team:boston-celtics': [
    ['celtics_pride', 'Ball movement last night was beautiful.', 130],
    ['demo', 'Bench scored 40. Depth wins titles.', 48],
  ],
  'team:new-york-yankees': [
    ['bronx_bomber', 'Pitchers and catchers report soon. Counting the days.', 200],
    ['demo', 'Need a lefty reliever before opening day.', 33],
  ],
};

/** Seeds the demo chat once (nothing when any channel message exists already). */
export async function seedDemoChat(db: Database): Promise<void> {
  const started = await db.query('SELECT 1 FROM chat_messages LIMIT 1');
  if (started.rows.length > 0) return;
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO users (email, username, password_hash, chat_color, chat_accepted_rules)
       SELECT x.username || '@demo.sportspyder.invalid', x.username, $2, x.color, x.accepted
       FROM jsonb_to_recordset($1::jsonb) AS x(username text, color text, accepted boolean)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(DEMO_CHATTERS), NO_PASSWORD],
    );
    for (const [place, script] of Object.entries(SCRIPTS)) {
      const [kind, key] = place.split(':') as [string, string];
      const channel = await tx.query<{ id: number }>(
        kind === 'general'
          ? `SELECT id FROM chat_channels WHERE scope = 'general' AND slug = $1`
          : kind === 'sport'
            ? `SELECT c.id FROM chat_channels c JOIN sports s ON c.scope = 'sport:' || s.id WHERE s.slug = $1 AND c.is_default`
            : `SELECT c.id FROM chat_channels c JOIN teams t ON c.scope = 'team:' || t.id WHERE t.slug = $1 AND c.is_default`,
        [key],
      );
      const channelId = channel.rows[0]?.id;
      if (channelId === undefined) continue;
      for (const [author, content, ago, replies = []] of script) {
        const parent = await insertDemoMessage(tx, channelId, null, author, content, ago);
        if (parent === null) continue;
        for (const [replyAuthor, replyContent, replyAgo] of replies) {
          await insertDemoMessage(tx, channelId, parent, replyAuthor, replyContent, replyAgo);
        }
        await tx.query(
          `UPDATE chat_messages SET replies_count = (SELECT count(*) FROM chat_messages r WHERE r.parent_id = $1)
           WHERE id = $1`,
          [parent],
        );
      }
    }
    // A few likes from the demo members on each conversation's opener.
    await tx.query(
      `INSERT INTO chat_likes (message_id, user_id)
       SELECT m.id, u.id FROM chat_messages m, users u
       WHERE m.parent_id IS NULL AND u.email LIKE '%@demo.sportspyder.invalid' AND u.id <> m.user_id
         AND (m.id + u.id) % 2 = 0
       ON CONFLICT DO NOTHING`,
    );
    await tx.query(
      `UPDATE chat_messages m SET likes_count = (SELECT count(*) FROM chat_likes l WHERE l.message_id = m.id)`,
    );
  });
}

async function insertDemoMessage(
  tx: Queryable,
  channelId: number,
  parentId: number | null,
  author: string,
  content: string,
  minutesAgo: number,
): Promise<number | null> {
  const { rows } = await tx.query<{ id: number | string }>(
    `INSERT INTO chat_messages (user_id, channel_id, parent_id, content, created_at)
     SELECT u.id, $1, $2, $4, now() - make_interval(mins => $5) FROM users u WHERE u.username = $3
     RETURNING id`,
    [channelId, parentId, author, content, minutesAgo],
  );
  return rows[0] ? Number(rows[0].id) : null;
}
