-- One unread chat_message notification per member and chat: while it is unread, a new message
-- of that chat updates it (count, latest preview, time) instead of adding a row. The unique
-- partial index is what keeps concurrent sends to one row (INSERT … ON CONFLICT).

-- Rows written before, one per message: the newest unread one of each chat stays unread.
UPDATE notifications n
   SET read_at = now()
 WHERE n.type = 'chat_message'
   AND n.read_at IS NULL
   AND n.data ? 'chat_id'
   AND EXISTS (
     SELECT 1 FROM notifications m
      WHERE m.user_id = n.user_id
        AND m.type = 'chat_message'
        AND m.read_at IS NULL
        AND (m.data->>'chat_id')::bigint = (n.data->>'chat_id')::bigint
        AND m.id > n.id);

CREATE UNIQUE INDEX notifications_unread_chat_idx
  ON notifications (user_id, ((data->>'chat_id')::bigint))
  WHERE type = 'chat_message' AND read_at IS NULL;

-- An updated notification moves up: the bell lists by time (newest first), then by id.
DROP INDEX notifications_user_idx;
CREATE INDEX notifications_user_recent_idx ON notifications (user_id, created_at DESC, id DESC);
