-- The host a source's feed is fetched from, kept by the database itself (issue 44's catalogue replay):
-- the scheduler leases at most as many sources of one host as the per-host politeness lets run, so a
-- host with a hundred feeds (reddit.com, youtube.com) no longer fills every ingest slot with feeds that
-- wait their turn while other hosts' due feeds wait for a slot. `demo:` and `file:` URLs have no host
-- (NULL) and are never capped. The expression is the one `sourceHost()` in
-- src/ingest/scheduler/source-host.ts applies in JavaScript; keep the two equal.
ALTER TABLE sources ADD COLUMN host text
  GENERATED ALWAYS AS (lower(substring(feed_url FROM '^[Hh][Tt][Tt][Pp][Ss]?://(?:[^/?#@]*@)?(\[[^]/?#]*\]|[^/?#:]+)'))) STORED;
