/**
 * The record shown beside a team on a game card ("10-3", or "8-4-1" when the team has ties,
 * overtime losses or draws), and the short abbreviation of a team the schema does not store.
 * @module
 */

/** A team's record of one season. */
export interface StandingRecord {
  /** Wins. */
  wins: number;
  /** Losses. */
  losses: number;
  /** Ties (NFL), overtime losses (NHL) or draws (soccer). */
  ties: number;
}

/**
 * Formats a record as "W-L", or "W-L-T" when there are ties; null when there is no record.
 *
 * @example
 * ```ts
 * formatStanding({ wins: 10, losses: 3, ties: 0 }); // "10-3"
 * formatStanding({ wins: 8, losses: 4, ties: 1 }); // "8-4-1"
 * ```
 */
export function formatStanding(record: StandingRecord | null | undefined): string | null {
  if (!record) return null;
  const base = `${record.wins}-${record.losses}`;
  return record.ties > 0 ? `${base}-${record.ties}` : base;
}

/**
 * A team's short abbreviation for score boxes: the initials of a multi-word location ("Green Bay"
 * -> "GB", "New England" -> "NE"), else the first three letters of the location or, without a
 * location, of the name ("Chicago" -> "CHI").
 *
 * @example
 * ```ts
 * teamAbbr('Green Bay', 'Packers'); // "GB"
 * ```
 */
export function teamAbbr(location: string, name: string): string {
  const words = location
    .trim()
    .split(/[\s.-]+/)
    .filter(Boolean);
  if (words.length > 1)
    return words
      .map((w) => w[0])
      .join('')
      .toUpperCase()
      .slice(0, 4);
  const base = words[0] ?? name.trim();
  return base
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase();
}
