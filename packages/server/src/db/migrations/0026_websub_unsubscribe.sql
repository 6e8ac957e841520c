-- WebSub unsubscription (W3C WebSub §5.1, issue 44): a subscription outlives its source's deletion long
-- enough for the job to tell the hub (hub.mode=unsubscribe), instead of the hub pushing to a callback that
-- answers 404 until the lease ends. The row loses its source (NULL) and is sent as an unsubscription.
ALTER TABLE websub_subscriptions ALTER COLUMN source_id DROP NOT NULL;
ALTER TABLE websub_subscriptions DROP CONSTRAINT websub_subscriptions_source_id_fkey;
ALTER TABLE websub_subscriptions ADD CONSTRAINT websub_subscriptions_source_id_fkey
  FOREIGN KEY (source_id) REFERENCES sources (id) ON DELETE SET NULL;
