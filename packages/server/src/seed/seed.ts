/**
 * The idempotent seed: reference data (sports, divisions/conferences, teams, topics, legacy slugs) and
 * the demo accounts. Rows that already exist are left alone, so it runs on every start and picks up
 * teams added to the data files later.
 * @module
 */

import { hashPassword } from '../auth/passwords.js';
import type { Database } from '../db/database.js';
import { referenceDataDir } from '../paths.js';
import { seedChat } from './chat-seed.js';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.js';
import { readReferenceData, resolveRenames } from './reference-data.js';

/** What a seed run inserted. */
export interface SeedResult {
  /** Sports inserted. */
  sports: number;
  /** Teams inserted. */
  teams: number;
  /** Topics inserted. */
  topics: number;
  /** Demo users inserted. */
  users: number;
}

/** Options of {@link seed}. */
export interface SeedOptions {
  /** Reference data folder (default `data/reference` of the package). */
  referenceDir?: string;
  /** Accounts to create (default {@link DEMO_ACCOUNTS}). */
  accounts?: readonly DemoAccount[];
}

const exists = async (db: Database, sql: string, params: unknown[]) =>
  (await db.query(sql, params)).rows.length > 0;

/**
 * Inserts whatever reference data and demo accounts are missing.
 *
 * @example
 * ```ts
 * await migrate(db);
 * await seed(db); // { sports: 9, teams: 447, topics: 20, users: 3 } on a fresh database
 * ```
 */
export async function seed(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const data = readReferenceData(options.referenceDir ?? referenceDataDir());
  const sportIdBySlug = new Map(data.sports.map((s) => [s.slug, s.id]));

  const sports = data.sports.map((s, position) => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    nav_name: s.navName ?? null,
    is_college: Boolean(s.isCollege),
    twitter_account: s.twitterAccount ?? null,
    color: s.color ?? null,
    position,
  }));
  const groups = data.teams.flatMap((file) =>
    file.groups.map((g, position) => ({
      id: g.id,
      sport_id: sportIdBySlug.get(file.sport),
      name: g.name,
      kind: g.kind,
      position,
    })),
  );
  const teams = data.teams.flatMap((file) => {
    const college = data.sports.find((s) => s.slug === file.sport)?.isCollege ?? false;
    return file.teams.map((t) => ({
      slug: t.slug,
      sport_id: sportIdBySlug.get(file.sport),
      division_id: t.group,
      name: t.name,
      full_name: t.fullName,
      short_name: t.shortName,
      location: t.location ?? '',
      primary_color: t.colors[0] ?? '#333333',
      secondary_color: t.colors[1] ?? '#ffffff',
      twitter_account: t.twitterAccount ?? null,
      // Podcasts exist for pro teams only (spec 2); college teams get them later if ever.
      podcasts_enabled: !college,
    }));
  });
  // Ids follow file order on a fresh database, so they are the same on every machine.
  const orderedTeams = teams.map((t, n) => ({ ...t, n }));
  const topics = data.topics.map((t, position) => ({
    id: t.id,
    slug: t.slug,
    name: t.name,
    icon_color: t.iconColor,
    position,
  }));

  const result = await db.transaction(async (tx) => {
    // jsonb_to_recordset inserts each table in one statement: hundreds of rows stay one round trip.
    const insertedSports = await tx.query(
      `INSERT INTO sports (id, slug, name, nav_name, is_college, twitter_account, color, position)
       SELECT id, slug, name, nav_name, is_college, twitter_account, color, position
       FROM jsonb_to_recordset($1::jsonb) AS x(id int, slug text, name text, nav_name text, is_college boolean,
         twitter_account text, color text, position int)
       ON CONFLICT DO NOTHING RETURNING id`,
      [JSON.stringify(sports)],
    );
    await tx.query(
      `INSERT INTO divisions (id, sport_id, name, kind, position)
       SELECT id, sport_id, name, kind, position
       FROM jsonb_to_recordset($1::jsonb) AS x(id int, sport_id int, name text, kind text, position int)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(groups)],
    );
    const insertedTeams = await tx.query(
      `INSERT INTO teams (slug, sport_id, division_id, name, full_name, short_name, location, primary_color,
         secondary_color, twitter_account, podcasts_enabled)
       SELECT slug, sport_id, division_id, name, full_name, short_name, location, primary_color, secondary_color,
         twitter_account, podcasts_enabled
       FROM jsonb_to_recordset($1::jsonb) AS x(slug text, sport_id int, division_id int, name text,
         full_name text, short_name text, location text, primary_color text, secondary_color text,
         twitter_account text, podcasts_enabled boolean, n int)
       ORDER BY n
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [JSON.stringify(orderedTeams)],
    );
    const insertedTopics = await tx.query(
      `INSERT INTO topics (id, slug, name, icon_color, position)
       SELECT id, slug, name, icon_color, position
       FROM jsonb_to_recordset($1::jsonb) AS x(id int, slug text, name text, icon_color text, position int)
       ON CONFLICT DO NOTHING RETURNING id`,
      [JSON.stringify(topics)],
    );
    const existing = new Set(
      (await tx.query<{ slug: string }>('SELECT slug FROM teams')).rows.map((r) => r.slug),
    );
    const renames = [...resolveRenames(data.legacySlugs, existing)].map(([from_slug, to_slug]) => ({
      from_slug,
      to_slug,
    }));
    await tx.query(
      `INSERT INTO team_slug_renames (from_slug, to_slug)
       SELECT from_slug, to_slug FROM jsonb_to_recordset($1::jsonb) AS x(from_slug text, to_slug text)
       ON CONFLICT (from_slug) DO UPDATE SET to_slug = EXCLUDED.to_slug`,
      [JSON.stringify(renames)],
    );
    return {
      sports: insertedSports.rows.length,
      teams: insertedTeams.rows.length,
      topics: insertedTopics.rows.length,
    };
  });

  let users = 0;
  for (const account of options.accounts ?? DEMO_ACCOUNTS) {
    if (await exists(db, 'SELECT 1 FROM users WHERE lower(email) = lower($1)', [account.email])) continue;
    // Hash outside the transaction: argon2 takes tens of milliseconds and PGlite has one connection.
    const passwordHash = await hashPassword(account.password);
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO users (email, username, password_hash, admin, pro_state, pro_since, api)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 = '' THEN NULL ELSE now() END, $6)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          account.email,
          account.username,
          passwordHash,
          account.admin,
          account.proState,
          account.api ?? false,
        ],
      );
      const userId = rows[0]?.id;
      if (userId === undefined) return;
      users += 1;
      await tx.query(
        `INSERT INTO following_teams (user_id, team_id, position)
         SELECT $1, t.id, s.n FROM unnest($2::text[]) WITH ORDINALITY AS s(slug, n) JOIN teams t ON t.slug = s.slug
         ON CONFLICT DO NOTHING`,
        [userId, account.followingTeams],
      );
    });
  }
  // Chat channels for every sport and team, the bot and the admin as moderator (after the accounts).
  await seedChat(db);
  return { ...result, users };
}
