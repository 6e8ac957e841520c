-- E-mail preference pages, notifications and the team recap newsletter (issue 13, second slice; spec 3
-- §3 "Email account", "Subscriber", spec 1 §3 "Notification", "Account settings").

-- What creates a notification (notify_*) and what is mailed (email_*); unsubscribe-all silences every
-- mail. The recap frequency is only weekly or daily.
ALTER TABLE users ADD COLUMN notify_message_replies boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_message_mentions boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_message_threads boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_message_likes boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_podcast_new_episodes boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_podcast_recommendations boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_podcast_popular boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_egg_new_article boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_unsubscribe_all boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN email_message_replies boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_message_mentions boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_message_threads boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_message_likes boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_egg_new_article boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_podcast_new_episodes boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_podcast_recommendations boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_newsletter_recap boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_newsletter_recap_frequency text NOT NULL DEFAULT 'weekly'
  CHECK (email_newsletter_recap_frequency IN ('weekly', 'daily'));
ALTER TABLE users ADD COLUMN email_product boolean NOT NULL DEFAULT true;

-- A member's e-mail preference links are hash links of their own purpose (never a reset or a
-- verification), long-lived and reusable: they only read and change mail flags.
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('password_reset', 'email_verification', 'email_preferences'));

-- What a notification is about; `event` is the sentence the list shows.
ALTER TABLE notifications ADD COLUMN event text NOT NULL DEFAULT '';
ALTER TABLE notifications ADD COLUMN episode_id bigint REFERENCES podcast_episodes (id) ON DELETE CASCADE;
ALTER TABLE notifications ADD COLUMN article_id bigint REFERENCES articles (id) ON DELETE CASCADE;
ALTER TABLE notifications ADD COLUMN message_id bigint;   -- chat messages (the chat issue adds the table)
ALTER TABLE notifications ADD COLUMN message jsonb;       -- the message as the list shows it
ALTER TABLE notifications ADD COLUMN messages_count integer NOT NULL DEFAULT 0;
ALTER TABLE notifications ADD COLUMN mail_pending boolean NOT NULL DEFAULT false;  -- to mail (email flag on)
ALTER TABLE notifications ADD COLUMN push_pending boolean NOT NULL DEFAULT false;  -- count not pushed yet
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_dispatch_idx ON notifications (id) WHERE mail_pending OR push_pending;

-- More link tokens of a subscriber (each recap carries a new one; the first is subscribers.hash_digest).
-- Only sha256 digests; every token stands for this subscriber's preference pages only.
CREATE TABLE subscriber_tokens (
  digest text PRIMARY KEY,
  subscriber_id integer NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriber_tokens_subscriber_idx ON subscriber_tokens (subscriber_id);

-- One recap per recipient and period ('s:<subscriber id>' or 'u:<user id>', 'd:2026-11-24' or
-- 'w:2026-11-23'): the row is the claim, so two job runners never both send it.
CREATE TABLE newsletter_sends (
  recipient text NOT NULL,
  period text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (recipient, period)
);

-- Job leases (one row per job name): one runner at a time does a job's round.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  owner text NOT NULL,
  expires_at timestamptz NOT NULL
);
