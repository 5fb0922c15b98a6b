/**
 * The authorisation matrix: for every id a route takes (a path parameter, or a body or query
 * field named *_id), either a factory that makes the thing as member A and the request that
 * reaches it, or the reason the id does not name something a member owns. The test beside this
 * file walks the OpenAPI description, so an id route missing from here fails.
 */
import { expect } from 'vitest';
import { COIN_PACKS } from '@app/shared';
import { oggOpus } from './audio-files.js';
import { createMember, type TestApp } from './helpers.js';
import { formRequest as form, pngImage as png } from './form-request.js';

type Member = Awaited<ReturnType<typeof createMember>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Call {
  method: Method;
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A thing of A's (A in a chat with C) and the request on it, made by any member. */
interface Owned {
  request(as: Member): Promise<Call>;
  /** The member the route is meant for (A unless the route serves the other side, C). */
  rightful: 'a' | 'c';
}
export interface Scene {
  t: TestApp;
  a: Member;
  b: Member;
  c: Member;
}
export type Entry =
  | { owned: (s: Scene) => Promise<Owned>; refused?: readonly number[] }
  | { notOwned: string }
  /** A reference to another's thing inside a call on one's own: asserts it is not followed. */
  | { check: (s: Scene) => Promise<void> };

/** Ids whose field name does not end in _id but that name a member's thing all the same. */
export const EXTRA_ID_FIELDS: Record<string, string[]> = {
  // The mobile-money order's token, which /check-bf-payment takes as its body `token`.
  'POST /api/check-bf-payment': ['token'],
};

const bearer = (m: Member) => ({ authorization: `Bearer ${m.token}` });
const json = (method: Method, url: string, m: Member, body: Record<string, unknown> = {}) =>
  Promise.resolve<Call>({ method, url, payload: { token: m.token, ...body } });

/** A second photo in A's gallery (after a main one), named by its id. */
async function photoOfA({ t, a }: Scene) {
  const rows = await t.db.query<{ id: number }>(
    `INSERT INTO user_photos (user_id, photo_key, position)
     VALUES ($1, $2, 0), ($1, $3, 1) RETURNING id`,
    [a.id, `u${a.id}/${'a1'.repeat(16)}`, `u${a.id}/${'b2'.repeat(16)}`],
  );
  return rows[1]?.id ?? 0;
}

/** A chat between A and C with one message from A; B is in no chat with either. */
async function chatOfA({ t, a, c }: Scene) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chats/create',
    payload: { token: a.token, other_user_id: c.id },
  });
  const chatId = Number(res.json().data.chat_id);
  await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/messages/text',
    payload: { token: a.token, chat_id: chatId, content: 'Bonjour C' },
  });
  return { chatId, messageId: Number(sent.json().data.id) };
}

const onChat =
  (build: (m: Member, chatId: number) => Promise<Call>, rightful: 'a' | 'c' = 'a') =>
  async (s: Scene): Promise<Owned> => {
    const { chatId } = await chatOfA(s);
    return { rightful, request: (m) => build(m, chatId) };
  };
const onMessage =
  (build: (m: Member, messageId: number) => Promise<Call>, rightful: 'a' | 'c' = 'a') =>
  async (s: Scene): Promise<Owned> => {
    const { messageId } = await chatOfA(s);
    return { rightful, request: (m) => build(m, messageId) };
  };

/** A call A placed to C in their chat, still ringing (written as the calls module would). */
const onCall =
  (build: (m: Member, callId: number) => Promise<Call>, rightful: 'a' | 'c' = 'a') =>
  async (s: Scene): Promise<Owned> => {
    const { chatId } = await chatOfA(s);
    const rows = await s.t.db.query<{ id: number }>(
      `INSERT INTO calls (chat_id, caller_id, callee_id, caller_session_id)
       VALUES ($1, $2, $3, 0) RETURNING id`,
      [chatId, s.a.id, s.c.id],
    );
    const callId = Number(rows[0]?.id);
    return { rightful, request: (m) => build(m, callId) };
  };

async function orderOfA(s: Scene, method: 'card' | 'orange') {
  const paymentId = method === 'card' ? String(1_000_000_000 + s.a.id) : `OM${s.a.id}TESTTOKEN`;
  await s.t.db.query(
    `INSERT INTO payment_orders (payment_id, user_id, pack_id, amount, coins, provider, method)
     VALUES ($1, $2, 1, $3, $4, 'simulator', $5)`,
    [paymentId, s.a.id, COIN_PACKS[0]?.price ?? 0, COIN_PACKS[0]?.coins ?? 0, method],
  );
  return paymentId;
}

type Sender = (m: Member, chatId: number, replyTo: number) => Promise<Call>;
/**
 * B replies, in B's own chat with A, to A's message in the chat between A and C: the message is
 * sent but the reply link is dropped, so nothing of that other chat is quoted or linked.
 */
const replyAcross =
  (send: Sender) =>
  async (s: Scene): Promise<void> => {
    const { messageId } = await chatOfA(s);
    const own = await chatOfA({ ...s, a: s.b, c: s.a });
    const res = await s.t.app.inject(await send(s.b, own.chatId, messageId));
    expect(res.statusCode, res.body).toBeLessThan(300);
    const rows = await s.t.db.query<{ reply_to_id: number | null }>(
      `SELECT reply_to_id FROM messages WHERE id = $1`,
      [Number(res.json().data.id)],
    );
    expect(rows).toEqual([{ reply_to_id: null }]);
  };

const MEMBER = 'a member: another member is what the route acts on (blocks and visibility apply)';
const CLIENT_ID = "the sender's own retry key, only matched among the sender's own messages";
const PACK = 'a coin pack of the fixed public catalogue';
const STORY = 'stories are public and anonymous: any member may view or like any of them';
const CURSOR = 'a position inside the chat named by the path, whose membership is checked';

export const MATRIX: Record<string, Entry> = {
  'POST /api/users/{id}/view {id}': { notOwned: MEMBER },
  'POST /api/chats/create other_user_id': { notOwned: MEMBER },
  'POST /api/users/{id}/block {id}': { notOwned: MEMBER },
  'POST /api/users/{id}/unblock {id}': { notOwned: MEMBER },
  'POST /api/users/{id}/report {id}': { notOwned: MEMBER },
  // The announcement a report comes from: announcements are public, any member may name one.
  'POST /api/users/{id}/report announcement_id': { notOwned: MEMBER },
  'POST /api/swipe target_user_id': { notOwned: MEMBER },
  'POST /api/users/{id}/photos {id}': { notOwned: MEMBER },
  'POST /api/histoires/{id}/view {id}': { notOwned: STORY },
  'POST /api/histoires/{id}/like {id}': { notOwned: STORY },
  'POST /api/init-cinet pack_id': { notOwned: PACK },
  'POST /api/init-bf-payment pack_id': { notOwned: PACK },
  'POST /api/chats/{id}/messages before_id': { notOwned: CURSOR },
  'POST /api/messages/text client_id': { notOwned: CLIENT_ID },
  'POST /api/messages/image client_id': { notOwned: CLIENT_ID },
  'POST /api/messages/audio client_id': { notOwned: CLIENT_ID },

  'POST /api/messages/text reply_to_id': {
    check: replyAcross((m, chatId, replyTo) =>
      json('POST', '/api/messages/text', m, {
        chat_id: chatId,
        content: 'Oui',
        reply_to_id: replyTo,
      }),
    ),
  },
  'POST /api/messages/image reply_to_id': {
    check: replyAcross(async (m, chatId, replyTo) =>
      form(
        '/api/messages/image',
        { token: m.token, chat_id: String(chatId), reply_to_id: String(replyTo) },
        ['image', await png(), 'image/png'],
      ),
    ),
  },
  'POST /api/messages/audio reply_to_id': {
    check: replyAcross((m, chatId, replyTo) =>
      form(
        '/api/messages/audio',
        { token: m.token, chat_id: String(chatId), reply_to_id: String(replyTo), duration: '1' },
        ['audio', oggOpus(1), 'audio/ogg'],
      ),
    ),
  },

  'POST /api/notifications/mark-read notification_id': {
    owned: async ({ t, a }) => {
      const rows = await t.db.query<{ id: number }>(
        `INSERT INTO notifications (user_id, type, title, message) VALUES ($1, 'x', 'T', 'M') RETURNING id`,
        [a.id],
      );
      const id = rows[0]?.id;
      return {
        rightful: 'a',
        request: (m) => json('POST', '/api/notifications/mark-read', m, { notification_id: id }),
      };
    },
  },
  'POST /api/profile/photos/{id}/replace {id}': {
    owned: async (s) => {
      const id = await photoOfA(s);
      return {
        rightful: 'a',
        request: async (m) => ({
          ...(await form(`/api/profile/photos/${id}/replace`, { token: m.token }, [
            'photo',
            await png(),
            'image/png',
          ])),
        }),
      };
    },
  },
  'POST /api/profile/photos/{id}/delete {id}': {
    owned: async (s) => {
      const id = await photoOfA(s);
      return {
        rightful: 'a',
        request: (m) => json('POST', `/api/profile/photos/${id}/delete`, m),
      };
    },
  },
  'DELETE /api/announcements/{id} {id}': {
    owned: async ({ t, a }) => {
      const rows = await t.db.query<{ id: number }>(
        `INSERT INTO announcements (user_id, description) VALUES ($1, repeat('a', 60)) RETURNING id`,
        [a.id],
      );
      const id = rows[0]?.id ?? 0;
      return {
        rightful: 'a',
        request: (m) =>
          Promise.resolve({
            method: 'DELETE',
            url: `/api/announcements/${id}`,
            headers: bearer(m),
          }),
      };
    },
  },
  'POST /api/chats/{id} {id}': { owned: onChat((m, id) => json('POST', `/api/chats/${id}`, m)) },
  'POST /api/chats/{id}/messages {id}': {
    owned: onChat((m, id) => json('POST', `/api/chats/${id}/messages`, m)),
  },
  'POST /api/chats/{id}/search {id}': {
    owned: onChat((m, id) => json('POST', `/api/chats/${id}/search`, m, { query: 'Bonjour' })),
  },
  'POST /api/chats/{id}/read {id}': {
    owned: onChat((m, id) => json('POST', `/api/chats/${id}/read`, m), 'c'),
  },
  'POST /api/chats/{id}/mute {id}': {
    owned: onChat((m, id) => json('POST', `/api/chats/${id}/mute`, m, { muted: true })),
  },
  'POST /api/chats/{id}/leave {id}': {
    owned: onChat((m, id) => json('POST', `/api/chats/${id}/leave`, m)),
  },
  'POST /api/chats/{id}/unmatch {id}': {
    owned: onChat((m, id) => json('POST', `/api/chats/${id}/unmatch`, m)),
  },
  'POST /api/chats/{id}/unlock {id}': {
    owned: onChat((m, id) => json('POST', `/api/chats/${id}/unlock`, m)),
  },
  'POST /api/calls chat_id': {
    owned: onChat((m, id) => json('POST', '/api/calls', m, { chat_id: id })),
  },
  'GET /api/calls/{id} {id}': {
    owned: onCall((m, id) =>
      Promise.resolve({ method: 'GET', url: `/api/calls/${id}`, headers: bearer(m) }),
    ),
  },
  'POST /api/calls/{id}/answer {id}': {
    owned: onCall((m, id) => json('POST', `/api/calls/${id}/answer`, m), 'c'),
  },
  'POST /api/calls/{id}/decline {id}': {
    owned: onCall((m, id) => json('POST', `/api/calls/${id}/decline`, m), 'c'),
  },
  'POST /api/calls/{id}/hangup {id}': {
    owned: onCall((m, id) => json('POST', `/api/calls/${id}/hangup`, m)),
  },
  'POST /api/calls/{id}/stats {id}': {
    owned: onCall((m, id) =>
      json('POST', `/api/calls/${id}/stats`, m, { bytes_sent: 1, bytes_received: 1 }),
    ),
  },
  'POST /api/chats/{id}/typing {id}': {
    owned: onChat((m, id) => json('POST', `/api/chats/${id}/typing`, m)),
  },
  'POST /api/messages/text chat_id': {
    owned: onChat((m, id) => json('POST', '/api/messages/text', m, { chat_id: id, content: 'Hé' })),
  },
  'POST /api/messages/image chat_id': {
    owned: onChat(async (m, id) =>
      form('/api/messages/image', { token: m.token, chat_id: String(id) }, [
        'image',
        await png(),
        'image/png',
      ]),
    ),
  },
  'POST /api/messages/audio chat_id': {
    owned: onChat((m, id) =>
      form('/api/messages/audio', { token: m.token, chat_id: String(id), duration: '1' }, [
        'audio',
        oggOpus(1),
        'audio/ogg',
      ]),
    ),
  },
  'POST /api/messages/{id}/read {id}': {
    owned: onMessage((m, id) => json('POST', `/api/messages/${id}/read`, m), 'c'),
  },
  'PUT /api/messages/{id}/edit {id}': {
    owned: onMessage((m, id) => json('PUT', `/api/messages/${id}/edit`, m, { content: 'Changé' })),
  },
  'DELETE /api/messages/{id} {id}': {
    owned: onMessage((m, id) =>
      Promise.resolve({ method: 'DELETE', url: `/api/messages/${id}`, headers: bearer(m) }),
    ),
  },
  'POST /api/users/{id}/report chat_id': {
    // B reports C, citing the chat between A and C as evidence: B may not read that chat.
    owned: async (s) => {
      const { chatId } = await chatOfA(s);
      return {
        rightful: 'a',
        request: (m) =>
          json('POST', `/api/users/${s.c.id}/report`, m, { reason: 'harassment', chat_id: chatId }),
      };
    },
  },
  'POST /api/check-cinet-payment payment_id': {
    owned: async (s) => {
      const paymentId = await orderOfA(s, 'card');
      return {
        rightful: 'a',
        request: (m) => json('POST', '/api/check-cinet-payment', m, { payment_id: paymentId }),
      };
    },
  },
  'POST /api/init-cinet payment_id': {
    // Starting a payment under A's transaction id is refused as taken, A's order untouched.
    refused: [409],
    owned: async (s) => {
      const paymentId = await orderOfA(s, 'card');
      const pack = COIN_PACKS[0];
      return {
        rightful: 'a',
        request: (m) =>
          json('POST', '/api/init-cinet', m, {
            payment_id: paymentId,
            amount: pack?.price,
            pack_id: pack?.id,
          }),
      };
    },
  },
  'POST /api/check-bf-payment token': {
    owned: async (s) => {
      const paymentToken = await orderOfA(s, 'orange');
      return {
        rightful: 'a',
        request: (m) =>
          Promise.resolve({
            method: 'POST',
            url: '/api/check-bf-payment',
            headers: bearer(m),
            payload: { token: paymentToken },
          }),
      };
    },
  },
};
