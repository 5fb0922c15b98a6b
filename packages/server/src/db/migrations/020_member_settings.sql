-- Privacy settings (issue 29): one row per member, written at their first change; a member
-- without a row has the defaults (nothing hidden, read receipts on, everyone may write). Later
-- settings are added as columns here (ALTER TABLE member_settings ADD COLUMN …).
CREATE TABLE member_settings (
  user_id           bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- « Masquer ma distance »: others see the town, never a distance.
  hide_distance     boolean NOT NULL DEFAULT false,
  -- « Masquer mon statut en ligne »: no « En ligne » nor last-seen, both ways.
  hide_online       boolean NOT NULL DEFAULT false,
  -- « Confirmations de lecture »: off, my « Lu » is not sent and I see nobody's.
  read_receipts     boolean NOT NULL DEFAULT true,
  -- « Qui peut m'écrire ».
  who_can_message   text NOT NULL DEFAULT 'everyone' CHECK (who_can_message IN ('everyone', 'matches')),
  -- « Ne pas apparaître à proximité »: off the map and the nearby list.
  hide_from_nearby  boolean NOT NULL DEFAULT false,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- A code mail the relay refused (issue 29): the undelivered code is forgotten (so the member may
-- ask again at once) and the mail is tried again later with a fresh code, from this queue, until
-- it goes or its tries run out. One row per member and purpose: a newer failure replaces it.
CREATE TABLE code_mail_retries (
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose      text NOT NULL,
  attempts     integer NOT NULL DEFAULT 1,
  next_try_at  timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, purpose)
);
-- The retries due now, oldest first.
CREATE INDEX code_mail_retries_due_idx ON code_mail_retries (next_try_at);

-- Where a report was made from (issue 29: block and report wherever a member appears), for the
-- moderators; NULL for the reports made before, all from a chat. An announcement reported is
-- named too (kept as a number: the report outlives a deleted announcement).
ALTER TABLE reports ADD COLUMN source text
  CHECK (source IN ('chat', 'swipe', 'nearby', 'profile', 'announcement', 'match'));
ALTER TABLE reports ADD COLUMN announcement_id bigint;
