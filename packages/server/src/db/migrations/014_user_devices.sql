-- Every device a member has signed up or signed in from, so moderators see the phones a member
-- uses and the other accounts seen on each (users.device_hash keeps only the signup device).
-- A row is upserted at each successful sign-up and sign-in; it goes with the account on deletion.
CREATE TABLE user_devices (
  user_id        bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_hash    text NOT NULL CHECK (char_length(device_hash) BETWEEN 1 AND 200),
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
-- The accounts seen on one device (the console's member page).
CREATE INDEX user_devices_device_idx ON user_devices (device_hash);

-- The signup device of existing accounts, dated by the account's creation: when it was last
-- used is not known.
INSERT INTO user_devices (user_id, device_hash, first_seen_at, last_seen_at)
SELECT id, left(device_hash, 200), created_at, created_at
  FROM users
 WHERE device_hash IS NOT NULL AND device_hash <> '' AND deleted_at IS NULL
ON CONFLICT DO NOTHING;
