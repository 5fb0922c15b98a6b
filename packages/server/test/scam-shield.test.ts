/**
 * The scam shield end to end on the server: which messages are flagged, who sees the warning
 * (answers, lists and realtime events), a report's scoped evidence, the hold after 3 flagged
 * chats in 24 h, and the console's « Arnaques » queue with its audited readings and decisions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { REALTIME_EVENTS, SCAM_TEXT } from '@app/shared';
import { createSession } from '../src/auth/session.repository.js';
import { kyselyOf } from '../src/db/kysely.js';
import { createConsoleApp, createMember, type TestApp } from './helpers.js';
import { nextEvent, openSocketTracked } from './sockets.js';

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let moderator: Member;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ t, moderator, url } = await createConsoleApp());
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const SCAM = 'Stp envoie moi 5000f par orange money';

const api = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

async function contactChat(from: Member, to: Member) {
  const res = await api('POST', '/chats/create', from.token, { other_user_id: to.id });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const chatId = res.json().data.chat_id as number;
  // As if the one who wrote first had paid the unlock (a scammer does): the lock rule never
  // stops their next messages here.
  await t.db.query('UPDATE chats SET unlocked_at = now() WHERE id = $1', [chatId]);
  return chatId;
}

async function send(from: Member, chatId: number, content: string) {
  const res = await api('POST', '/messages/text', from.token, { chat_id: chatId, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; safety_warning?: boolean };
}

async function warningsSeenBy(viewer: Member, chatId: number) {
  const details = (await api('POST', `/chats/${chatId}`, viewer.token)).json().data;
  const page = (await api('POST', `/chats/${chatId}/messages`, viewer.token)).json().data;
  const pick = (list: { content: string; safety_warning?: boolean }[]) =>
    list.map((m) => [m.content, m.safety_warning === true]);
  expect(pick(page)).toEqual(pick(details.messages));
  return pick(details.messages);
}

describe('flagging', () => {
  it('warns the receiver of a money request from a new contact, never the sender', async () => {
    const [awa, suspect] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(suspect, awa);
    const [awaSocket, suspectSocket] = await Promise.all([
      openSocketTracked(sockets, url, { token: awa.token }),
      openSocketTracked(sockets, url, { token: suspect.token }),
    ]);
    const awaEvent = nextEvent(awaSocket, REALTIME_EVENTS.messageSent);
    const suspectEvent = nextEvent(suspectSocket, REALTIME_EVENTS.messageSent);
    const sent = await send(suspect, chatId, SCAM);
    expect(sent.safety_warning).toBe(false);
    expect(await awaEvent).toMatchObject({ id: sent.id, safety_warning: true });
    expect(await suspectEvent).toMatchObject({ id: sent.id, safety_warning: false });
    await send(suspect, chatId, 'Bonsoir, tu es de quel quartier ?');
    expect(await warningsSeenBy(awa, chatId)).toEqual([
      [SCAM, true],
      ['Bonsoir, tu es de quel quartier ?', false],
    ]);
    expect(await warningsSeenBy(suspect, chatId)).toEqual([
      [SCAM, false],
      ['Bonsoir, tu es de quel quartier ?', false],
    ]);
  });

  it('leaves match chats and known contacts alone', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const matched = await contactChat(a, b);
    await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [matched]);
    await send(b, matched, SCAM);
    expect(await warningsSeenBy(a, matched)).toEqual([[SCAM, false]]);

    const [c, d] = [await createMember(t), await createMember(t)];
    const known = await contactChat(c, d);
    for (let i = 0; i < 9; i += 1) await send(c, known, `Message ${i + 1}`);
    await send(d, known, SCAM);
    // c had written 9 messages: still a new contact.
    expect((await warningsSeenBy(c, known)).at(-1)).toEqual([SCAM, true]);
    await send(c, known, 'Message 10');
    await send(d, known, 'Envoie le crédit stp, 2000f');
    expect((await warningsSeenBy(c, known)).at(-1)).toEqual(['Envoie le crédit stp, 2000f', false]);
  });

  it('flags an ordinary message edited into a money request', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(b, a);
    const sent = await send(b, chatId, 'Bonjour ma chérie');
    const socket = await openSocketTracked(sockets, url, { token: a.token });
    const updated = nextEvent(socket, 'message.updated');
    const res = await api('PUT', `/messages/${sent.id}/edit`, b.token, { content: SCAM });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.safety_warning).toBe(false);
    expect(await updated).toMatchObject({ id: sent.id, safety_warning: true });
  });
});

describe('report', () => {
  it('tells every device of the reporter that the chat was reported, and nobody else', async () => {
    const [awa, suspect] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(suspect, awa);
    await send(suspect, chatId, SCAM);
    const reported = async (m: Member) =>
      (await api('POST', `/chats/${chatId}`, m.token)).json().data.scam_reported;
    expect(await reported(awa)).toBe(false);
    // Another reason is not the warning's report.
    await api('POST', `/users/${suspect.id}/report`, awa.token, {
      reason: 'harassment',
      chat_id: chatId,
    });
    expect(await reported(awa)).toBe(false);
    const res = await api('POST', `/users/${suspect.id}/report`, awa.token, {
      reason: 'scam',
      chat_id: chatId,
    });
    expect(res.statusCode, res.body).toBe(201);
    // Awa's second phone: another session, the same answer from the server.
    const secondPhone = await createSession(kyselyOf(t.db), awa.id);
    expect(await reported({ ...awa, token: secondPhone })).toBe(true);
    // The suspect sees no warning, so learns nothing of the report.
    expect(await reported(suspect)).toBe(false);
  });

  it("shares only the reported member's flagged and last 10 messages of the chat", async () => {
    const [awa, suspect] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(suspect, awa);
    await send(suspect, chatId, SCAM);
    for (let i = 1; i <= 12; i += 1) {
      await send(suspect, chatId, `Tu vas bien ? ${i}`);
      await send(awa, chatId, `Réponse privée ${i}`);
    }
    const res = await api('POST', `/users/${suspect.id}/report`, awa.token, {
      reason: 'scam',
      chat_id: chatId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.query<{
      id: number;
      evidence: { content: string; sender_id: number; flagged: boolean }[];
    }>('SELECT id, evidence FROM reports WHERE reporter_id = $1', [awa.id]);
    const evidence = row?.evidence ?? [];
    expect(evidence.every((m) => m.sender_id === suspect.id)).toBe(true);
    expect(evidence.map((m) => m.content)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `Tu vas bien ? ${12 - i}`),
      SCAM,
    ]);
    expect(evidence.filter((m) => m.flagged).map((m) => m.content)).toEqual([SCAM]);
  });
});

describe('hold and the « Arnaques » queue', () => {
  it('holds a member flagged in 3 chats within 24 h until a moderator reviews', async () => {
    const suspect = await createMember(t, { name: 'Brouteur' });
    const victims = [await createMember(t), await createMember(t), await createMember(t)];
    const [first, second, third] = [
      await contactChat(suspect, victims[0] as Member),
      await contactChat(suspect, victims[1] as Member),
      await contactChat(suspect, victims[2] as Member),
    ];
    await send(suspect, first, SCAM);
    await send(suspect, first, 'Envoie vite sur mon Moov 70 12 34 56');
    await send(suspect, second, SCAM);
    const fourth = await createMember(t);
    // Two flagged chats: not held yet.
    expect(
      (await api('POST', '/chats/create', suspect.token, { other_user_id: fourth.id })).statusCode,
    ).toBe(201);
    await send(suspect, third, 'Viens sur WhatsApp stp');
    const refused = await api('POST', '/chats/create', suspect.token, {
      other_user_id: (await createMember(t)).id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'chat_hold', message: SCAM_TEXT.held });
    const scraped = await t.app.deps.metrics.scrape();
    expect(scraped).toMatch(/^scam_shield_events_total\{event="held"\} [1-9]/m);
    expect(scraped).toMatch(/^scam_shield_events_total\{event="flagged"\} [4-9]/m);
    // The chats already open go on: a hold stops new contacts, not conversations.
    await send(suspect, first, 'Pardon, oublie');

    const dash = (await api('GET', '/admin/dashboard', moderator.token)).json().data;
    expect(dash.pending.scams).toBeGreaterThanOrEqual(1);
    const held = (await api('GET', '/admin/scams?status=held', moderator.token)).json();
    const card = held.data.find((m: { id: number }) => m.id === suspect.id);
    expect(card).toMatchObject({
      name: 'Brouteur',
      flagged_chats_24h: 3,
      flagged_chats: 3,
      flagged_messages: 4,
      blocked: false,
    });
    expect(card.held_at).toEqual(expect.any(String));
    expect(card).not.toHaveProperty('flagged');
    expect(held.pagination).toMatchObject({ page: 1 });

    // Staff read the flagged messages only, and each reading is audited.
    const read = await api('GET', `/admin/scams/${suspect.id}/messages`, moderator.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(
      read
        .json()
        .data.map((m: { content: string }) => m.content)
        .sort(),
    ).toEqual(
      [SCAM, SCAM, 'Envoie vite sur mon Moov 70 12 34 56', 'Viens sur WhatsApp stp'].sort(),
    );
    const views = await t.db.query<{ actor_id: number }>(
      `SELECT actor_id FROM audit_log WHERE action = 'scam.messages_view' AND target_id = $1`,
      [suspect.id],
    );
    expect(views).toEqual([{ actor_id: moderator.id }]);

    // A member can't see the queue.
    expect((await api('GET', '/admin/scams', suspect.token)).statusCode).toBe(403);

    const noReason = await api('POST', `/admin/scams/${suspect.id}/release`, moderator.token, {});
    expect(noReason.statusCode).toBe(400);
    const released = await api('POST', `/admin/scams/${suspect.id}/release`, moderator.token, {
      reason: 'Vérifié : plaisanterie entre amis',
    });
    expect(released.statusCode, released.body).toBe(200);
    const audit = await t.db.query<{ reason: string }>(
      `SELECT reason FROM audit_log WHERE action = 'scam.release' AND target_id = $1`,
      [suspect.id],
    );
    expect(audit).toEqual([{ reason: 'Vérifié : plaisanterie entre amis' }]);
    expect(
      (
        await api('POST', '/chats/create', suspect.token, {
          other_user_id: (await createMember(t)).id,
        })
      ).statusCode,
    ).toBe(201);
    // The flags seen in the review no longer count: one more does not hold again.
    await send(suspect, second, SCAM);
    expect(
      (
        await api('POST', '/chats/create', suspect.token, {
          other_user_id: (await createMember(t)).id,
        })
      ).statusCode,
    ).toBe(201);
    const after = (await api('GET', '/admin/scams?status=held', moderator.token)).json().data;
    expect(after.some((m: { id: number }) => m.id === suspect.id)).toBe(false);
    const flagged = (await api('GET', '/admin/scams?status=flagged', moderator.token)).json().data;
    expect(flagged.find((m: { id: number }) => m.id === suspect.id)).toMatchObject({
      flagged_messages: 1,
      held_at: null,
    });
  });

  it('warns or blocks, each audited', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    await send(a, await contactChat(a, b), SCAM);
    const warned = await api('POST', `/admin/scams/${a.id}/warn`, moderator.token, {
      message: "Les demandes d'argent sont interdites.",
      reason: 'Premier avertissement',
    });
    expect(warned.statusCode, warned.body).toBe(200);
    const notes = (await api('POST', '/notifications', a.token, { token: a.token })).json().data;
    expect(notes[0]).toMatchObject({ type: 'moderation_warning' });
    const blocked = await api('POST', `/admin/scams/${a.id}/block`, moderator.token, {
      reason: 'Récidive',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await api('POST', '/chats', a.token)).statusCode).toBe(403);
    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_id = $1 AND action LIKE 'scam.%' ORDER BY id`,
      [a.id],
    );
    expect(actions.map((r) => r.action)).toEqual(['scam.warn', 'scam.block']);
    expect(
      (
        await api('POST', '/admin/scams/999999/block', moderator.token, {
          reason: 'Compte inconnu',
        })
      ).statusCode,
    ).toBe(404);
  });
});
