/**
 * Shared pieces of the security figure tests: the app (every route on, the Stripe webhook included),
 * the routes of the contract's registry by kind, concrete URLs for a route, a minimal body from its
 * schema, and digests of the database to prove that refused requests changed nothing.
 * @module
 */
import { createHash } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { type RouteDef, routes } from '@sportspyder/contract';
import { buildAccountApp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import type { Database } from '../../db/database.js';

/** One route of the registry with its operation name. */
export interface NamedRoute extends RouteDef {
  name: string;
}

/** The methods that change state. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every route of the contract's registry, named. */
export function registryRoutes(): NamedRoute[] {
  return Object.entries(routes as Record<string, RouteDef>).map(([name, route]) => ({ ...route, name }));
}

/** The state-changing calls of the contract. */
export function stateChangingRoutes(): NamedRoute[] {
  return registryRoutes().filter((route) => UNSAFE_METHODS.has(route.method));
}

/** The `profile/*` calls of the contract. */
export function profileRoutes(): NamedRoute[] {
  return registryRoutes().filter((route) => route.url.startsWith('/api/v1/profile/'));
}

/** The `:param` names of a route URL. */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
}

/** The route URL with its params filled (a missing param becomes `fallback`). */
export function urlOf(
  url: string,
  params: Readonly<Record<string, string | number>>,
  fallback = '1',
): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? fallback)),
  );
}

/**
 * A body shaped like the route's schema (TypeBox's defaults), or `{}` when the schema cannot make one
 * by itself (patterns without defaults): enough to be a plausible JSON call.
 */
export function sampleBody(route: RouteDef): unknown {
  if (!route.body) return undefined;
  try {
    return Value.Create(route.body);
  } catch {
    return {};
  }
}

/** The app the figures run on: real mail outbox, high limits, and the Stripe webhook registered. */
export function buildSecurityApp(db: Database): Promise<SportSpyderApp> {
  return buildAccountApp(db, {
    stripeWebhookSecret: 'whsec_security_figures',
    stripePriceMonthly: 'price_monthly_test',
    stripePriceYearly: 'price_yearly_test',
  });
}

/** The public tables of the database. */
async function tableNames(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  return rows.map((r) => r.name);
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A digest per table of every row (order-independent): equal digests mean nothing changed. */
export async function databaseDigest(db: Database): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const table of await tableNames(db)) {
    const { rows } = await db.query<{ digest: string | null; n: number }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*)::int AS n
       FROM ${quoted(table)} t`,
    );
    digests.set(table, `${rows[0]?.n}:${rows[0]?.digest}`);
  }
  return digests;
}

/**
 * A digest of one member's rows: their user row, every row of a table with a `user_id` column that is
 * theirs, and the rosters of their fantasy teams.
 */
export async function memberDigest(db: Database, userId: number): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'user_id' ORDER BY table_name`,
  );
  const hash = createHash('sha256');
  const add = async (label: string, sql: string) => {
    const { rows } = await db.query<{ rows: string | null }>(sql, [userId]);
    hash.update(`${label}=${rows[0]?.rows ?? ''}\n`);
  };
  await add('users', `SELECT string_agg(t::text, '|') AS rows FROM users t WHERE t.id = $1`);
  for (const { name } of tables) {
    await add(
      name,
      `SELECT string_agg(t::text, '|' ORDER BY t::text) AS rows FROM ${quoted(name)} t WHERE t.user_id = $1`,
    );
  }
  await add(
    'fantasy_rosters',
    `SELECT string_agg(r::text, '|' ORDER BY r::text) AS rows FROM fantasy_rosters r
     JOIN fantasy_teams f ON f.id = r.fantasy_team_id WHERE f.user_id = $1`,
  );
  return hash.digest('hex');
}

/** The tables whose digest differs between two {@link databaseDigest}s. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
