-- Search (issue 12), part two: full-text search of articles, podcast episodes, podcasts and posts with
-- PostgreSQL's own text search (the same SQL on PGlite and PostgreSQL). Each row stores its weighted
-- tsvector as a generated column, accents folded by ss_unaccent (migration 0008) and words stemmed by
-- the 'english' configuration, so "injures" finds "injured" and "Montréal" finds "Montreal".
-- Weights: A for the title, B for the summary or description, so a title match outranks a body match.
--
-- GIN indexes batch their insertions in a pending list that every search reads row by row until it is
-- merged (by VACUUM, which PGlite never runs on its own, or when it outgrows gin_pending_list_limit).
-- Articles and episodes arrive all day, so their list is kept small (256 kB) rather than turned off:
-- a feed's items still go in as one batch, and a search reads at most 256 kB of pending entries.

ALTER TABLE articles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, public.ss_unaccent(title)), 'A') ||
  setweight(to_tsvector('english'::regconfig, public.ss_unaccent(COALESCE(summary, ''))), 'B')
) STORED;
CREATE INDEX articles_search_idx ON articles USING gin (search_vector) WITH (gin_pending_list_limit = 256);

ALTER TABLE podcast_episodes ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, public.ss_unaccent(title)), 'A') ||
  setweight(to_tsvector('english'::regconfig, public.ss_unaccent(COALESCE(summary, description, ''))), 'B')
) STORED;
CREATE INDEX podcast_episodes_search_idx ON podcast_episodes USING gin (search_vector)
  WITH (gin_pending_list_limit = 256);

ALTER TABLE podcasts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, public.ss_unaccent(title)), 'A') ||
  setweight(to_tsvector('english'::regconfig, public.ss_unaccent(COALESCE(author, ''))), 'B') ||
  setweight(to_tsvector('english'::regconfig, public.ss_unaccent(COALESCE(description, ''))), 'C')
) STORED;
CREATE INDEX podcasts_search_idx ON podcasts USING gin (search_vector) WITH (fastupdate = off);

ALTER TABLE posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  to_tsvector('english'::regconfig, public.ss_unaccent(text))
) STORED;
CREATE INDEX posts_search_idx ON posts USING gin (search_vector) WITH (gin_pending_list_limit = 256);
