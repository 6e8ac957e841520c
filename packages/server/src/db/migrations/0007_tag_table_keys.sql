-- Ingestion speed (issue 3, "Ingest"): the four tag tables are the fan-out of every stored article
-- (about three rows per article), and their foreign keys made PostgreSQL run two referential checks
-- per row, each locking the referenced article, team, sport, topic or player row: about a fifth of the
-- time of storing a feed on PGlite (measured by scripts/bench/ingest.ts). The rows are written only by
-- the pipeline (ingest-articles.ts), in the transaction that inserted the article, with tag ids read
-- from the tag index, and nothing deletes articles, teams, sports, topics or players; the primary keys
-- stay, so a pair is still stored once. Code that ever deletes articles (a retention job) must delete
-- their tag rows in the same transaction (see docs/decisions.md, "Ingestion").
ALTER TABLE article_teams
  DROP CONSTRAINT IF EXISTS article_teams_article_id_fkey,
  DROP CONSTRAINT IF EXISTS article_teams_team_id_fkey;
ALTER TABLE article_sports
  DROP CONSTRAINT IF EXISTS article_sports_article_id_fkey,
  DROP CONSTRAINT IF EXISTS article_sports_sport_id_fkey;
ALTER TABLE article_topics
  DROP CONSTRAINT IF EXISTS article_topics_article_id_fkey,
  DROP CONSTRAINT IF EXISTS article_topics_topic_id_fkey;
ALTER TABLE article_players
  DROP CONSTRAINT IF EXISTS article_players_article_id_fkey,
  DROP CONSTRAINT IF EXISTS article_players_player_id_fkey;
