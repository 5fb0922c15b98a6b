/** A chat message as the server sends it, for tests of the thread's cache. */
import type { TChatMessage } from '@app/shared';

export function chatMessage(
  id: number,
  sender: number,
  extra: Partial<TChatMessage> = {},
): TChatMessage {
  const at = new Date(2025, 2, 5, 10).toISOString();
  return {
    id,
    chat_id: 9,
    chatId: 9,
    sender_id: sender,
    type: 'text',
    content: `m${id}`,
    file_url: null,
    preview_url: null,
    preview_lite_url: null,
    duration: null,
    reply_to_id: null,
    status: 'sent',
    created_at: at,
    timestamp: at,
    edited_at: null,
    ...extra,
  };
}
