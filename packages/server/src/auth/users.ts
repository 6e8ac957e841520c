/**
 * Reads members and turns a user row into the contract's `User` (the session user).
 * @module
 */
import type { User } from '@sportspyder/contract';
import type { Queryable } from '../db/database.js';

const DAY_MS = 86_400_000;

interface UserRow {
  id: number;
  username: string;
  email: string;
  display_name: string | null;
  links_in_new_window: boolean;
  notifications_count: number;
  admin: boolean;
  pro_state: '' | 'trial' | 'comp' | 'paid';
  pro_since: Date | string | null;
  pro_expires_at: Date | string | null;
  api: boolean;
  chat_color: string;
  chat_pro_badge: boolean;
  chat_profanity_filter: boolean;
  chat_accepted_rules: boolean;
  chat_hidden: boolean;
  following: { id: number; teamId: number }[] | null;
  fantasy_teams: { id: number; name: string; sportId: number; sportSlug: string }[] | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Days left of a trial or comp PRO period (rounded up, never negative); null for paid or none. */
export function proDaysLeft(
  proState: string,
  expiresAt: Date | string | null,
  now: number = Date.now(),
): number | null {
  if ((proState !== 'trial' && proState !== 'comp') || expiresAt === null) return null;
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / DAY_MS));
}

/**
 * The PRO state in force: a trial or comp period whose end has passed is no PRO at all (the stored
 * state stays as it was until billing changes it), so the member sees ads and the PRO offer again.
 */
export function effectiveProState(
  proState: UserRow['pro_state'],
  expiresAt: Date | string | null,
  now: number = Date.now(),
): UserRow['pro_state'] {
  if ((proState === 'trial' || proState === 'comp') && expiresAt !== null) {
    if (new Date(expiresAt).getTime() <= now) return '';
  }
  return proState;
}

/** Loads the session user `id` in the contract's shape, or null when the account is gone. */
export async function loadUser(db: Queryable, id: number): Promise<User | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT u.*,
       (SELECT count(*)::int FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL)
         AS notifications_count,
       (SELECT json_agg(json_build_object('id', f.id, 'teamId', f.team_id) ORDER BY f.position, f.id)
          FROM following_teams f WHERE f.user_id = u.id) AS following,
       (SELECT json_agg(json_build_object('id', ft.id, 'name', ft.name, 'sportId', ft.sport_id,
                 'sportSlug', s.slug) ORDER BY ft.id)
          FROM fantasy_teams ft JOIN sports s ON s.id = ft.sport_id WHERE ft.user_id = u.id) AS fantasy_teams
     FROM users u WHERE u.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const proState = effectiveProState(row.pro_state, row.pro_expires_at);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    displayName: row.display_name,
    linksInNewWindow: row.links_in_new_window,
    notificationsCount: row.notifications_count,
    admin: row.admin,
    pro: proState !== '',
    proState,
    proDaysLeft: proDaysLeft(proState, row.pro_expires_at),
    proSince: iso(row.pro_since),
    api: row.api,
    chatColor: row.chat_color || 'Default',
    chatProBadge: row.chat_pro_badge,
    chatProfanityFilter: row.chat_profanity_filter,
    chatAcceptedRules: row.chat_accepted_rules,
    chatHidden: row.chat_hidden,
    fantasyTeams: row.fantasy_teams ?? [],
    followingTeams: row.following ?? [],
    suggestedTeams: [],
    podcastListens: { recents: [], completed: [], times: {}, episode: null },
  };
}

/** Finds the account and password hash of an e-mail (the sign-in username), case-insensitively. */
export async function findCredentials(
  db: Queryable,
  email: string,
): Promise<{ id: number; passwordHash: string } | null> {
  const { rows } = await db.query<{ id: number; password_hash: string }>(
    'SELECT id, password_hash FROM users WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  const row = rows[0];
  return row ? { id: row.id, passwordHash: row.password_hash } : null;
}
