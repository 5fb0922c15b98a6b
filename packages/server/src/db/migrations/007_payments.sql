-- Coin purchases (spec 2 "Buy coins", ARCHITECTURE "Money"): one order per attempt, written
-- before any provider is called; the coins are credited once, through the ledger, under the
-- key purchase:{id}, in the transaction that moves the order from pending to success.
CREATE TABLE payment_orders (
  id              bigserial PRIMARY KEY,
  -- The transaction id the provider knows: the browser's 10-digit id (card) or our token.
  payment_id      text NOT NULL UNIQUE,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  pack_id         integer NOT NULL,
  -- Whole FCFA (ISO XOF); coins and bonus copied from the pack when the order was made.
  amount          integer NOT NULL CHECK (amount > 0),
  currency        text NOT NULL DEFAULT 'XOF',
  coins           integer NOT NULL CHECK (coins > 0),
  bonus           integer NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  provider        text NOT NULL CHECK (provider IN ('cinetpay', 'orange_bf', 'moov_bf', 'simulator')),
  method          text NOT NULL CHECK (method IN ('card', 'orange', 'moov')),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed')),
  -- The provider's own reference, when it gives one (operator transaction id, payment token).
  provider_ref    text,
  payment_url     text,
  -- The 8-digit number that paid (mobile money), for support; never shown to other members.
  phone           text,
  failure_reason  text,
  check_attempts  integer NOT NULL DEFAULT 0,
  -- When the reconciliation job asks the provider again (only while pending).
  next_check_at   timestamptz NOT NULL DEFAULT now() + interval '30 seconds',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  completed_at    timestamptz
);
-- /my-payments: the member's orders, newest first.
CREATE INDEX payment_orders_user_idx ON payment_orders (user_id, id DESC);
-- The reconciliation job's queue.
CREATE INDEX payment_orders_due_idx ON payment_orders (next_check_at) WHERE status = 'pending';

-- A finished order never changes status again, and what was sold never changes at all.
CREATE FUNCTION payment_orders_guard() RETURNS trigger AS $$
BEGIN
  IF OLD.status <> 'pending' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'payment order % is already %', OLD.id, OLD.status;
  END IF;
  IF NEW.amount <> OLD.amount OR NEW.coins <> OLD.coins OR NEW.bonus <> OLD.bonus
     OR NEW.user_id <> OLD.user_id OR NEW.payment_id <> OLD.payment_id
     OR NEW.currency <> OLD.currency THEN
    RAISE EXCEPTION 'payment order % cannot change what was sold', OLD.id;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER payment_orders_guard BEFORE UPDATE ON payment_orders
  FOR EACH ROW EXECUTE FUNCTION payment_orders_guard();

-- Every provider notification received, valid or forged, for audit and support.
CREATE TABLE payment_notifications (
  id               bigserial PRIMARY KEY,
  provider         text NOT NULL,
  payment_id       text,
  order_id         bigint REFERENCES payment_orders(id) ON DELETE SET NULL,
  valid_signature  boolean NOT NULL,
  ip               text,
  payload          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_notifications_payment_idx ON payment_notifications (payment_id);
