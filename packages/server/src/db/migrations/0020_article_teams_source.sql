-- Members' team news without a lookup per article (issue 15, "Members' pages"): a member's hidden sources
-- are per team, and the feeds tested each article's source by reading the article row, one lookup per
-- index entry paged through. At 1,000,000 articles page 50 of a team read 3,713 buffers for a member
-- against 744 for a visitor, 2,932 of them article rows. The source is copied onto the team tag row, as
-- published_at, kind and is_lead already are (an article never changes source), so the hide test reads
-- the row the feed's index scan visits anyway.
ALTER TABLE article_teams ADD COLUMN source_id integer;
UPDATE article_teams at SET source_id = a.source_id FROM articles a WHERE a.id = at.article_id;
-- Articles whose row is gone (none are deleted today) would keep a NULL source and drop out of every
-- member's feed (NULL <> ALL ... is not true): remove such orphans rather than keep them unreadable.
DELETE FROM article_teams WHERE source_id IS NULL;
ALTER TABLE article_teams ALTER COLUMN source_id SET NOT NULL;
