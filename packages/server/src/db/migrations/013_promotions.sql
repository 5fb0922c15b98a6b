-- Promotions sent from the console. A row is claimed before the first notification leaves, so
-- the same message to the same audience within a few minutes (a double click, two tabs) is
-- refused; `sent` is filled in when the sending ends.
CREATE TABLE promotions (
  id           bigserial PRIMARY KEY,
  actor_id     bigint NOT NULL REFERENCES users(id),
  message      text NOT NULL,
  audience     text NOT NULL CHECK (audience IN ('all', 'inactive_7d')),
  sent         integer,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz
);
CREATE INDEX promotions_repeat_idx ON promotions (audience, message, created_at DESC);

-- The members a promotion may reach, walked by id in keyset pages (promotions.repository.ts).
CREATE INDEX users_promotion_audience_idx ON users (id)
  WHERE role = 'member' AND deleted_at IS NULL AND blocked_at IS NULL
    AND email_verified_at IS NOT NULL AND profile_completed_at IS NOT NULL;
