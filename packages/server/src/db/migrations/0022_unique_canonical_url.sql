-- An article's canonical URL is stored once (issue 15). The pipeline's de-duplication read skips a URL
-- that is already stored, but two ingest workers whose batches are stored at the same moment cannot see
-- each other's rows until they commit, so both stored a URL that two sources published at once. A
-- unique index settles it in the database: the second insert waits for the first transaction, and when
-- it commits fails with a unique violation; the batch is then stored again and its de-duplication read
-- finds the URL (src/ingest/pipeline/ingest-feeds.ts). It replaces the plain index of the same name, which
-- served the same lookups.
--
-- Rows stored twice before this migration are kept: they may carry comments and chat, and readers have
-- seen them. Every copy after the first gets its row id as a URL fragment in the key (the link, `url`, is
-- unchanged), so the index can be built.
UPDATE articles a SET canonical_url = a.canonical_url || '#ss-duplicate-' || a.id
  FROM (SELECT id, row_number() OVER (PARTITION BY canonical_url ORDER BY id) AS n FROM articles) d
 WHERE d.id = a.id AND d.n > 1;
DROP INDEX articles_canonical_url_idx;
CREATE UNIQUE INDEX articles_canonical_url_idx ON articles (canonical_url);
