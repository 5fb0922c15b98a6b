import { chatRoom, userRoom } from '@app/shared';
import type { Deps } from '../../deps.js';
import { hideProfile } from '../safety/index.js';
import { markChatNotificationsRead } from '../notifications/index.js';
import * as chats from './chat.repository.js';
import { getChatForUser } from './chat.service.js';

/**
 * « Ne plus voir ce profil » (issue 29): the member leaves the chat for good (it leaves their
 * list, the other member keeps it to read but cannot write into it), the match is undone and
 * the two no longer see each other in swipes and nearby. Only a member of the chat may.
 */
export async function unmatchChat(deps: Deps, chatId: number, userId: number) {
  const chat = await getChatForUser(deps, chatId, userId);
  await deps.db.transaction().execute(async (trx) => {
    await chats.closeChat(trx, chat.id, userId);
    await hideProfile(trx, userId, chat.other_id);
  });
  // The bell no longer points to a chat the member can no longer open.
  await markChatNotificationsRead(deps.db, userId, chat.id);
  deps.realtime
    .to([userRoom(chat.other_id), userRoom(userId)])
    .emit('chat.closed', { chat_id: chat.id, closed_by: userId });
  const sockets = await deps.realtime.fetchSockets(userRoom(userId));
  for (const s of sockets) s.leave(chatRoom(chat.id));
}
