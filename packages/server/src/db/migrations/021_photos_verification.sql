-- Several photos per profile and verified profiles (issue 28).

-- Up to 6 photos per member, in the order the member chose; position 0 is the main photo, the
-- one lists and thumbnails show. users.photo_key stays the main photo's key (written in the
-- same transaction as the positions), so every list keeps reading one column.
CREATE TABLE user_photos (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  photo_key   text NOT NULL UNIQUE,
  position    smallint NOT NULL CHECK (position BETWEEN 0 AND 5),
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- Deferred so that a reorder may swap positions inside one transaction.
  CONSTRAINT user_photos_position_uq UNIQUE (user_id, position) DEFERRABLE INITIALLY DEFERRED
);
INSERT INTO user_photos (user_id, photo_key, position)
  SELECT id, photo_key, 0 FROM users WHERE photo_key IS NOT NULL;

-- A report may name the photo it is about (kept as the key: the photo may be removed later).
ALTER TABLE reports ADD COLUMN photo_key text;

-- The badge: set when a moderator approves a check, with the photos the selfies were compared
-- with (the main one first). A new main photo or the removal of one of them clears it.
ALTER TABLE users ADD COLUMN verified_at timestamptz;
ALTER TABLE users ADD COLUMN verified_photo_keys text[];
-- Why a member is held from starting chats (chat_hold_at, migration 017): the scam shield, or
-- three « Faux profil » reports from different members (released by a verification too).
ALTER TABLE users ADD COLUMN chat_hold_reason text;
CREATE INDEX users_verified_idx ON users (id) WHERE verified_at IS NOT NULL;

-- A check asked by a member: the two poses drawn by the server, then the two selfies (their
-- storage keys, under selfies/, emptied once decided: the files are deleted at the decision).
CREATE TABLE verification_requests (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  poses         text[] NOT NULL,
  status        text NOT NULL DEFAULT 'drawn'
                CHECK (status IN ('drawn', 'pending', 'approved', 'refused')),
  selfie_keys   text[],
  photo_keys    text[],
  reason        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  submitted_at  timestamptz,
  decided_at    timestamptz,
  decided_by    bigint REFERENCES users(id)
);
-- The queue, first come first served.
CREATE INDEX verification_pending_idx ON verification_requests (submitted_at, id)
  WHERE status = 'pending';
CREATE INDEX verification_user_idx ON verification_requests (user_id, created_at DESC);

-- Perceptual hashes (64-bit dHash) of every selfie ever submitted, kept after the selfies are
-- deleted: a selfie close to another account's is refused at once.
CREATE TABLE selfie_hashes (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  hash        bigint NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX selfie_hashes_user_idx ON selfie_hashes (user_id);
