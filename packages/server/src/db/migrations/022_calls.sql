-- Voice calls (issue 30). One row per call from its first ring: ringing (30 s on every device of
-- the callee), then accepted, declined, missed, busy (the callee was in another call), ended by
-- either member, or cut (a block). The two devices in a call are kept by their sessions, so the
-- signals (descriptions, ICE candidates) reach those devices only. No address is stored: the
-- media goes through the TURN relay and the server never sees it.
CREATE TABLE calls (
  id                 bigserial PRIMARY KEY,
  chat_id            bigint NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  caller_id          bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  callee_id          bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status             text NOT NULL DEFAULT 'ringing'
                     CHECK (status IN ('ringing', 'accepted', 'declined', 'missed', 'busy', 'ended', 'cut')),
  caller_session_id  bigint NOT NULL,
  callee_session_id  bigint,
  ended_by           bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  answered_at        timestamptz,
  ended_at           timestamptz,
  -- What the relay carried for each member (sent + received), as their device reported it.
  caller_bytes       bigint,
  callee_bytes       bigint,
  CHECK (caller_id <> callee_id)
);
-- "Is this member in a call?" (busy), asked at every call placed, for either side.
CREATE INDEX calls_live_caller_idx ON calls (caller_id) WHERE status IN ('ringing', 'accepted');
CREATE INDEX calls_live_callee_idx ON calls (callee_id) WHERE status IN ('ringing', 'accepted');
-- A caller's recent calls to one member (the unanswered-calls limit).
CREATE INDEX calls_pair_recent_idx ON calls (caller_id, callee_id, created_at DESC);
CREATE INDEX calls_chat_idx ON calls (chat_id);

-- « Recevoir des appels » (Confidentialité): off, nobody can call the member.
ALTER TABLE member_settings ADD COLUMN receive_calls boolean NOT NULL DEFAULT true;

-- A call leaves a line in its chat: a message of type 'call' written by the server (content: the
-- outcome, duration_s: the seconds talked).
ALTER TABLE messages DROP CONSTRAINT messages_type_check;
ALTER TABLE messages ADD CONSTRAINT messages_type_check
  CHECK (type IN ('text', 'image', 'audio', 'call'));
