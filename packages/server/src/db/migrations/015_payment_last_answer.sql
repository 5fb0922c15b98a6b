-- Payments hardening: what the provider last said about an order, and when an order that
-- stayed unsettled too long was raised in the console's payments queue.
-- last_answer holds only the non-secret fields of the answer (call, outcome, the provider's
-- code and message, its reference, amount, currency): never the request, which carries the
-- customer's OTP and our credentials.
ALTER TABLE payment_orders
  ADD COLUMN last_answer     jsonb,
  ADD COLUMN last_answer_at  timestamptz,
  ADD COLUMN raised_at       timestamptz;

-- The reconciliation job's sweep: pending orders not yet raised, oldest first.
CREATE INDEX payment_orders_unraised_idx ON payment_orders (created_at)
  WHERE status = 'pending' AND raised_at IS NULL;
-- The console's "raised" queue: pending orders already raised, newest first.
CREATE INDEX payment_orders_raised_idx ON payment_orders (id DESC)
  WHERE status = 'pending' AND raised_at IS NOT NULL;
