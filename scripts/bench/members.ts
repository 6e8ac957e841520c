// The signed-in members of the server benchmark's members' run (issue 15, "Members' pages"): N members
// written into a generated benchmark database, each with a real session (a row of `sessions` made by
// the server's own createSession; the cookie carries its token), three followed teams of one sport and,
// for each followed team, one of that team's blogs hidden, so every member's team pages are personal.
// Also the request mix the load sends: each member's news of their three teams and of their sport,
// interleaved so that consecutive requests come from different members.
//
// Members are recreated on every call (sessions last 30 days, the database is reused for 12 hours).
import { createSession } from '../../packages/server/src/auth/sessions.js';
import type { Database } from '../../packages/server/src/db/database.js';
import { sessionCookieName } from '../../packages/server/src/http/cookies.js';

/** One benchmark member. */
export interface BenchMember {
  userId: number;
  username: string;
  /** The session cookie's value. */
  token: string;
  /** The teams they follow (slugs), and the sport of those teams. */
  teamSlugs: string[];
  sportSlug: string;
}

/** One request of the mix: a path and the member's cookie (see fixed-rate.ts `--paths-file`). */
export interface MemberRequest {
  path: string;
  cookie: string;
}

const PREFIX = 'bench-member-';

/**
 * (Re)creates `count` members with follows, hides and sessions in `db` (the server must not be running
 * on it: PGlite has one owner). Team choice is deterministic: member i follows three consecutive teams
 * of the pro sport i falls on, so some teams are shared and every member's set is its own.
 */
export async function createBenchMembers(db: Database, count: number): Promise<BenchMember[]> {
  await db.query(`DELETE FROM users WHERE username LIKE '${PREFIX}%'`);
  const teams = (
    await db.query<{ id: number; slug: string; sport_slug: string; sport_id: number }>(
      `SELECT t.id, t.slug, s.slug AS sport_slug, s.id AS sport_id FROM teams t JOIN sports s ON s.id = t.sport_id
        WHERE NOT s.is_college ORDER BY s.position, t.id`,
    )
  ).rows;
  const bySport = new Map<number, typeof teams>();
  for (const t of teams) bySport.set(t.sport_id, [...(bySport.get(t.sport_id) ?? []), t]);
  const sports = [...bySport.values()].filter((list) => list.length >= 3);
  const members: BenchMember[] = [];
  for (let i = 0; i < count; i++) {
    const sportTeams = sports[i % sports.length] as typeof teams;
    const first = Math.floor(i / sports.length) % sportTeams.length;
    const chosen = [0, 1, 2].map(
      (k) => sportTeams[(first + k) % sportTeams.length] as (typeof teams)[number],
    );
    const username = `${PREFIX}${i + 1}`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (email, username, password_hash) VALUES ($1, $2, 'bench: never signs in with a password')
       RETURNING id`,
      [`${username}@bench.example`, username],
    );
    const userId = Number(rows[0]?.id);
    await db.query(
      `INSERT INTO following_teams (user_id, team_id, position)
       SELECT $1, t, p::int - 1 FROM unnest($2::int[]) WITH ORDINALITY AS x(t, p)`,
      [userId, chosen.map((t) => t.id)],
    );
    // One blog of each followed team hidden from it (the i-th of its blogs, so members differ).
    await db.query(
      `INSERT INTO hidden_sources (user_id, team_id, source_id)
       SELECT $1, t, (SELECT st.source_id FROM source_teams st WHERE st.team_id = t
                      ORDER BY st.source_id OFFSET $3 % greatest((SELECT count(*) FROM source_teams WHERE team_id = t), 1)
                      LIMIT 1)
         FROM unnest($2::int[]) AS x(t)
        WHERE EXISTS (SELECT 1 FROM source_teams st WHERE st.team_id = t)`,
      [userId, chosen.map((t) => t.id), i],
    );
    members.push({
      userId,
      username,
      token: await createSession(db, userId, 30),
      teamSlugs: chosen.map((t) => t.slug),
      sportSlug: (chosen[0] as (typeof teams)[number]).sport_slug,
    });
  }
  return members;
}

/**
 * The members' run's requests: round r sends every member's r-th page (team 1, team 2, team 3 news,
 * then their sport's news), so that consecutive requests come from different members.
 */
export function memberRequests(members: readonly BenchMember[]): MemberRequest[] {
  const name = sessionCookieName({ production: false });
  const pages = (m: BenchMember) => [
    ...m.teamSlugs.map((slug) => `/api/v1/teams/${slug}/articles`),
    `/api/v1/sports/${m.sportSlug}/articles`,
  ];
  const out: MemberRequest[] = [];
  for (let round = 0; round < 4; round++) {
    for (const m of members) out.push({ path: pages(m)[round] as string, cookie: `${name}=${m.token}` });
  }
  return out;
}
