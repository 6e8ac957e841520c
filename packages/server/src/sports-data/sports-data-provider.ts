/**
 * What SportSpyder needs of a sports data provider (issue 45): each league's teams with the provider's
 * ids, a team's roster, the games of a date range with their state and score, and the standings. The
 * real world reads them from one (ESPN's public site API, `espn/`); the demo world generates its own and
 * uses none. Another provider plugs in by implementing {@link SportsDataProvider} and naming itself in
 * `create-provider.ts`; everything downstream (team matching, the roster, game and standings syncs)
 * works on these shapes only.
 *
 * Every method answers a {@link ProviderAnswer}: the data, or why there is none (the provider was
 * unreachable, answered an error, or answered a shape we do not know). A provider never throws and never
 * answers half of a list it could not read: a roster with one unreadable athlete is answered without that
 * athlete and the athlete is counted in `skipped`, so a sync can log it.
 * @module
 */

/** A league as the provider names it (ESPN: `football/nfl`), with our sport's slug. */
export interface ProviderLeague {
  /** Our sport's slug (`data/reference/sports.json`). */
  sport: string;
  /** The provider's key of the league. */
  key: string;
}

/** A team as the provider lists it. */
export interface ProviderTeam {
  externalId: string;
  /** "GB" */
  abbreviation: string | null;
  /** "Green Bay Packers" */
  displayName: string;
  /** "Green Bay" */
  location: string | null;
  /** "Packers" */
  name: string | null;
  /** The provider's own slug, when it has one ("green-bay-packers"). */
  slug: string | null;
}

/** A player on a roster. */
export interface ProviderAthlete {
  externalId: string;
  fullName: string;
  /** The shirt number as shown ("12"), or null. */
  jersey: string | null;
  /** The position's abbreviation and name ("QB", "Quarterback"), or null. */
  position: { abbreviation: string; name: string } | null;
  headshotUrl: string | null;
  /** Injury status as the provider words it ("Questionable"), or null when healthy. */
  injury: string | null;
}

/** The state of a game, in spec 2's terms. */
export type GameState = 'not-started' | 'in-play' | 'finished';

/** A game of a scoreboard. */
export interface ProviderGame {
  externalId: string;
  startsAt: Date;
  state: GameState;
  /** In play: where the game is ("Q3 4:12", "Top 7th"); finished: "Final" (or "Final/OT"); else null. */
  progress: string | null;
  home: { teamExternalId: string; score: number | null };
  away: { teamExternalId: string; score: number | null };
}

/** A team's record in the standings. */
export interface ProviderStanding {
  teamExternalId: string;
  /** The season it counts for ("2026"). */
  season: string;
  wins: number;
  losses: number;
  /** Ties (NFL), overtime losses (NHL), draws (soccer). */
  ties: number;
}

/** Why a provider answered no data. */
export interface ProviderFailure {
  /** `unreachable` (network, timeout), `http` (an error status), `shape` (an answer we cannot read). */
  code: 'unreachable' | 'http' | 'shape';
  message: string;
}

/** The data, or a failure; `skipped` counts the list's elements that could not be read. */
export type ProviderAnswer<T> =
  | { ok: true; data: T; skipped: number }
  | { ok: false; failure: ProviderFailure };

/** A sports data provider. */
export interface SportsDataProvider {
  /** The provider's name, stored beside its ids (`espn`). */
  readonly name: string;
  /** The leagues it covers, by our sport slug. */
  readonly leagues: readonly ProviderLeague[];
  /** The league's teams. */
  teams(league: ProviderLeague): Promise<ProviderAnswer<ProviderTeam[]>>;
  /** A team's roster now. */
  roster(league: ProviderLeague, teamExternalId: string): Promise<ProviderAnswer<ProviderAthlete[]>>;
  /** The games from `from` to `to` (UTC calendar days, inclusive). */
  scoreboard(league: ProviderLeague, from: Date, to: Date): Promise<ProviderAnswer<ProviderGame[]>>;
  /** The league's standings now. */
  standings(league: ProviderLeague): Promise<ProviderAnswer<ProviderStanding[]>>;
}
