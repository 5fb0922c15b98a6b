-- Idempotent message sends and a presence that honours "mark offline".

-- The sending device's id for a message (a UUID made before the first attempt): a retry of the
-- offline outbox carries the same id and gets the stored message back instead of a duplicate.
ALTER TABLE messages ADD COLUMN client_id uuid;
CREATE UNIQUE INDEX messages_sender_client_idx ON messages (sender_id, client_id)
  WHERE client_id IS NOT NULL;

-- When the member last asked to be shown offline (POST /realtime/mark-offline). They stay offline,
-- live sockets or not, until a later sign of life: force-online, a new connection or the
-- heartbeat (each moves last_seen_at past this).
ALTER TABLE users ADD COLUMN presence_offline_at timestamptz;
