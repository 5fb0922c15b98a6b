import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '@app/shared';
import {
  addMessage,
  buildRows,
  hasUnreadFrom,
  markDelivered,
  markRead,
  prependOlder,
  removeMessage,
  replaceMessage,
  threadFromDetails,
} from './thread';
import type { ChatThread, TChatDetails } from './types';
import { chatMessage } from '../../test/chatMessages';

const ME = 1;
const OTHER = 2;
const at = (d: number, h = 10) => new Date(2025, 2, d, h).toISOString();

const msg = (id: number, sender = ME, extra: Partial<TChatMessage> = {}) =>
  chatMessage(id, sender, { created_at: at(5), timestamp: at(5), ...extra });

function details(messages: TChatMessage[]): TChatDetails {
  return {
    id: 9,
    participants: [],
    messages,
    is_locked_for_user: false,
    locked_sender: false,
    locked_receiver: false,
    is_sender: true,
    unlock_cost: 100,
    user_coins: 0,
    current_user_name: 'Moi',
    muted: false,
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
const thread = (messages: TChatMessage[]): ChatThread => threadFromDetails(details(messages));

describe('loading a conversation', () => {
  it('knows more messages may exist when the first page is full', () => {
    expect(thread(range(1, 20))).toMatchObject({ has_more: true, next_before_id: 1 });
    expect(thread(range(1, 5))).toMatchObject({ has_more: false, next_before_id: null });
  });

  it('keeps older loaded messages when a refresh overlaps them', () => {
    const loaded = prependOlder(thread(range(21, 40)), {
      data: range(1, 20),
      has_more: false,
      next_before_id: null,
    });
    const refreshed = threadFromDetails(details(range(25, 44)), loaded);
    expect(refreshed.messages.map((m) => m.id)).toEqual(range(1, 44).map((m) => m.id));
    expect(refreshed.has_more).toBe(false);
  });

  it('starts over after a gap longer than a page', () => {
    const loaded = thread(range(1, 20));
    const refreshed = threadFromDetails(details(range(60, 79)), loaded);
    expect(refreshed.messages.map((m) => m.id)).toEqual(range(60, 79).map((m) => m.id));
    expect(refreshed).toMatchObject({ has_more: true, next_before_id: 60 });
  });

  it('drops a message deleted meanwhile', () => {
    const loaded = thread([msg(1), msg(2), msg(3)]);
    expect(threadFromDetails(details([msg(1), msg(3)]), loaded).messages.map((m) => m.id)).toEqual([
      1, 3,
    ]);
  });

  it('prepends an older page without duplicates', () => {
    const t = prependOlder(thread(range(5, 24)), {
      data: range(1, 5),
      has_more: false,
      next_before_id: null,
    });
    expect(t.messages.map((m) => m.id)).toEqual(range(1, 24).map((m) => m.id));
  });
});

describe('realtime events on a conversation', () => {
  it('adds a new message once, in id order', () => {
    let t = thread([msg(1), msg(3)]);
    t = addMessage(t, msg(4, OTHER));
    t = addMessage(t, msg(2, OTHER));
    t = addMessage(t, msg(4, OTHER));
    expect(t.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the better status when the same message arrives again', () => {
    const t = addMessage(thread([msg(1, ME, { status: 'read' })]), msg(1));
    expect(t.messages[0]?.status).toBe('read');
  });

  it('marks delivered then read, and never back', () => {
    let t = thread([msg(1), msg(2), msg(3, OTHER)]);
    t = markDelivered(t, [1, 2]);
    expect(t.messages.map((m) => m.status)).toEqual(['delivered', 'delivered', 'sent']);
    t = markRead(t, { chat_id: 9, message_id: 1, message_ids: [1], user_id: OTHER });
    expect(t.messages.map((m) => m.status)).toEqual(['read', 'delivered', 'sent']);
    t = markDelivered(t, [1]);
    expect(t.messages[0]?.status).toBe('read');
  });

  it('reading up to a message reads the earlier ones of the same sender', () => {
    const t = markRead(thread([msg(1), msg(2), msg(3)]), {
      chat_id: 9,
      message_id: 3,
      message_ids: [3],
      user_id: OTHER,
    });
    expect(t.messages.map((m) => m.status)).toEqual(['read', 'read', 'read']);
  });

  it('shows my message read when the receipt came before my own copy of it', () => {
    // The other member read message 5 on the other server copy before my send's answer came back.
    let t = markRead(thread([msg(1)]), {
      chat_id: 9,
      message_id: 5,
      message_ids: [5],
      user_id: OTHER,
    });
    t = addMessage(t, msg(5));
    t = addMessage(t, msg(6));
    t = addMessage(t, msg(7, OTHER));
    expect(t.messages.map((m) => [m.id, m.status])).toEqual([
      [1, 'read'],
      [5, 'read'],
      [6, 'sent'],
      [7, 'sent'],
    ]);
  });

  it('returns the same thread when nothing changes', () => {
    const t = thread([msg(1, ME, { status: 'read' })]);
    expect(markDelivered(t, [1])).toBe(t);
    expect(removeMessage(t, 42)).toBe(t);
  });

  it('removes a deleted message and replaces an edited one', () => {
    let t = thread([msg(1), msg(2)]);
    t = removeMessage(t, 1);
    t = replaceMessage(t, msg(2, ME, { content: 'corrigé', edited_at: at(5, 11) }));
    expect(t.messages.map((m) => m.content)).toEqual(['corrigé']);
  });

  it('knows when messages from the other member wait to be read', () => {
    expect(hasUnreadFrom(thread([msg(1), msg(2, OTHER)]), ME)).toBe(true);
    expect(hasUnreadFrom(thread([msg(1), msg(2, OTHER, { status: 'read' })]), ME)).toBe(false);
  });
});

describe('rows with day separators', () => {
  it('shows a queued message once when its stored copy already arrived', () => {
    const clientId = '0b9d6c1e-5f4a-4c3b-8a2d-1e0f9c8b7a6d';
    const queued = {
      local_id: 'y',
      chat_id: 9,
      kind: 'text' as const,
      content: 'réponse perdue',
      client_id: clientId,
      owner: 'a',
      created_at: at(5, 12),
      state: 'queued' as const,
    };
    const now = new Date(2025, 2, 5, 18).getTime();
    expect(
      buildRows([msg(1, ME, { created_at: at(5) })], [queued], ME, now).map((r) => r.kind),
    ).toEqual(['day', 'message', 'pending']);
    const stored = msg(2, ME, { created_at: at(5, 12), client_id: clientId });
    const rows = buildRows([msg(1, ME, { created_at: at(5) }), stored], [queued], ME, now);
    expect(rows.map((r) => r.key)).toEqual([rows[0]?.key, 'm-1', 'm-2']);
  });
  it('puts a separator before each new day and the outbox at the end', () => {
    const now = new Date(2025, 2, 5, 18).getTime();
    const rows = buildRows(
      [
        msg(1, OTHER, { created_at: at(3) }),
        msg(2, ME, { created_at: at(4) }),
        msg(3, ME, { created_at: at(4, 11) }),
        msg(4, OTHER, { created_at: at(5) }),
      ],
      [
        {
          local_id: 'x',
          chat_id: 9,
          kind: 'text',
          content: 'hors ligne',
          client_id: '6f1c2a52-8d3e-4b7a-9c1d-2e3f4a5b6c7d',
          owner: 'a',
          created_at: at(5, 12),
          state: 'queued',
        },
      ],
      ME,
      now,
    );
    expect(rows.map((r) => (r.kind === 'day' ? r.label : r.key))).toEqual([
      'lundi 3 mars',
      'm-1',
      'Hier',
      'm-2',
      'm-3',
      "Aujourd'hui",
      'm-4',
      'p-x',
    ]);
    expect(
      rows.filter((r) => r.kind === 'message').map((r) => r.kind === 'message' && r.mine),
    ).toEqual([false, true, true, false]);
  });
});
