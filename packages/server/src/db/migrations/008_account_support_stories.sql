-- Account settings and deletion, support tickets, anonymous stories (spec 2, issue 9).

-- Anonymous mode: while on, the member is left out of the feed's authors, swipes and nearby
-- (modules/account/visibility.ts says how). A deleted account keeps its row, anonymised, so
-- the messages it sent stay in the other member's history; deleted_at marks it.
ALTER TABLE users
  ADD COLUMN anonymous  boolean NOT NULL DEFAULT false,
  ADD COLUMN deleted_at timestamptz;

-- Accounts without a password (Google) confirm their deletion with a fresh e-mail code.
ALTER TABLE email_codes DROP CONSTRAINT IF EXISTS email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check
  CHECK (purpose IN ('verify', 'reset', 'delete_account'));

-- Support tickets. The moderation console answers them (reply, replied_at, replied_by) and
-- moves their status; updated_at changes with every such step ('Modifié le').
CREATE TABLE support_tickets (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason       text NOT NULL,
  description  text NOT NULL CHECK (char_length(description) BETWEEN 10 AND 2000),
  status       text NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'in_progress', 'resolved', 'closed')),
  reply        text,
  replied_at   timestamptz,
  replied_by   bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- 'Mes tickets', newest first.
CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, created_at DESC, id DESC);
-- The console's queue of open tickets, oldest first.
CREATE INDEX support_tickets_open_idx ON support_tickets (created_at, id)
  WHERE status IN ('pending', 'in_progress');

-- Anonymous stories. The author is kept for moderation only and never leaves the server.
-- A text with a phone number or contact words waits as 'pending' (held_reason says why) until
-- a moderator approves or rejects it; only 'approved' stories are in the feed.
CREATE TABLE stories (
  id            bigserial PRIMARY KEY,
  author_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content       text NOT NULL CHECK (char_length(content) BETWEEN 10 AND 5000),
  status        text NOT NULL DEFAULT 'approved' CHECK (status IN ('approved', 'pending', 'rejected')),
  held_reason   text CHECK (held_reason IN ('phone', 'contact_words')),
  views         integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  likes         integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  moderated_at  timestamptz,
  moderated_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- The feed, newest first: a backward walk of this partial index, LIMIT per page; the page
-- count is an index-only count of it.
CREATE INDEX stories_feed_idx ON stories (created_at DESC, id DESC) WHERE status = 'approved';
-- The console's queue of held stories.
CREATE INDEX stories_pending_idx ON stories (created_at, id) WHERE status = 'pending';
CREATE INDEX stories_author_idx ON stories (author_id);

-- One row per (story, viewer): a member by id, a visitor by a keyed hash of the day, IP and
-- browser (never the raw IP), so a view counts once per member, once per visitor and day.
CREATE TABLE story_views (
  story_id    bigint NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  viewer_key  text NOT NULL,
  user_id     bigint REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (story_id, viewer_key)
);
CREATE INDEX story_views_user_idx ON story_views (user_id) WHERE user_id IS NOT NULL;

-- Likes, keyed the same way: once per member, once per visitor and day.
CREATE TABLE story_likes (
  story_id    bigint NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  liker_key   text NOT NULL,
  user_id     bigint REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (story_id, liker_key)
);
CREATE INDEX story_likes_user_idx ON story_likes (user_id, story_id) WHERE user_id IS NOT NULL;
