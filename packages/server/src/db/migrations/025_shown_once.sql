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
