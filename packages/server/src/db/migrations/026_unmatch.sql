-- « Ne plus voir ce profil » (issue 29). The member who unmatches leaves the chat for good: it
-- is closed, it stays readable for the other member, who can no longer write into it.
ALTER TABLE chats
  ADD COLUMN closed_by bigint REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN closed_at timestamptz;

-- The pairs that no longer see each other in swipes and nearby (either way), without a block:
-- `user_id` chose to stop seeing `hidden_id`.
CREATE TABLE hidden_profiles (
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  hidden_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, hidden_id),
  CHECK (user_id <> hidden_id)
);
-- The other way round: "did this member hide me?"
CREATE INDEX hidden_profiles_hidden_idx ON hidden_profiles (hidden_id, user_id);
