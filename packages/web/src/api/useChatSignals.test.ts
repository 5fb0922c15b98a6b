import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TChatMessage } from '@app/shared';
import { chatMessage } from '../test/chatMessages';
import { threadFromDetails } from '../lib/chats/thread';
import type { ChatThread } from '../lib/chats/types';
import { call } from './call';
import { markChatRead } from './useChatSignals';
import { threadKey } from './useChats';

vi.mock('./call', () => ({ call: vi.fn() }));

const ME = 1;
const OTHER = 2;
const CHAT = 9;

const msg = (id: number, sender: number) => chatMessage(id, sender, { status: 'delivered' });

function seeded(messages: TChatMessage[]) {
  const qc = new QueryClient();
  qc.setQueryData<ChatThread>(
    threadKey(CHAT),
    threadFromDetails({
      id: CHAT,
      participants: [],
      messages,
      is_locked_for_user: false,
      locked_sender: false,
      locked_receiver: false,
      is_sender: false,
      unlock_cost: 100,
      user_coins: 0,
      current_user_name: 'Moi',
      muted: false,
    }),
  );
  return qc;
}

const statusOf = (qc: QueryClient, id: number) =>
  qc.getQueryData<ChatThread>(threadKey(CHAT))?.messages.find((m) => m.id === id)?.status;

describe('markChatRead (POST /chats/{id}/read)', () => {
  it('marks read what was shown when the call left', async () => {
    const qc = seeded([msg(1, OTHER), msg(2, ME), msg(3, OTHER)]);
    vi.mocked(call).mockResolvedValueOnce({
      success: true,
      httpStatus: 200,
      message: '',
      data: { message_ids: [1, 3] },
    } as never);
    await markChatRead(qc, CHAT, ME);
    expect(statusOf(qc, 1)).toBe('read');
    expect(statusOf(qc, 3)).toBe('read');
  });

  it('leaves unread a message that came in while the call was on its way', async () => {
    // The answer names message 3 only: message 4 reached the server after the read.
    const qc = seeded([msg(3, OTHER)]);
    vi.mocked(call).mockImplementationOnce(async () => {
      qc.setQueryData<ChatThread>(threadKey(CHAT), (t) =>
        t ? { ...t, messages: [...t.messages, msg(4, OTHER)] } : t,
      );
      return { success: true, httpStatus: 200, data: { message_ids: [3] } } as never;
    });
    await markChatRead(qc, CHAT, ME);
    expect(statusOf(qc, 3)).toBe('read');
    // Still unread, so the screen marks it read in turn and its sender sees « Lu ».
    expect(statusOf(qc, 4)).toBe('delivered');
  });
});
