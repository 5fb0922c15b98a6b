-- Accounts: e-mail codes, Google sign-in state, device sign-up attempts, and the coin ledger.

CREATE TABLE email_codes (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose      text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  code_hash    text NOT NULL,
  salt         text NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_codes_user_idx ON email_codes (user_id, purpose, created_at DESC);

CREATE TABLE oauth_states (
  state          text PRIMARY KEY,
  code_verifier  text NOT NULL,
  nonce          text NOT NULL,
  device_hash    text,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- Refused sign-ups per device, to tell a second attempt from repeated account creation.
CREATE TABLE device_signup_refusals (
  id           bigserial PRIMARY KEY,
  device_hash  text NOT NULL,
  email        text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_signup_refusals_idx ON device_signup_refusals (device_hash, created_at);

-- The coin ledger: append-only, one row per movement, balance after, idempotency key.
CREATE TABLE coin_movements (
  id               bigserial PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount           integer NOT NULL CHECK (amount <> 0),
  balance_after    integer NOT NULL CHECK (balance_after >= 0),
  reason           text NOT NULL,
  idempotency_key  text NOT NULL UNIQUE,
  meta             jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coin_movements_user_idx ON coin_movements (user_id, id DESC);
