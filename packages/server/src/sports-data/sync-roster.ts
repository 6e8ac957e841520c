/**
 * A team's roster from the provider into `players` (issue 45): each athlete is found by the provider's
 * id (or created, with a slug of its name), moved to this team, given its number, position and headshot,
 * and marked active; a player of this team missing from the roster is marked inactive, never deleted
 * (articles point at them). The whole roster is written in one transaction, or not at all when the
 * provider's answer could not be read: never half a roster.
 * @module
 */
import type { Database, Queryable } from '../db/database.js';
import type {
  ProviderAthlete,
  ProviderFailure,
  ProviderLeague,
  SportsDataProvider,
} from './sports-data-provider.js';

/** What a roster sync did. */
export type SyncRosterResult =
  | { ok: true; players: number; created: number; inactive: number; skipped: number }
  | { ok: false; failure: ProviderFailure };

/** A URL slug of a name ("Luka Dončić" → "luka-doncic"). */
export function playerSlug(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'player'
  );
}

/**
 * Slugs for new players: the name's, or with the sport and then the provider's id when another player has
 * it (two Josh Allens).
 */
async function freeSlugs(
  tx: Queryable,
  sport: string,
  wanted: readonly { externalId: string; name: string }[],
): Promise<Map<string, string>> {
  const bases = wanted.map((w) => ({ id: w.externalId, base: playerSlug(w.name) }));
  const candidates = bases.flatMap((b) => [b.base, `${b.base}-${sport}`, `${b.base}-${sport}-${b.id}`]);
  const { rows } = await tx.query<{ slug: string }>('SELECT slug FROM players WHERE slug = ANY($1::text[])', [
    candidates,
  ]);
  const used = new Set(rows.map((r) => r.slug));
  const out = new Map<string, string>();
  for (const b of bases) {
    const slug = [b.base, `${b.base}-${sport}`].find((s) => !used.has(s)) ?? `${b.base}-${sport}-${b.id}`;
    used.add(slug);
    out.set(b.id, slug);
  }
  return out;
}

/**
 * Reads the roster of our team `teamId` (the provider's `externalId`) and stores it.
 * @example
 * await syncRoster(db, provider, league, { teamId: 7, externalId: '12' });
 */
export async function syncRoster(
  db: Database,
  provider: SportsDataProvider,
  league: ProviderLeague,
  team: { teamId: number; externalId: string },
  now: Date = new Date(),
): Promise<SyncRosterResult> {
  const answer = await provider.roster(league, team.externalId);
  if (!answer.ok) return answer;
  // One entry per athlete (a provider may list one twice, e.g. under two position groups).
  const athletes = [...new Map(answer.data.map((a) => [a.externalId, a])).values()];
  return db.transaction(async (tx) => {
    const positions = [
      ...new Map(
        athletes.flatMap((a) => (a.position ? [[a.position.abbreviation, a.position]] : [])),
      ).values(),
    ];
    await tx.query(
      `INSERT INTO positions (sport_id, name, abbr, grp)
       SELECT s.id, x.name, x.abbreviation, '' FROM jsonb_to_recordset($2::jsonb) AS x(name text, abbreviation text)
       JOIN sports s ON s.slug = $1
       ON CONFLICT (sport_id, abbr) DO NOTHING`,
      [league.sport, JSON.stringify(positions)],
    );
    const known = await tx.query<{ externalId: string }>(
      'SELECT external_id AS "externalId" FROM players WHERE provider = $1 AND external_id = ANY($2::text[])',
      [provider.name, athletes.map((a) => a.externalId)],
    );
    const knownIds = new Set(known.rows.map((r) => r.externalId));
    const fresh = athletes.filter((a) => !knownIds.has(a.externalId));
    const slugs = await freeSlugs(
      tx,
      league.sport,
      fresh.map((a) => ({ externalId: a.externalId, name: a.fullName })),
    );
    const rows = athletes.map((a: ProviderAthlete) => ({
      externalId: a.externalId,
      slug: slugs.get(a.externalId) ?? null,
      name: a.fullName,
      number: a.jersey,
      position: a.position?.abbreviation ?? null,
      headshot: a.headshotUrl,
      injury: a.injury,
    }));
    await tx.query(
      `INSERT INTO players (slug, name, team_id, sport_id, position_id, number, injured, injury, provider,
                            external_id, headshot_url, active, updated_at)
       SELECT COALESCE(x.slug, 'unused-' || x."externalId"), x.name, $3, s.id, p.id, x.number,
              x.injury IS NOT NULL, x.injury, $1, x."externalId", x.headshot, true, $4
         FROM jsonb_to_recordset($5::jsonb)
           AS x("externalId" text, slug text, name text, number text, position text, headshot text, injury text)
         JOIN sports s ON s.slug = $2
         LEFT JOIN positions p ON p.sport_id = s.id AND p.abbr = x.position
       ON CONFLICT (provider, external_id) WHERE external_id IS NOT NULL DO UPDATE SET
         name = EXCLUDED.name, team_id = EXCLUDED.team_id, position_id = EXCLUDED.position_id,
         number = EXCLUDED.number, injured = EXCLUDED.injured, injury = EXCLUDED.injury,
         headshot_url = EXCLUDED.headshot_url, active = true, updated_at = EXCLUDED.updated_at`,
      [provider.name, league.sport, team.teamId, now, JSON.stringify(rows)],
    );
    const gone = await tx.query(
      `UPDATE players SET active = false, updated_at = $4
        WHERE provider = $1 AND team_id = $2 AND active AND NOT (external_id = ANY($3::text[])) RETURNING id`,
      [provider.name, team.teamId, athletes.map((a) => a.externalId), now],
    );
    return {
      ok: true as const,
      players: athletes.length,
      created: fresh.length,
      inactive: gone.rows.length,
      skipped: answer.skipped,
    };
  });
}
