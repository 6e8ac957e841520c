-- The local card provider's own state (issue 48): its subscriptions and the answers it gave per
-- idempotency key, kept in the database as Stripe keeps them on its side, so a restart neither
-- forgets a subscription's period (a resumed yearly plan kept its renewal date) nor replays a retried
-- request as a new one. Only the local provider (no STRIPE_SECRET_KEY) writes these tables.
CREATE TABLE local_billing_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL,
  status text NOT NULL,
  plan text NOT NULL CHECK (plan IN ('pro-monthly', 'pro-yearly')),
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_billing_requests (
  idempotency_key text PRIMARY KEY,
  -- The first answer: {"ok": value} or {"error": {"message", "code"}} (a card error is replayed too).
  reply jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Subscriptions the local provider made before this migration kept their state in memory only: they
-- are taken over as the member's billing account last saw them.
INSERT INTO local_billing_subscriptions (id, customer_id, status, plan, current_period_end, cancel_at_period_end)
SELECT subscription_id, COALESCE(customer_id, ''), status, COALESCE(plan, 'pro-yearly'),
       COALESCE(current_period_end, now()), cancel_at_period_end
FROM billing_accounts WHERE subscription_id LIKE 'sub_local_%';
