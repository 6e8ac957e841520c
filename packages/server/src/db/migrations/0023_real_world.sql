-- The real world (issue 44): which world a database is in, where each source came from, and the health
-- the admin page shows.
--
-- One row per setting of this database. `sources_world` holds the world chosen at its first start
-- ({"mode":"demo"|"real","reason":"…","chosenAt":"…"}), so later starts stay in it
-- (src/sources/world/choose-world.ts).
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Where a source came from: the demo generator, the shipped catalogue, or an admin (page, CLI, OPML).
ALTER TABLE sources ADD COLUMN origin text NOT NULL DEFAULT 'admin'
  CHECK (origin IN ('demo', 'catalogue', 'admin'));
UPDATE sources SET origin = 'demo' WHERE feed_url LIKE 'demo:%';
-- The HTTP status of the last fetch (null before the first and for a network failure).
ALTER TABLE sources ADD COLUMN last_status integer;
-- When the current run of failures began (null while healthy): a source failing for 7 days is disabled.
ALTER TABLE sources ADD COLUMN failing_since timestamptz;
-- Why a source was disabled (by the admin, or automatically after 7 days of failures), and when.
ALTER TABLE sources ADD COLUMN disabled_reason text;
ALTER TABLE sources ADD COLUMN disabled_at timestamptz;
-- The durations of the last fetches in milliseconds, newest last (at most 9): the health table's median.
ALTER TABLE sources ADD COLUMN fetch_ms integer[] NOT NULL DEFAULT '{}';
CREATE INDEX sources_origin_idx ON sources (origin);
-- A source removed by an admin who kept its articles: it is never fetched again and leaves the admin's
-- table, while its articles stay on the site (they reference the row).
ALTER TABLE sources ADD COLUMN removed_at timestamptz;
