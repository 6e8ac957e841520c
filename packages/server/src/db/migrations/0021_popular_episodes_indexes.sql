-- The hourly notification round (notification-events.ts) finds the week's popular episodes: hot ones, or
-- listened to by enough members. It read every episode of the week to test those two conditions (18,000
-- rows and 900 cold pages in the benchmark database: 110-190 ms in one statement, run twice a round), and
-- PGlite serves nothing else meanwhile: the round showed as a 250 ms stall in the server benchmark. Each
-- condition now has its index: hot episodes by date, and listens by date.
CREATE INDEX podcast_episodes_hot_idx ON podcast_episodes (published_at DESC) WHERE hot;
CREATE INDEX podcast_listens_created_idx ON podcast_listens (created_at);
