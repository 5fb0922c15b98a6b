-- The bell lists each chat once: a new chat_message notification replaces the chat's read ones
-- (modules/notifications/chat-message-notification.ts). Rows written before: of each member's
-- chat, only the newest chat_message notification stays.
DELETE FROM notifications n
 WHERE n.type = 'chat_message'
   AND n.read_at IS NOT NULL
   AND n.data ? 'chat_id'
   AND EXISTS (
     SELECT 1 FROM notifications m
      WHERE m.user_id = n.user_id
        AND m.type = 'chat_message'
        AND (m.data->>'chat_id')::bigint = (n.data->>'chat_id')::bigint
        AND (m.created_at, m.id) > (n.created_at, n.id));

-- Today's reward window, once a day whatever the device: the business day it was last shown.
CREATE TABLE daily_reward_views (
  user_id   bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  day       date NOT NULL
);

-- The scam warning's « Signaler » is offered once a chat is reported on no device: the chat
-- screen asks whether the member reported it (modules/chats/scam-report.repository.ts).
CREATE INDEX reports_reporter_chat_idx ON reports (reporter_id, chat_id);
