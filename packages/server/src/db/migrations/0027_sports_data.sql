-- Real rosters, schedules, scores and standings from a sports data provider (issue 45,
-- src/sports-data/). The demo world keeps its generated players and games (no provider ids); the real world
-- reads them from a provider (ESPN's public site API) and keeps the provider's ids beside ours.

-- Our team as the provider knows it, per league (ESPN's team ids repeat across leagues).
CREATE TABLE team_provider_ids (
  provider text NOT NULL,
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  league text NOT NULL,            -- the provider's league key, e.g. 'football/nfl'
  external_id text NOT NULL,
  PRIMARY KEY (provider, team_id),
  UNIQUE (provider, league, external_id)
);

-- A provider's player: its id, headshot, and whether it is on a roster now. A player who leaves every
-- roster stays (articles point at them), marked inactive.
ALTER TABLE players ADD COLUMN provider text;
ALTER TABLE players ADD COLUMN external_id text;
ALTER TABLE players ADD COLUMN headshot_url text;
ALTER TABLE players ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE players ADD COLUMN updated_at timestamptz;
CREATE UNIQUE INDEX players_provider_id_idx ON players (provider, external_id) WHERE external_id IS NOT NULL;

-- A provider's game: its id, and when its state last changed (the realtime push says what changed).
ALTER TABLE games ADD COLUMN provider text;
ALTER TABLE games ADD COLUMN external_id text;
ALTER TABLE games ADD COLUMN updated_at timestamptz;
CREATE UNIQUE INDEX games_provider_id_idx ON games (provider, external_id) WHERE external_id IS NOT NULL;
