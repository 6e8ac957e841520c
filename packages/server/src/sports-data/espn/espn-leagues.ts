/**
 * The leagues SportSpyder follows, by our sport slug, as ESPN's site API names them in its paths
 * (`/apis/site/v2/sports/<key>/…`). The keys are those of the API's public users (Home Assistant's Team
 * Tracker, sportsdataverse); see `__tests__/fixtures/README.md` for where each was seen.
 * @module
 */
import type { ProviderLeague } from '../sports-data-provider.js';

/** ESPN's league keys by our sport slug. */
export const ESPN_LEAGUES: readonly ProviderLeague[] = [
  { sport: 'nfl', key: 'football/nfl' },
  { sport: 'nba', key: 'basketball/nba' },
  { sport: 'mlb', key: 'baseball/mlb' },
  { sport: 'nhl', key: 'hockey/nhl' },
  { sport: 'wnba', key: 'basketball/wnba' },
  { sport: 'mls', key: 'soccer/usa.1' },
  { sport: 'premier-league', key: 'soccer/eng.1' },
  { sport: 'cf', key: 'football/college-football' },
  { sport: 'mcb', key: 'basketball/mens-college-basketball' },
];
