/**
 * The world a database is in (issue 44): `demo` (the generated outlets, offline) or `real` (the shipped
 * catalogue of public feeds). Chosen once, at the first start, and kept in `app_settings` so later starts
 * stay in it; read by `/healthz` and the start banner.
 * @module
 */
import type { Queryable } from '../../db/database.js';

/** The two worlds. */
export type WorldMode = 'demo' | 'real';

/** The stored choice: which world, why, and when it was chosen. */
export interface WorldSetting {
  /** The world. */
  mode: WorldMode;
  /** Why (shown at start and by `/healthz`). */
  reason: string;
  /** When the choice was made (ISO). */
  chosenAt: string;
}

const KEY = 'sources_world';

/**
 * The stored world, or null for a database that has none yet.
 * @example
 * const world = await readWorld(db); // { mode: 'demo', reason: 'no catalogue host answered…', chosenAt }
 */
export async function readWorld(db: Queryable): Promise<WorldSetting | null> {
  const { rows } = await db.query<{ value: WorldSetting | string }>(
    'SELECT value FROM app_settings WHERE key = $1',
    [KEY],
  );
  const value = rows[0]?.value;
  if (!value) return null;
  const parsed = typeof value === 'string' ? (JSON.parse(value) as WorldSetting) : value;
  return parsed.mode === 'demo' || parsed.mode === 'real' ? parsed : null;
}

/**
 * Stores the world of this database.
 * @example
 * await writeWorld(db, { mode: 'real', reason: 'SOURCES=real', chosenAt: new Date().toISOString() });
 */
export async function writeWorld(db: Queryable, world: WorldSetting): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [KEY, JSON.stringify(world)],
  );
}
