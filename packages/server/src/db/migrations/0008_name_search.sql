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

-- Trigram indexes serve the three matches of a name search: prefix (LIKE 'chi%'), word prefix
-- (LIKE '% chi%') and typo tolerance (word similarity). Teams are also found by their nickname.
CREATE INDEX teams_search_key_trgm ON teams USING gin (public.ss_search_key(full_name) gin_trgm_ops);
CREATE INDEX teams_name_key_trgm ON teams USING gin (public.ss_search_key(name) gin_trgm_ops);
CREATE INDEX players_search_key_trgm ON players USING gin (public.ss_search_key(name) gin_trgm_ops);
CREATE INDEX topics_search_key_trgm ON topics USING gin (public.ss_search_key(name) gin_trgm_ops);
CREATE INDEX sources_search_key_trgm ON sources USING gin (public.ss_search_key(title) gin_trgm_ops);
CREATE INDEX domains_search_key_trgm ON domains USING gin (public.ss_search_key(name) gin_trgm_ops);
CREATE INDEX podcasts_search_key_trgm ON podcasts USING gin (public.ss_search_key(title) gin_trgm_ops);
