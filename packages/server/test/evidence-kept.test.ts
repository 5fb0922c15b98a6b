/**
 * Evidence kept (issue 27): when the sender edits or deletes a flagged or reported message,
 * members see the edit or the deletion, moderators still read the original until the report or
 * the scam review is closed, then it is forgotten; no member route or realtime event ever
 * carries the original.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createConsoleApp, createMember, type TestApp } from './helpers.js';
import { drainSocket, openSocketTracked } from './sockets.js';
import { formRequest, pngImage } from './form-request.js';

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
const REASON = { reason: 'Examen terminé' };

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  payload?: object,
) =>
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
  await t.db.query('UPDATE chats SET unlocked_at = now() WHERE id = $1', [chatId]);
  return chatId;
}

async function send(from: Member, chatId: number, content: string) {
  const res = await api('POST', '/messages/text', from.token, { chat_id: chatId, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function edit(from: Member, id: number, content: string) {
  const res = await api('PUT', `/messages/${id}/edit`, from.token, { content });
  expect(res.statusCode, res.body).toBe(200);
}

async function remove(from: Member, id: number) {
  const res = await api('DELETE', `/messages/${id}`, from.token);
  expect(res.statusCode, res.body).toBe(200);
}

async function report(by: Member, who: Member, chatId: number) {
  const res = await api('POST', `/users/${who.id}/report`, by.token, {
    reason: 'scam',
    chat_id: chatId,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.query<{ id: number }>(
    'SELECT id FROM reports WHERE reporter_id = $1 ORDER BY id DESC LIMIT 1',
    [by.id],
  );
  return row?.id ?? 0;
}

interface Seen {
  id?: number;
  content: string | null;
  changed?: string;
  shown?: string;
}

async function evidence(reportId: number): Promise<Seen[]> {
  const res = await api('GET', `/admin/reports/${reportId}/evidence`, moderator.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function scamView(memberId: number): Promise<Seen[]> {
  const res = await api('GET', `/admin/scams/${memberId}/messages`, moderator.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const keptOriginals = async (messageId: number) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM message_originals WHERE message_id = $1',
      [messageId],
    )
  )[0]?.n;

/** Everything both members are shown of the chat through their routes, the bell included. */
async function memberViews(chatId: number, ...members: Member[]) {
  const views = [];
  for (const m of members) {
    views.push((await api('POST', `/chats/${chatId}`, m.token)).body);
    views.push((await api('POST', `/chats/${chatId}/messages`, m.token)).body);
    views.push((await api('POST', '/chats', m.token)).body);
    views.push((await api('POST', '/notifications', m.token, {})).body);
  }
  return views.join('\n');
}

/** Every realtime event a member's socket receives, as JSON text. */
async function recordEvents(member: Member) {
  const socket = await openSocketTracked(sockets, url, { token: member.token });
  const seen: string[] = [];
  socket.onAny((event: string, payload: unknown) =>
    seen.push(`${event} ${JSON.stringify(payload)}`),
  );
  return {
    text: async () => {
      await drainSocket(t.app, socket, member.id);
      return seen.join('\n');
    },
  };
}

describe('an edited flagged message', () => {
  it('shows members the edit and a later report the original, until the review forgets it', async () => {
    const [awa, suspect] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(suspect, awa);
    const [awaEvents, suspectEvents] = [await recordEvents(awa), await recordEvents(suspect)];
    const id = await send(suspect, chatId, SCAM);
    const sentEvents = await awaEvents.text();
    expect(sentEvents).toContain(SCAM);
    await edit(suspect, id, 'Bonsoir, tu vas bien ?');

    // Members: the edit only, through every route and every event after the edit.
    const views = await memberViews(chatId, awa, suspect);
    expect(views).toContain('Bonsoir, tu vas bien ?');
    expect(views).not.toContain(SCAM);
    expect((await awaEvents.text()).slice(sentEvents.length)).not.toContain(SCAM);
    expect(await suspectEvents.text()).toContain('Bonsoir, tu vas bien ?');

    // Moderators: the report made after the edit shows the original, and what members see.
    const reportId = await report(awa, suspect, chatId);
    expect((await evidence(reportId)).find((m) => m.id === id)).toMatchObject({
      content: SCAM,
      changed: 'edited',
      shown: 'Bonsoir, tu vas bien ?',
    });
    expect((await scamView(suspect.id)).find((m) => m.id === id)).toMatchObject({
      content: SCAM,
      changed: 'edited',
    });

    // Closing the report keeps it for the review still to come; the review forgets it.
    expect(
      (await api('POST', `/admin/reports/${reportId}/dismiss`, moderator.token, REASON)).statusCode,
    ).toBe(200);
    expect(await keptOriginals(id)).toBe(1);
    expect((await evidence(reportId)).find((m) => m.id === id)?.content).toBe(
      'Bonsoir, tu vas bien ?',
    );
    expect(
      (await api('POST', `/admin/scams/${suspect.id}/release`, moderator.token, REASON)).statusCode,
    ).toBe(200);
    expect(await keptOriginals(id)).toBe(0);
    expect(
      JSON.stringify(await t.db.query('SELECT evidence FROM reports WHERE id = $1', [reportId])),
    ).not.toContain(SCAM);
  });
});

describe('a deleted flagged message', () => {
  it('stays in the scam view and in a later report until the review, then is forgotten', async () => {
    const [awa, suspect] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(suspect, awa);
    const awaEvents = await recordEvents(awa);
    const id = await send(suspect, chatId, SCAM);
    const before = await awaEvents.text();
    await remove(suspect, id);

    const views = await memberViews(chatId, awa, suspect);
    expect(views).not.toContain(SCAM);
    const after = (await awaEvents.text()).slice(before.length);
    expect(after).toContain('message.deleted');
    expect(after).not.toContain(SCAM);

    expect((await scamView(suspect.id)).find((m) => m.id === id)).toMatchObject({
      content: SCAM,
      changed: 'deleted',
    });
    // The report's evidence is not empty: the deleted message is there, original shown.
    const reportId = await report(awa, suspect, chatId);
    const shown = await evidence(reportId);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ id, content: SCAM, changed: 'deleted' });

    // The review is closed (warned): forgotten while the report is open? No: the report
    // still needs it, so it stays until the report closes too.
    expect(
      (
        await api('POST', `/admin/scams/${suspect.id}/warn`, moderator.token, {
          ...REASON,
          message: "Pas de demande d'argent ici.",
        })
      ).statusCode,
    ).toBe(200);
    expect(await keptOriginals(id)).toBe(1);
    expect((await evidence(reportId))[0]?.content).toBe(SCAM);
    expect(
      (await api('POST', `/admin/reports/${reportId}/dismiss`, moderator.token, REASON)).statusCode,
    ).toBe(200);
    expect(await keptOriginals(id)).toBe(0);
    expect(await evidence(reportId)).toEqual([
      expect.objectContaining({ id, content: '', changed: 'deleted' }),
    ]);
  });
});

describe('a reported message', () => {
  it('edited after the report keeps its original until the report is closed', async () => {
    const [awa, other] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(other, awa);
    const id = await send(other, chatId, 'Tu es vraiment nulle');
    const reportId = await report(awa, other, chatId);
    await edit(other, id, 'Bonne soirée');
    expect(await memberViews(chatId, awa, other)).not.toContain('Tu es vraiment nulle');
    expect((await evidence(reportId)).find((m) => m.id === id)).toMatchObject({
      content: 'Tu es vraiment nulle',
      changed: 'edited',
      shown: 'Bonne soirée',
    });
    expect(await keptOriginals(id)).toBe(1);
    expect(
      (await api('POST', `/admin/reports/${reportId}/dismiss`, moderator.token, REASON)).statusCode,
    ).toBe(200);
    expect(await keptOriginals(id)).toBe(0);
    const [row] = await t.db.query<{ evidence: unknown }>(
      'SELECT evidence FROM reports WHERE id = $1',
      [reportId],
    );
    expect(JSON.stringify(row?.evidence)).not.toContain('nulle');
    expect((await evidence(reportId)).find((m) => m.id === id)?.content).toBe('Bonne soirée');
  });

  it('an ordinary message neither flagged nor reported is not kept when edited', async () => {
    const [awa, other] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(other, awa);
    const id = await send(other, chatId, 'Bonjour');
    await edit(other, id, 'Bonjour Awa');
    expect(await keptOriginals(id)).toBe(0);
  });

  it('deleted after the report keeps its photo file until the report is closed', async () => {
    const [awa, other] = [await createMember(t), await createMember(t)];
    const chatId = await contactChat(other, awa);
    const sent = await t.app.inject(
      await formRequest('/api/messages/image', { token: other.token, chat_id: String(chatId) }, [
        'image',
        await pngImage(),
        'image/png',
      ]),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const photo = sent.json().data as { id: number; file_url: string };
    const fullKey = decodeURIComponent(photo.file_url.split('/api/media/')[1]?.split('?')[0] ?? '');
    const reportId = await report(awa, other, chatId);
    await remove(other, photo.id);
    // Members lose the photo at once; the file stays for the moderators.
    expect((await t.app.inject({ method: 'GET', url: photo.file_url })).statusCode).toBe(404);
    expect(await t.app.deps.storage.get(fullKey)).not.toBeNull();
    expect(await keptOriginals(photo.id)).toBe(1);
    expect(
      (await api('POST', `/admin/reports/${reportId}/dismiss`, moderator.token, REASON)).statusCode,
    ).toBe(200);
    expect(await keptOriginals(photo.id)).toBe(0);
    expect(await t.app.deps.storage.get(fullKey)).toBeNull();
  });
});
