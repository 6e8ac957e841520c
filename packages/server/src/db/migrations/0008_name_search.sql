-- Search (issue 12), part one: the extensions and functions every search uses, and the trigram indexes
-- of the name searches (live results, teams, topics, players, sources, podcasts).
-- Plain SQL shared by PGlite (which loads the contrib builds of pg_trgm and unaccent) and PostgreSQL
-- (where both are trusted extensions since version 13, so the database owner may create them).

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;

-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index expression
-- or a stored generated column. This wrapper names the dictionary and is declared IMMUTABLE: the
-- dictionary is the extension's own file, which never changes under a running database.
CREATE OR REPLACE FUNCTION public.ss_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- The comparable form of a name or a query: no accents, lower case, no apostrophes ("St. John's" ->
-- "st johns"), every other run of characters that are not ASCII letters, digits or '&' one space.
-- Accents go before lower() and the character classes are spelled out as ranges because lower() and
-- [:alnum:] follow the database's locale (ASCII only under C, every script under C.UTF-8): spelled
-- this way the key is the same on every engine and locale. src/search/search-key.ts is its twin.
CREATE OR REPLACE FUNCTION public.ss_search_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(regexp_replace(lower(public.ss_unaccent($1)), '[''’`]', '', 'g'),
                                    '[^a-z0-9&]+', ' ', 'g')) $$;

-- Every searched name carries its key as a stored column: computing ss_search_key (unaccent and two
-- regular expressions) for each row of each search cost 30-60 ms per live search on the demo data.
-- Trigram indexes on the keys serve the three matches of a name search: prefix (LIKE 'chi%'), word
-- prefix (LIKE '% chi%') and typo tolerance (word similarity). Teams are also found by nickname.
-- fastupdate is off: names change seldom, and rows waiting in a GIN index's pending list are scanned
-- one by one by every search (3 ms for the 4,300 demo players, under 1 ms once they are in the index).
ALTER TABLE teams
  ADD COLUMN search_key text GENERATED ALWAYS AS (public.ss_search_key(full_name)) STORED,
  ADD COLUMN nickname_key text GENERATED ALWAYS AS (public.ss_search_key(name)) STORED;
ALTER TABLE players ADD COLUMN search_key text GENERATED ALWAYS AS (public.ss_search_key(name)) STORED;
ALTER TABLE topics ADD COLUMN search_key text GENERATED ALWAYS AS (public.ss_search_key(name)) STORED;
ALTER TABLE sources ADD COLUMN search_key text GENERATED ALWAYS AS (public.ss_search_key(title)) STORED;
ALTER TABLE domains ADD COLUMN search_key text GENERATED ALWAYS AS (public.ss_search_key(name)) STORED;
ALTER TABLE podcasts ADD COLUMN search_key text GENERATED ALWAYS AS (public.ss_search_key(title)) STORED;

CREATE INDEX teams_search_key_trgm ON teams USING gin (search_key gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX teams_nickname_key_trgm ON teams USING gin (nickname_key gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX players_search_key_trgm ON players USING gin (search_key gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX topics_search_key_trgm ON topics USING gin (search_key gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX sources_search_key_trgm ON sources USING gin (search_key gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX domains_search_key_trgm ON domains USING gin (search_key gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX podcasts_search_key_trgm ON podcasts USING gin (search_key gin_trgm_ops) WITH (fastupdate = off);
