-- Demo data (issue 3): remembers when and with which seed the demo feeds, rosters, games and standings
-- were generated, so a restart skips the work and a start a day later refreshes the dates.
CREATE TABLE demo_state (
  id integer PRIMARY KEY CHECK (id = 1),
  seed integer NOT NULL,
  generated_at timestamptz NOT NULL,
  sources_count integer NOT NULL DEFAULT 0
);
