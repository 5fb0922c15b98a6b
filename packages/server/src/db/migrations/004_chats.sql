-- Chats, participants, messages, blocks and reports.

-- A block hides each member from the other everywhere (chats, feed, swipes, nearby).
CREATE TABLE blocks (
  blocker_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id);

CREATE TABLE chats (
  id               bigserial PRIMARY KEY,
  -- The pair, smaller user id first, so one chat exists per pair.
  user_low_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_high_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  origin           text NOT NULL DEFAULT 'contact' CHECK (origin IN ('contact', 'match')),
  locked_sender    boolean NOT NULL DEFAULT false,
  locked_receiver  boolean NOT NULL DEFAULT false,
  unlock_cost      integer NOT NULL DEFAULT 100 CHECK (unlock_cost >= 0),
  unlocked_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_low_id, user_high_id),
  CHECK (user_low_id < user_high_id)
);

CREATE TABLE chat_participants (
  id                    bigserial PRIMARY KEY,
  chat_id               bigint NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  user_id               bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  muted                 boolean NOT NULL DEFAULT false,
  left_at               timestamptz,
  -- Messages before this id are hidden for a member who left and came back.
  history_from_id       bigint NOT NULL DEFAULT 0,
  created_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chat_id, user_id)
);
CREATE INDEX chat_participants_user_idx ON chat_participants (user_id, chat_id);

CREATE TABLE messages (
  id            bigserial PRIMARY KEY,
  chat_id       bigint NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  sender_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type          text NOT NULL CHECK (type IN ('text', 'image', 'audio')),
  content       text NOT NULL DEFAULT '',
  file_key      text,
  duration_s    integer,
  reply_to_id   bigint REFERENCES messages(id) ON DELETE SET NULL,
  status        text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'delivered', 'read')),
  delivered_at  timestamptz,
  read_at       timestamptz,
  edited_at     timestamptz,
  deleted_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_chat_idx ON messages (chat_id, id DESC);
CREATE INDEX messages_unread_idx ON messages (chat_id, sender_id) WHERE read_at IS NULL AND deleted_at IS NULL;

CREATE TABLE reports (
  id           bigserial PRIMARY KEY,
  reporter_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reported_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chat_id      bigint REFERENCES chats(id) ON DELETE SET NULL,
  reason       text NOT NULL,
  details      text,
  evidence     jsonb NOT NULL DEFAULT '[]'::jsonb,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'reviewed', 'dismissed')),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_status_idx ON reports (status, created_at DESC);
