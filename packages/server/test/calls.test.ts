/**
 * Voice calls (issue 30) through the API and real sockets: who may call whom (an open chat, no
 * block, no hold, a limit on unanswered calls, busy), the call's life (ringing on the callee's
 * devices, answered, declined, missed, hung up, cut by a block) with its line in the chat and
 * the missed call's notification, the signals relayed between the two devices only, and TURN
 * credentials that a real coturn accepts until they expire.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { CALL_MSG, CALL_UNANSWERED_MAX_PER_HOUR, type TCallUpdate } from '@app/shared';
import {
  createMember,
  createTestApp,
  createTwoCopies,
  postJson,
  TEST_REDIS_URL,
  type TestApp,
} from './helpers.js';
import { listen, nextEvent, openSocketTracked } from './sockets.js';
import { clearRingTimers, settleRungOut } from '../src/modules/calls/index.js';
import { startCoturn, type Coturn } from './coturn.js';

const run = promisify(execFile);
let coturn: Coturn;
let t: TestApp;
let url: string;
const sockets: Socket[] = [];

type Member = Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  coturn = await startCoturn();
  t = await createTestApp({ TURN_URLS: coturn.url, TURN_SECRET: coturn.secret });
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t.close();
  await coturn.close();
});

/** Two members and their chat: a match unless `origin` says otherwise. */
async function pair(origin: 'match' | 'contact' = 'match') {
  const a = await createMember(t, { name: 'Awa' });
  const b = await createMember(t, { name: 'Boureima' });
  const res = await postJson(t.app, '/chats/create', { other_user_id: b.id }, a.token);
  const chatId: number = res.json().data.chat_id;
  if (origin === 'match')
    await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
  return { a, b, chatId };
}

const call = (m: Member, chatId: number) => postJson(t.app, '/calls', { chat_id: chatId }, m.token);
const act = (m: Member, id: number, what: 'answer' | 'decline' | 'hangup') =>
  postJson(t.app, `/calls/${id}/${what}`, {}, m.token);

async function lines(chatId: number) {
  return t.db.query<{ content: string; duration_s: number | null; sender_id: number }>(
    `SELECT content, duration_s, sender_id FROM messages WHERE chat_id = $1 AND type = 'call' ORDER BY id`,
    [chatId],
  );
}

describe('who may call', () => {
  it('rings the callee: 201 with the callee, and call.incoming with the caller on their socket', async () => {
    const { a, b, chatId } = await pair();
    const bSocket = await openSocketTracked(sockets, url, { token: b.token });
    const incoming = nextEvent(bSocket, 'call.incoming');
    const res = await call(a, chatId);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.call).toMatchObject({
      chat_id: chatId,
      caller_id: a.id,
      callee_id: b.id,
      status: 'ringing',
    });
    expect(data.peer).toMatchObject({ id: b.id, name: 'Boureima' });
    expect(await incoming).toMatchObject({
      call: { id: data.call.id },
      peer: { id: a.id, name: 'Awa' },
    });
    // Nothing about a device or an address leaves the server.
    expect(Object.keys(data.call).sort()).toEqual([
      'answered_at',
      'callee_id',
      'caller_id',
      'chat_id',
      'created_at',
      'duration',
      'ended_at',
      'id',
      'status',
    ]);
  });

  it('refuses without a token, with a bad chat id, and a chat the caller is not in', async () => {
    const { chatId } = await pair();
    const stranger = await createMember(t);
    expect((await postJson(t.app, '/calls', { chat_id: chatId })).statusCode).toBe(401);
    const bad = await postJson(t.app, '/calls', { chat_id: 'x' }, stranger.token);
    expect(bad.statusCode).toBe(400);
    const notMine = await call(stranger, chatId);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error).toBe('chat_not_found');
  });

  it('waits for a contact chat to be open to both: answered, or unlocked', async () => {
    const { a, b, chatId } = await pair('contact');
    await postJson(
      t.app,
      '/messages/text',
      { chat_id: chatId, content: 'Bonjour Boureima' },
      a.token,
    );
    const closed = await call(a, chatId);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ error: 'call_not_open', message: CALL_MSG.notOpen });
    expect((await call(b, chatId)).statusCode).toBe(403);
    await postJson(t.app, '/messages/text', { chat_id: chatId, content: 'Bonjour Awa' }, b.token);
    expect((await call(a, chatId)).statusCode).toBe(201);

    const other = await pair('contact');
    await t.db.query(`UPDATE chats SET unlocked_at = now() WHERE id = $1`, [other.chatId]);
    expect((await call(other.a, other.chatId)).statusCode).toBe(201);
  });

  it('refuses a blocked member, either way, and a member held by the scam shield', async () => {
    const { a, b, chatId } = await pair();
    await postJson(t.app, `/users/${b.id}/block`, {}, a.token);
    for (const m of [a, b]) {
      const res = await call(m, chatId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'blocked', message: CALL_MSG.blocked });
    }
    const held = await pair();
    await t.db.query(`UPDATE users SET chat_hold_at = now() WHERE id = $1`, [held.a.id]);
    const res = await call(held.a, held.chatId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'chat_hold', message: CALL_MSG.held });
    expect((await lines(held.chatId)).length).toBe(0);
  });

  it('never rings a member who turned « Recevoir des appels » off, until it is on again', async () => {
    const { a, b, chatId } = await pair();
    const patch = (receive: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/me/settings',
        payload: { receive_calls: receive },
        headers: { authorization: `Bearer ${b.token}` },
      });
    expect((await patch(false)).json().data).toMatchObject({ receive_calls: false });
    const refused = await call(a, chatId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'calls_off', message: CALL_MSG.callsOff });
    // B may still call A, whose calls are on.
    const back = await call(b, chatId);
    expect(back.statusCode).toBe(201);
    await act(b, back.json().data.call.id, 'hangup');
    await patch(true);
    expect((await call(a, chatId)).statusCode).toBe(201);
  });

  it(`allows ${CALL_UNANSWERED_MAX_PER_HOUR} unanswered calls to one member an hour, then says so in French`, async () => {
    const { a, b, chatId } = await pair();
    for (let i = 0; i < CALL_UNANSWERED_MAX_PER_HOUR; i++) {
      const res = await call(a, chatId);
      expect(res.statusCode).toBe(201);
      expect((await act(b, res.json().data.call.id, 'decline')).statusCode).toBe(200);
    }
    const refused = await call(a, chatId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CALL_MSG.tooMany(CALL_UNANSWERED_MAX_PER_HOUR));
    // B may still call A back, and an hour later A may call again.
    const back = await call(b, chatId);
    expect(back.statusCode).toBe(201);
    await act(b, back.json().data.call.id, 'hangup');
    await t.db.query(
      `UPDATE calls SET created_at = created_at - interval '61 minutes' WHERE caller_id = $1`,
      [a.id],
    );
    expect((await call(a, chatId)).statusCode).toBe(201);
  });

  it('answers busy when either member is already in a call, and the callee hears of it', async () => {
    const { a, b, chatId } = await pair();
    const c = await createMember(t, { name: 'Céline' });
    const res = await postJson(t.app, '/chats/create', { other_user_id: b.id }, c.token);
    const chatCb: number = res.json().data.chat_id;
    await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatCb]);
    const first = await call(a, chatId);
    expect(first.statusCode).toBe(201);
    const busy = await call(c, chatCb);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: 'busy', message: CALL_MSG.calleeBusy });
    expect(await lines(chatCb)).toEqual([{ content: 'busy', duration_s: null, sender_id: c.id }]);
    const notes = await t.db.query<{ type: string; data: { chat_id: number } }>(
      `SELECT type, data FROM notifications WHERE user_id = $1 AND type = 'missed_call'`,
      [b.id],
    );
    expect(notes.map((n) => n.data.chat_id)).toEqual([chatCb]);
    // The caller of a call under way cannot place a second one.
    const second = await call(a, chatId);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(CALL_MSG.youAreBusy);
  });
});

describe("a call's life", () => {
  it('answered then hung up by the caller: both told, one line « ended » with the seconds talked', async () => {
    const { a, b, chatId } = await pair();
    const aSocket = await openSocketTracked(sockets, url, { token: a.token });
    const id: number = (await call(a, chatId)).json().data.call.id;
    const accepted = nextEvent(aSocket, 'call.updated');
    const answer = await act(b, id, 'answer');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ call: { status: 'accepted' }, peer: { id: a.id } });
    expect(await accepted).toMatchObject({ call: { id, status: 'accepted' }, by: b.id });
    // Answering twice, or from the caller's side, is refused.
    expect((await act(b, id, 'answer')).statusCode).toBe(409);
    expect((await act(a, id, 'answer')).statusCode).toBe(404);

    await t.db.query(
      `UPDATE calls SET answered_at = now() - interval '180 seconds' WHERE id = $1`,
      [id],
    );
    const bSocket = await openSocketTracked(sockets, url, { token: b.token });
    const ended = nextEvent(bSocket, 'call.updated');
    const line = nextEvent(bSocket, 'message.sent');
    const hang = await act(a, id, 'hangup');
    expect(hang.statusCode).toBe(200);
    expect(hang.json().data).toMatchObject({ status: 'ended', duration: 180 });
    expect(await ended).toMatchObject({ call: { status: 'ended' }, by: a.id });
    expect(await line).toMatchObject({
      type: 'call',
      content: 'ended',
      duration: 180,
      chat_id: chatId,
    });
    expect(await lines(chatId)).toEqual([{ content: 'ended', duration_s: 180, sender_id: a.id }]);
    // Both members see it in the chat's messages.
    for (const m of [a, b]) {
      const details = await postJson(t.app, `/chats/${chatId}`, {}, m.token);
      expect(details.json().data.messages.at(-1)).toMatchObject({
        type: 'call',
        content: 'ended',
        duration: 180,
      });
    }
    expect((await act(b, id, 'hangup')).statusCode).toBe(409);
  });

  it('declined by the callee: a « declined » line, no notification', async () => {
    const { a, b, chatId } = await pair();
    const id: number = (await call(a, chatId)).json().data.call.id;
    const declined = await act(b, id, 'decline');
    expect(declined.json().data.status).toBe('declined');
    expect(await lines(chatId)).toEqual([
      { content: 'declined', duration_s: null, sender_id: a.id },
    ]);
    const notes = await t.db.query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'missed_call'`,
      [b.id],
    );
    expect(notes.length).toBe(0);
  });

  it('missed after 30 s of ringing: « missed » line, and the callee is notified with the chat to open', async () => {
    const { a, b, chatId } = await pair();
    const bSocket = await openSocketTracked(sockets, url, { token: b.token });
    const id: number = (await call(a, chatId)).json().data.call.id;
    await t.db.query(`UPDATE calls SET created_at = now() - interval '31 seconds' WHERE id = $1`, [
      id,
    ]);
    const note = nextEvent(bSocket, 'notification.received');
    const late = await act(b, id, 'answer');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CALL_MSG.over);
    expect(await note).toMatchObject({
      type: 'missed_call',
      title: 'Appel manqué',
      action: `/chat/${chatId}`,
    });
    expect((await postJson(t.app, `/calls/${id}`, {}, b.token)).statusCode).toBe(404); // GET only
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/calls/${id}`,
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(read.json().data.call.status).toBe('missed');
    expect(await lines(chatId)).toEqual([{ content: 'missed', duration_s: null, sender_id: a.id }]);
  });

  it('rung out on a copy that stopped: the sweep settles it as missed, and notifies', async () => {
    const { a, b, chatId } = await pair();
    const bSocket = await openSocketTracked(sockets, url, { token: b.token });
    const id: number = (await call(a, chatId)).json().data.call.id;
    // The copy the call was placed on stops: its ring timer goes with it.
    clearRingTimers(t.app.deps);
    await t.db.query(`UPDATE calls SET created_at = now() - interval '31 seconds' WHERE id = $1`, [
      id,
    ]);
    const note = nextEvent(bSocket, 'notification.received');
    // Nobody looks at the call again: the sweep of any copy settles it, once.
    expect(await settleRungOut(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await note).toMatchObject({ type: 'missed_call', action: `/chat/${chatId}` });
    expect(await settleRungOut(t.app.deps)).toBe(0);
    expect(await lines(chatId)).toEqual([{ content: 'missed', duration_s: null, sender_id: a.id }]);
  });

  it('the caller giving up while it rings is a missed call too', async () => {
    const { a, b, chatId } = await pair();
    const id: number = (await call(a, chatId)).json().data.call.id;
    expect((await act(a, id, 'hangup')).json().data.status).toBe('missed');
    const notes = await t.db.query(
      `SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'missed_call'`,
      [b.id],
    );
    expect(notes.length).toBe(1);
  });

  it('a block cuts the call under way, and both devices are told', async () => {
    const { a, b, chatId } = await pair();
    const aSocket = await openSocketTracked(sockets, url, { token: a.token });
    const id: number = (await call(a, chatId)).json().data.call.id;
    await act(b, id, 'answer');
    const cut = new Promise<TCallUpdate>((resolve) =>
      aSocket.on('call.updated', (u: TCallUpdate) => u.call.status === 'cut' && resolve(u)),
    );
    await postJson(t.app, `/users/${a.id}/block`, {}, b.token);
    expect(await cut).toMatchObject({ call: { id, status: 'cut' }, by: b.id });
  });

  it('shows a call only to its two members', async () => {
    const { a, chatId } = await pair();
    const stranger = await createMember(t);
    const id: number = (await call(a, chatId)).json().data.call.id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/calls/${id}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect((await act(stranger, id, 'hangup')).statusCode).toBe(404);
  });
});

describe('signals between the two devices', () => {
  it('relays descriptions and relay candidates to the other device only, never a host candidate', async () => {
    const { a, b, chatId } = await pair();
    const aSocket = await openSocketTracked(sockets, url, { token: a.token });
    const bSocket = await openSocketTracked(sockets, url, { token: b.token });
    const id: number = (await call(a, chatId)).json().data.call.id;
    const send = (s: Socket, payload: object) =>
      new Promise<{ ok: boolean }>((resolve) => s.emit('call:signal', payload, resolve));
    // Before the answer there is nobody to talk to.
    expect((await send(aSocket, { call_id: id, candidate: null })).ok).toBe(false);
    await act(b, id, 'answer');

    const offer = nextEvent(bSocket, 'call.signal');
    const sdp =
      'v=0\r\na=candidate:1 1 udp 2122 192.168.1.20 5000 typ host\r\na=candidate:2 1 udp 5 203.0.113.9 40000 typ relay raddr 0.0.0.0 rport 0\r\n';
    expect((await send(aSocket, { call_id: id, description: { type: 'offer', sdp } })).ok).toBe(
      true,
    );
    const got = (await offer) as { description: { sdp: string } };
    expect(got.description.sdp).toContain('typ relay');
    expect(got.description.sdp).not.toContain('192.168.1.20');

    const host = {
      candidate: 'candidate:1 1 udp 2122 192.168.1.20 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    expect((await send(bSocket, { call_id: id, candidate: host })).ok).toBe(false);
    const stranger = await createMember(t);
    const sSocket = await openSocketTracked(sockets, url, { token: stranger.token });
    const relay = {
      ...host,
      candidate: 'candidate:2 1 udp 5 203.0.113.9 40000 typ relay raddr 0.0.0.0 rport 0',
    };
    expect((await send(sSocket, { call_id: id, candidate: relay })).ok).toBe(false);
    const toA = nextEvent(aSocket, 'call.signal');
    expect((await send(bSocket, { call_id: id, candidate: relay })).ok).toBe(true);
    expect(await toA).toMatchObject({ call_id: id, candidate: { candidate: relay.candidate } });
  });

  it('rings again on a device of the callee that connects while the call rings', async () => {
    const { a, b, chatId } = await pair();
    const id: number = (await call(a, chatId)).json().data.call.id;
    // Listening before the connection: the ring comes with it.
    const late = connect(url, {
      path: '/socket.io',
      auth: { token: b.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(late);
    const ring = await nextEvent(late, 'call.incoming');
    expect(ring).toMatchObject({ call: { id, status: 'ringing' }, peer: { name: 'Awa' } });
  });
});

describe('TURN credentials', () => {
  const turnFor = (m: Member) => postJson(t.app, '/calls/turn-credentials', {}, m.token);

  async function allocate(username: string, credential: string) {
    try {
      await run(
        'turnutils_uclient',
        ['-y', '-n', '1', '-u', username, '-w', credential, '-p', String(coturn.port), '127.0.0.1'],
        { timeout: 15_000 },
      );
      return true;
    } catch {
      return false;
    }
  }

  it('signs expiry:userId with the shared secret, for an hour, and coturn relays with them', async () => {
    const m = await createMember(t);
    expect((await postJson(t.app, '/calls/turn-credentials', {})).statusCode).toBe(401);
    const res = await turnFor(m);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.urls).toEqual([coturn.url]);
    const [expiry, userId] = String(data.username).split(':');
    expect(Number(userId)).toBe(m.id);
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(3590);
    expect(Number(expiry) - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(data.credential).toBe(
      crypto.createHmac('sha1', coturn.secret).update(data.username).digest('base64'),
    );
    expect(await allocate(data.username, data.credential)).toBe(true);
  }, 30_000);

  it('coturn refuses a credential past its expiry, or signed with another secret', async () => {
    const past = `${Math.floor(Date.now() / 1000) - 10}:7`;
    const sign = (secret: string, u: string) =>
      crypto.createHmac('sha1', secret).update(u).digest('base64');
    expect(await allocate(past, sign(coturn.secret, past))).toBe(false);
    const future = `${Math.floor(Date.now() / 1000) + 600}:7`;
    expect(await allocate(future, sign('pas-le-bon-secret-du-tout', future))).toBe(false);
  }, 40_000);

  it('calls are unavailable without a relay: 503 in French, never a call without TURN', async () => {
    const bare = await createTestApp();
    try {
      const m = await createMember(bare);
      const other = await createMember(bare);
      const res = await postJson(bare.app, '/calls/turn-credentials', {}, m.token);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(CALL_MSG.unavailable);
      const chat = await postJson(bare.app, '/chats/create', { other_user_id: other.id }, m.token);
      const chatId: number = chat.json().data.chat_id;
      await bare.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
      const start = await postJson(bare.app, '/calls', { chat_id: chatId }, m.token);
      expect(start.statusCode).toBe(503);
      expect((await bare.db.query(`SELECT 1 FROM calls`)).length).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('metrics', () => {
  it('counts calls placed, answered, ended by outcome, seconds talked and relayed bytes', async () => {
    const { a, b, chatId } = await pair();
    const id: number = (await call(a, chatId)).json().data.call.id;
    await act(b, id, 'answer');
    await t.db.query(`UPDATE calls SET answered_at = now() - interval '60 seconds' WHERE id = $1`, [
      id,
    ]);
    await act(b, id, 'hangup');
    const stats = { bytes_sent: 100_000, bytes_received: 90_000 };
    expect((await postJson(t.app, `/calls/${id}/stats`, stats, a.token)).statusCode).toBe(200);
    // Once per member: a second report is not counted again.
    await postJson(t.app, `/calls/${id}/stats`, stats, a.token);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('calls_placed_total')).toBeGreaterThanOrEqual(1);
    expect(value('calls_answered_total')).toBeGreaterThanOrEqual(1);
    expect(value('call_seconds_total')).toBeGreaterThanOrEqual(60);
    expect(text).toMatch(/^calls_ended_total\{outcome="ended"\} \d+/m);
    const row = await t.db.query<{ caller_bytes: string }>(
      `SELECT caller_bytes FROM calls WHERE id = $1`,
      [id],
    );
    expect(Number(row[0]?.caller_bytes)).toBe(190_000);
    expect(value('call_relayed_bytes_total')).toBeGreaterThanOrEqual(190_000);
  });
});

describe.skipIf(!TEST_REDIS_URL)('across two copies', () => {
  it('rings the callee and relays the signals on the other copy', async () => {
    const two = await createTwoCopies(TEST_REDIS_URL, {
      TURN_URLS: coturn.url,
      TURN_SECRET: coturn.secret,
    });
    try {
      const [copyA, copyB] = two.copies;
      const urlA = await listen(copyA);
      const urlB = await listen(copyB);
      const a = await createMember(two.a, { name: 'Awa' });
      const b = await createMember(two.a, { name: 'Boureima' });
      const created = await postJson(copyA, '/chats/create', { other_user_id: b.id }, a.token);
      const chatId: number = created.json().data.chat_id;
      await two.a.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
      const aSocket = await openSocketTracked(sockets, urlA, { token: a.token });
      const bSocket = await openSocketTracked(sockets, urlB, { token: b.token });
      const ring = nextEvent(bSocket, 'call.incoming');
      const id: number = (await postJson(copyA, '/calls', { chat_id: chatId }, a.token)).json().data
        .call.id;
      expect(await ring).toMatchObject({ call: { id } });
      const accepted = nextEvent(aSocket, 'call.updated');
      await postJson(copyB, `/calls/${id}/answer`, {}, b.token);
      expect(await accepted).toMatchObject({ call: { status: 'accepted' } });
      const signal = nextEvent(bSocket, 'call.signal');
      aSocket.emit('call:signal', { call_id: id, description: { type: 'offer', sdp: 'v=0\r\n' } });
      expect(await signal).toMatchObject({ call_id: id, description: { type: 'offer' } });
    } finally {
      await two.close();
    }
  });
});
