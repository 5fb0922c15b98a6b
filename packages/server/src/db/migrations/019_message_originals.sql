-- Evidence kept (issue 27). When the sender edits or deletes a message that moderators may have
-- to judge (flagged by the scam shield, or attached to an open report), members see the edit
-- or the deletion as before, and the text it had (with its media file, if any) is kept here,
-- read only by the console's report and scam views. The row is forgotten (deleted) when the
-- report is closed or the member's scam review is done, unless the other still needs it.
CREATE TABLE message_originals (
  message_id  bigint PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
  sender_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content     text NOT NULL,
  file_key    text,
  -- The first change kept the text; a deletion after an edit only marks it.
  change      text NOT NULL CHECK (change IN ('edited', 'deleted')),
  kept_at     timestamptz NOT NULL DEFAULT now()
);
-- A deleted message's media kept for the moderators: the media route refuses it to members.
CREATE INDEX message_originals_file_idx ON message_originals (file_key) WHERE file_key IS NOT NULL;
-- A member's kept originals (forgotten at their scam review).
CREATE INDEX message_originals_sender_idx ON message_originals (sender_id);
-- "Is this message attached to an open report?", asked at each edit and deletion.
CREATE INDEX reports_open_reported_idx ON reports (reported_id) WHERE status = 'open';
