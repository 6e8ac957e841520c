-- Search (issue 12), the live dropdown's own index: every word start of every searched name, kept
-- by triggers. The name searches of migration 0008 find names through trigram indexes on whole keys,
-- which cannot serve a one- or two-letter prefix ("b" read every source, domain and podcast: 40-130 ms)
-- nor hand back the best ten of a common prefix without sorting all its matches; and their 5-way
-- statement cost 4-6 ms a keystroke, most of it planning. Here a name is one row per word it has,
-- holding the rest of the name from that word on (`suffix`): "green bay packers" is 'green bay
-- packers' (first), 'bay packers' and 'packers'. Then:
-- - a prefix typed, of one word or several, is a b-tree range on `suffix` ("chi" .. "chi~");
-- - a one- or two-letter prefix reads its group in the dropdown's order (beginning of the name first,
--   then popularity, then name) from the `initial(s)` indexes and stops after a few rows;
-- - a typo is looked up among the distinct words (`name_vocabulary`, with a trigram index) and the
--   corrected words through `word`.
-- The popularity (`pop`) of each kind is the one the ranking of name-match.ts uses: a team's sport in
-- navigation order, a player's trend, a topic's position, a source's volume, a podcast's episodes.
-- Keys contain only [a-z0-9& ] (ss_search_key), so under the C collation '~' sorts after every key
-- that starts with a prefix: `suffix >= 'chi' AND suffix < 'chi~'`, which a generic plan can use
-- (a LIKE pattern given as a parameter cannot become an index range).

CREATE TABLE name_words (
  kind text NOT NULL CHECK (kind IN ('team', 'player', 'topic', 'source', 'podcast')),
  id integer NOT NULL,
  -- The whole key this word belongs to (a team has two: its full name and its nickname).
  key text NOT NULL,
  suffix text COLLATE "C" NOT NULL,
  word text COLLATE "C" NOT NULL,
  first boolean NOT NULL,
  -- Every key of the name, for "every word of the query begins a word of the name, in any order".
  all_words text NOT NULL,
  pop float8 NOT NULL,
  sort_name text NOT NULL
);
CREATE INDEX name_words_entity ON name_words (kind, id);
CREATE INDEX name_words_suffix ON name_words (kind, suffix);
CREATE INDEX name_words_initial ON name_words (kind, left(suffix, 1), first DESC, pop DESC, sort_name, id);
CREATE INDEX name_words_initials ON name_words (kind, left(suffix, 2), first DESC, pop DESC, sort_name, id);
CREATE INDEX name_words_word ON name_words (word);

-- Every word of every name once, for typo look-ups (a few tens of thousands of words rather than
-- every row of name_words). Words of names that are gone stay: a correction to a word no name has
-- any more finds nothing.
CREATE TABLE name_vocabulary (word text COLLATE "C" PRIMARY KEY);
CREATE INDEX name_vocabulary_trgm ON name_vocabulary USING gin (word gin_trgm_ops) WITH (fastupdate = off);

-- The searched keys of the given names of one kind, with what they are ranked by.
CREATE OR REPLACE FUNCTION public.ss_name_keys(p_kind text, p_ids integer[])
  RETURNS TABLE (id integer, key text, all_words text, pop float8, sort_name text)
  LANGUAGE sql STABLE AS $$
  SELECT t.id, k.key, t.search_key || ' ' || t.nickname_key, (-s.position)::float8, t.full_name
    FROM teams t JOIN sports s ON s.id = t.sport_id
    CROSS JOIN LATERAL (VALUES (t.search_key), (t.nickname_key)) AS k(key)
   WHERE p_kind = 'team' AND t.id = ANY(p_ids) AND k.key <> ''
  UNION ALL
  SELECT p.id, p.search_key, p.search_key, p.trend::float8, p.name
    FROM players p WHERE p_kind = 'player' AND p.id = ANY(p_ids)
  UNION ALL
  SELECT t.id, t.search_key, t.search_key, (-t.position)::float8, t.name
    FROM topics t WHERE p_kind = 'topic' AND t.id = ANY(p_ids)
  UNION ALL
  -- A source is found by its own title or its publisher's name; podcasts are their own kind.
  SELECT s.id, k.key, s.search_key || ' ' || d.search_key, s.items_per_day::float8, s.title
    FROM sources s JOIN domains d ON d.id = s.domain_id
    CROSS JOIN LATERAL (VALUES (s.search_key), (d.search_key)) AS k(key)
   WHERE p_kind = 'source' AND s.id = ANY(p_ids) AND s.enabled AND s.kind IN ('news', 'video') AND k.key <> ''
  UNION ALL
  SELECT p.id, p.search_key, p.search_key, p.episodes_count::float8, p.title
    FROM podcasts p WHERE p_kind = 'podcast' AND p.id = ANY(p_ids)
$$;

-- Writes the rows of the given names again (what a new, renamed, enabled or disabled name needs).
CREATE OR REPLACE FUNCTION public.ss_refresh_name_words(p_kind text, p_ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM name_words WHERE kind = p_kind AND id = ANY(p_ids);
  INSERT INTO name_words (kind, id, key, suffix, word, first, all_words, pop, sort_name)
  SELECT DISTINCT p_kind, n.id, n.key, array_to_string(w.words[i:], ' '), w.words[i], i = 1,
         n.all_words, n.pop, n.sort_name
    FROM public.ss_name_keys(p_kind, p_ids) n
    CROSS JOIN LATERAL (SELECT string_to_array(n.key, ' ') AS words) w
    CROSS JOIN LATERAL generate_subscripts(w.words, 1) AS i;
  INSERT INTO name_vocabulary (word)
  SELECT DISTINCT word FROM name_words WHERE kind = p_kind AND id = ANY(p_ids)
  ON CONFLICT DO NOTHING;
END $$;

-- Inserts, set-based: a bulk load of players or sources is one refresh, not one per row.
CREATE OR REPLACE FUNCTION public.ss_name_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.ss_refresh_name_words(TG_ARGV[0], (SELECT array_agg(id) FROM new_rows));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.ss_name_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.ss_refresh_name_words(TG_ARGV[0], ARRAY[NEW.id]);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.ss_name_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM name_words WHERE kind = TG_ARGV[0] AND id = OLD.id;
  RETURN NULL;
END $$;

-- Only the popularity changed (a source fetched, a podcast's new episode, a player's trend): the
-- rows keep their words. TG_ARGV[1] names the column.
CREATE OR REPLACE FUNCTION public.ss_name_words_pop() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_pop float8 := (to_jsonb(NEW) ->> TG_ARGV[1])::float8;
BEGIN
  UPDATE name_words SET pop = new_pop WHERE kind = TG_ARGV[0] AND id = NEW.id AND pop IS DISTINCT FROM new_pop;
  RETURN NULL;
END $$;

CREATE TRIGGER teams_name_words_inserted AFTER INSERT ON teams REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.ss_name_words_inserted('team');
CREATE TRIGGER teams_name_words_changed AFTER UPDATE OF full_name, name, sport_id ON teams
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_changed('team');
CREATE TRIGGER teams_name_words_deleted AFTER DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_deleted('team');

CREATE TRIGGER players_name_words_inserted AFTER INSERT ON players REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.ss_name_words_inserted('player');
CREATE TRIGGER players_name_words_changed AFTER UPDATE OF name ON players
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_changed('player');
CREATE TRIGGER players_name_words_pop AFTER UPDATE OF trend ON players
  FOR EACH ROW WHEN (OLD.trend IS DISTINCT FROM NEW.trend)
  EXECUTE FUNCTION public.ss_name_words_pop('player', 'trend');
CREATE TRIGGER players_name_words_deleted AFTER DELETE ON players
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_deleted('player');

CREATE TRIGGER topics_name_words_inserted AFTER INSERT ON topics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.ss_name_words_inserted('topic');
CREATE TRIGGER topics_name_words_changed AFTER UPDATE OF name, position ON topics
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_changed('topic');
CREATE TRIGGER topics_name_words_deleted AFTER DELETE ON topics
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_deleted('topic');

CREATE TRIGGER sources_name_words_inserted AFTER INSERT ON sources REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.ss_name_words_inserted('source');
CREATE TRIGGER sources_name_words_changed AFTER UPDATE OF title, domain_id, enabled, kind ON sources
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_changed('source');
CREATE TRIGGER sources_name_words_pop AFTER UPDATE OF items_per_day ON sources
  FOR EACH ROW WHEN (OLD.items_per_day IS DISTINCT FROM NEW.items_per_day)
  EXECUTE FUNCTION public.ss_name_words_pop('source', 'items_per_day');
CREATE TRIGGER sources_name_words_deleted AFTER DELETE ON sources
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_deleted('source');

CREATE TRIGGER podcasts_name_words_inserted AFTER INSERT ON podcasts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.ss_name_words_inserted('podcast');
CREATE TRIGGER podcasts_name_words_changed AFTER UPDATE OF title ON podcasts
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_changed('podcast');
CREATE TRIGGER podcasts_name_words_pop AFTER UPDATE OF episodes_count ON podcasts
  FOR EACH ROW WHEN (OLD.episodes_count IS DISTINCT FROM NEW.episodes_count)
  EXECUTE FUNCTION public.ss_name_words_pop('podcast', 'episodes_count');
CREATE TRIGGER podcasts_name_words_deleted AFTER DELETE ON podcasts
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_deleted('podcast');

-- A publisher renamed renames its sources' rows; a sport moved in the navigation moves its teams.
CREATE OR REPLACE FUNCTION public.ss_name_words_domain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.ss_refresh_name_words('source', ARRAY(SELECT id FROM sources WHERE domain_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER domains_name_words_changed AFTER UPDATE OF name ON domains
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_domain();

CREATE OR REPLACE FUNCTION public.ss_name_words_sport() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.ss_refresh_name_words('team', ARRAY(SELECT id FROM teams WHERE sport_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER sports_name_words_changed AFTER UPDATE OF position ON sports
  FOR EACH ROW EXECUTE FUNCTION public.ss_name_words_sport();

-- The names already there.
SELECT public.ss_refresh_name_words('team', ARRAY(SELECT id FROM teams));
SELECT public.ss_refresh_name_words('player', ARRAY(SELECT id FROM players));
SELECT public.ss_refresh_name_words('topic', ARRAY(SELECT id FROM topics));
SELECT public.ss_refresh_name_words('source', ARRAY(SELECT id FROM sources));
SELECT public.ss_refresh_name_words('podcast', ARRAY(SELECT id FROM podcasts));

-- Team abbreviations ("NYY", "KC") are matched whole, by the live search too.
CREATE INDEX teams_short_name_key ON teams (lower(short_name));
