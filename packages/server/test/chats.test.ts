import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AUDIO_MAX_SECONDS, CHAT_MSG } from '@app/shared';
import { mp4, oggOpus, webm } from './audio-files.js';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

async function chatBetween(a: Member, b: Member, origin: 'contact' | 'match' = 'match') {
  const res = await post('/chats/create', { token: a.token, other_user_id: b.id });
  const id: number = res.json().data.chat_id;
  if (origin === 'match') await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [id]);
  return id;
}
const sendText = (m: Member, chatId: number, content: string) =>
  post('/messages/text', { token: m.token, chat_id: chatId, content });

function multipart(
  fields: Record<string, string>,
  file?: { field: string; data: Buffer; name: string; type: string },
) {
  const boundary = '----chat' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (
  url: string,
  fields: Record<string, string>,
  file?: { field: string; data: Buffer; name: string; type: string },
) => {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body.payload,
    headers: body.headers,
  });
};

describe('creating and listing chats', () => {
  it('creates a chat once per pair and refuses self, unknown and missing token', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const first = await post('/chats/create', { token: a.token, other_user_id: b.id });
    expect(first.statusCode).toBe(201);
    const again = await post('/chats/create', { token: b.token, other_user_id: a.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.chat_id).toBe(first.json().data.chat_id);
    expect((await post('/chats/create', { token: a.token, other_user_id: a.id })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/chats/create', { token: a.token, other_user_id: 99999999 })).statusCode,
    ).toBe(404);
    expect((await post('/chats/create', { other_user_id: b.id })).statusCode).toBe(401);
    expect((await post('/chats/create', { token: a.token })).statusCode).toBe(400);
  });

  it("lists the caller's chats newest first with last message, unread count and previews", async () => {
    const [a, b, c] = [
      await createMember(t, { name: 'Awa' }),
      await createMember(t, { name: 'Boubacar' }),
      await createMember(t, { name: 'Chantal' }),
    ];
    const ab = await chatBetween(a, b);
    const ac = await chatBetween(a, c);
    await sendText(b, ab, 'Bonjour Awa');
    await sendText(c, ac, 'Salut !');
    await sendText(c, ac, 'Tu vas bien ?');
    const list = (await post('/chats', { token: a.token })).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([ac, ab]);
    expect(list.data[0]).toMatchObject({
      name: 'Chantal',
      other_user_id: c.id,
      unread_count: 2,
      last_message: {
        content: 'Tu vas bien ?',
        type: 'text',
        is_own_message: false,
        is_unread: true,
      },
    });
    expect(list.pagination).toMatchObject({ page: 1, has_more: false });
    const forB = (await post('/chats', { token: b.token })).json();
    expect(forB.data).toHaveLength(1);
    expect(forB.data[0].last_message.is_own_message).toBe(true);
  });

  it('hides a left chat from the leaver only; the other keeps the history', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    await sendText(a, id, 'Premier message');
    expect((await post(`/chats/${id}/leave`, { token: b.token })).json()).toMatchObject({
      success: true,
    });
    expect((await post('/chats', { token: b.token })).json().data).toHaveLength(0);
    expect((await post(`/chats/${id}`, { token: b.token })).statusCode).toBe(404);
    const forA = (await post(`/chats/${id}`, { token: a.token })).json();
    expect(forA.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Premier message',
    ]);
    await sendText(a, id, 'Tu es parti ?');
    const back = (await post(`/chats/${id}`, { token: b.token })).json();
    expect(back.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Tu es parti ?',
    ]);
  });
});

describe('not yours: every chat and message call answers 404', () => {
  it('refuses a non-participant everywhere', async () => {
    const [a, b, x] = [await createMember(t), await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const msg = (await sendText(a, id, 'secret')).json().data;
    const png = await sharp({
      create: { width: 50, height: 50, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const calls = [
      post(`/chats/${id}`, { token: x.token }),
      post(`/chats/${id}/messages`, { token: x.token }),
      post(`/chats/${id}/search`, { token: x.token, query: 'secret' }),
      post(`/chats/${id}/read`, { token: x.token }),
      post(`/chats/${id}/mute`, { token: x.token }),
      post(`/chats/${id}/leave`, { token: x.token }),
      post(`/chats/${id}/unlock`, { token: x.token }),
      post(`/chats/${id}/typing`, { token: x.token, is_typing: true }),
      sendText(x, id, 'intrusion'),
      upload(
        '/messages/image',
        { token: x.token, chat_id: String(id) },
        { field: 'image', data: png, name: 'a.png', type: 'image/png' },
      ),
      upload(
        '/messages/audio',
        { token: x.token, chat_id: String(id), duration: '2' },
        {
          field: 'audio',
          data: Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]),
          name: 'a.webm',
          type: 'audio/webm',
        },
      ),
      post(`/messages/${msg.id}/read`, { token: x.token }),
      t.app.inject({
        method: 'PUT',
        url: `/api/messages/${msg.id}/edit`,
        payload: { token: x.token, content: 'x' },
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/messages/${msg.id}`,
        payload: { token: x.token },
      }),
    ];
    const results = await Promise.all(calls);
    for (const [i, r] of results.entries()) {
      expect(r.statusCode, `call ${i}`).toBe(404);
    }
    expect(results[0]?.json().message).toBe('Chat introuvable');
    const still = await t.db.query('SELECT content FROM messages WHERE id = $1', [msg.id]);
    expect(still).toEqual([{ content: 'secret' }]);
  });
});

describe('lock rule and unlock', () => {
  it('lets the sender write one introduction, then locks the sender side until a reply', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b, 'contact');
    expect((await sendText(a, id, "Bonjour, ton annonce m'a plu")).statusCode).toBe(201);
    const blocked = await sendText(a, id, 'Tu es là ?');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      locked: true,
      message: 'Chat verrouillé. Déverrouillez-le avec 100 pièces pour envoyer des messages.',
    });
    const details = (await post(`/chats/${id}`, { token: a.token })).json().data;
    expect(details).toMatchObject({
      is_locked_for_user: true,
      locked_sender: true,
      locked_receiver: false,
      is_sender: true,
      unlock_cost: 100,
    });
    expect((await sendText(b, id, 'Merci, bonjour !')).statusCode).toBe(201);
    expect((await sendText(a, id, 'Super !')).statusCode).toBe(201);
  });

  it('debits the unlock exactly once even when two requests race, and refuses without enough coins', async () => {
    const [a, b] = [await createMember(t, { coins: 150 }), await createMember(t)];
    const id = await chatBetween(a, b, 'contact');
    await sendText(a, id, 'Intro');
    const [r1, r2] = await Promise.all([
      post(`/chats/${id}/unlock`, { token: a.token }),
      post(`/chats/${id}/unlock`, { token: a.token }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(r1.json()).toMatchObject({ success: true, message: 'Chat déverrouillé avec succès !' });
    const coins = await t.db.query<{ coins: number }>('SELECT coins FROM users WHERE id = $1', [
      a.id,
    ]);
    expect(coins[0]?.coins).toBe(50);
    const moves = await t.db.query('SELECT amount FROM coin_movements WHERE user_id = $1', [a.id]);
    expect(moves).toEqual([{ amount: -100 }]);
    expect((await sendText(a, id, 'Maintenant je peux écrire')).statusCode).toBe(201);

    const [p, q] = [await createMember(t, { coins: 50 }), await createMember(t)];
    const other = await chatBetween(p, q, 'contact');
    await sendText(p, other, 'Intro');
    const poor = await post(`/chats/${other}/unlock`, { token: p.token });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().message).toBe('Pièces insuffisantes');
    const after = await t.db.query<{ coins: number; locked_sender: boolean }>(
      'SELECT u.coins, c.locked_sender FROM users u, chats c WHERE u.id = $1 AND c.id = $2',
      [p.id, other],
    );
    expect(after[0]).toEqual({ coins: 50, locked_sender: true });
  });
});

describe('messages', () => {
  it('validates text, stores unsafe text as text, searches, edits and paginates with a cursor', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    expect((await sendText(a, id, '   ')).statusCode).toBe(400);
    expect((await sendText(a, id, 'x'.repeat(2001))).statusCode).toBe(400);
    const unsafe = (await sendText(a, id, '  <script>alert(1)</script>  ')).json().data;
    expect(unsafe.content).toBe('<script>alert(1)</script>');
    for (let i = 1; i <= 22; i++) await sendText(i % 2 ? a : b, id, `Message numéro ${i}`);
    const first = (await post(`/chats/${id}/messages`, { token: b.token })).json();
    expect(first.data).toHaveLength(20);
    expect(first.data.at(-1).content).toBe('Message numéro 22');
    expect(first.data[0].id).toBeLessThan(first.data[1].id);
    expect(first.pagination.has_more).toBe(true);
    const older = (
      await post(`/chats/${id}/messages`, {
        token: b.token,
        before_id: first.pagination.next_before_id,
      })
    ).json();
    expect(older.data.map((m: { content: string }) => m.content)).toEqual([
      '<script>alert(1)</script>',
      'Message numéro 1',
      'Message numéro 2',
    ]);
    expect(older.pagination.has_more).toBe(false);
    const found = (await post(`/chats/${id}/search`, { token: a.token, query: 'numéro 1' })).json();
    expect(found.data.length).toBeGreaterThanOrEqual(1);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${unsafe.id}/edit`,
      payload: { token: a.token, content: 'Corrigé' },
    });
    expect(edit.json().data).toMatchObject({ content: 'Corrigé' });
    const notSender = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${unsafe.id}/edit`,
      payload: { token: b.token, content: 'Hack' },
    });
    expect(notSender.statusCode).toBe(403);
  });

  it("goes sent → delivered → read, deletes only the sender's unread messages", async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const m1 = (await sendText(a, id, 'Un')).json().data;
    const m2 = (await sendText(a, id, 'Deux')).json().data;
    expect(m1.status).toBe('sent');
    await post(`/chats/${id}/messages`, { token: b.token });
    const seen = (await post(`/chats/${id}`, { token: a.token })).json().data.messages;
    expect(seen.map((m: { status: string }) => m.status)).toEqual(['delivered', 'delivered']);
    expect(
      (await post(`/messages/${m1.id}/read`, { token: b.token })).json().data.message_ids,
    ).toEqual([m1.id]);
    const del = (id2: number, token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/messages/${id2}`, payload: { token } });
    expect((await del(m1.id, a.token)).statusCode).toBe(409);
    expect((await del(m2.id, b.token)).statusCode).toBe(403);
    expect((await del(m2.id, a.token)).statusCode).toBe(200);
    const m3 = (await sendText(a, id, 'Trois')).json().data;
    const readAll = (await post(`/chats/${id}/read`, { token: b.token })).json();
    expect(readAll.data.message_ids).toEqual([m3.id]);
    const list = (await post(`/chats/${id}/messages`, { token: a.token })).json().data;
    expect(list.map((m: { content: string; status: string }) => [m.content, m.status])).toEqual([
      ['Un', 'read'],
      ['Trois', 'read'],
    ]);
  });

  it('sends a photo re-encoded to WebP behind a signed private link', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#ff8800' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret' } })
      .toBuffer();
    const res = await upload(
      '/messages/image',
      { token: a.token, chat_id: String(id), caption: 'Ma photo' },
      { field: 'image', data: jpeg, name: 'x.txt', type: 'text/plain' },
    );
    expect(res.statusCode).toBe(201);
    const m = res.json().data;
    expect(m).toMatchObject({ type: 'image', content: 'Ma photo' });
    expect(m.file_url).toMatch(/^\/api\/media\/private\/chats\/.+-full\.webp\?exp=\d+&sig=/);
    const img = await t.app.inject({ method: 'GET', url: m.file_url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await sharp(img.rawPayload).metadata()).exif).toBeUndefined();
    const tampered = await t.app.inject({
      method: 'GET',
      // Another first character, whatever the signature starts with (an 'X' one time in 64).
      url: m.file_url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'X' ? 'Y' : 'X'}`),
    });
    expect(tampered.statusCode).toBe(404);
    const direct = await t.app.inject({
      method: 'GET',
      url: `/uploads/${m.file_url.split('/api/media/')[1].split('?')[0]}`,
    });
    expect(direct.statusCode).toBe(404);
    const notImage = await upload(
      '/messages/image',
      { token: a.token, chat_id: String(id) },
      { field: 'image', data: Buffer.from('pas une image'), name: 'a.jpg', type: 'image/jpeg' },
    );
    expect(notImage.statusCode).toBe(400);
  });

  it('gives a photo a lighter preview for mobile data, drawn anew for a photo sent before', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const jpeg = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: '#3366aa' },
    })
      .jpeg()
      .toBuffer();
    const send = () =>
      upload(
        '/messages/image',
        { token: a.token, chat_id: String(id) },
        { field: 'image', data: jpeg, name: 'p.jpg', type: 'image/jpeg' },
      );
    const m = (await send()).json().data;
    expect(m.preview_url).toMatch(/-card\.webp\?exp=\d+&sig=/);
    expect(m.preview_lite_url).toMatch(
      /^\/api\/media\/private\/chats\/.+-lite\.webp\?exp=\d+&sig=/,
    );
    const widthAt = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return (await sharp(res.rawPayload).metadata()).width;
    };
    expect(await widthAt(m.preview_url)).toBe(480);
    expect(await widthAt(m.preview_lite_url)).toBe(320);

    // A photo stored before lite previews existed: the first request draws and keeps it.
    const old = (await send()).json().data;
    const liteKey = decodeURIComponent(old.preview_lite_url.split('/api/media/')[1].split('?')[0]);
    await t.app.deps.storage.delete(liteKey);
    expect(await widthAt(old.preview_lite_url)).toBe(320);
    expect(await t.app.deps.storage.get(liteKey)).not.toBeNull();

    // Deleted with its message, the lite preview goes too and is not drawn again.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${old.id}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(del.statusCode).toBe(200);
    expect(await t.app.deps.storage.get(liteKey)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: old.preview_lite_url })).statusCode).toBe(404);
  });

  it('sends a voice message recognised by its content and refuses other files', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 7)]);
    const ok = await upload(
      '/messages/audio',
      { token: a.token, chat_id: String(id), duration: '12' },
      { field: 'audio', data: webm, name: 'voice.bin', type: 'application/octet-stream' },
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ type: 'audio', duration: 12 });
    const file = await t.app.inject({ method: 'GET', url: ok.json().data.file_url });
    expect(file.headers['content-type']).toBe('audio/webm');
    const bad = await upload(
      '/messages/audio',
      { token: a.token, chat_id: String(id), duration: '3' },
      {
        field: 'audio',
        data: Buffer.from('#!/bin/sh\necho pirate\n'),
        name: 'voice.webm',
        type: 'audio/webm',
      },
    );
    expect(bad.statusCode).toBe(415);
    const tooLong = await upload(
      '/messages/audio',
      { token: a.token, chat_id: String(id), duration: '999' },
      { field: 'audio', data: webm, name: 'v.webm', type: 'audio/webm' },
    );
    expect(tooLong.statusCode).toBe(413);
  });
});

describe('mute, block and report', () => {
  it('notifies the recipient unless the chat is muted', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    await sendText(a, id, 'Coucou');
    const count = async () => (await post('/notifications', { token: b.token })).json().data.length;
    expect(await count()).toBe(1);
    expect((await post(`/chats/${id}/mute`, { token: b.token })).json().data.muted).toBe(true);
    await sendText(a, id, 'Encore');
    expect(await count()).toBe(1);
  });

  it('hides the chat for both after a block, stops messages, and records a report with evidence', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    await sendText(b, id, 'Envoie-moi 10 000 FCFA');
    const report = await post(`/users/${b.id}/report`, {
      token: a.token,
      reason: 'scam',
      chat_id: id,
      details: "Demande d'argent",
    });
    expect(report.statusCode).toBe(201);
    const rows = await t.db.query<{ evidence: { content: string }[] }>(
      'SELECT evidence FROM reports WHERE reporter_id = $1',
      [a.id],
    );
    expect(rows[0]?.evidence[0]?.content).toBe('Envoie-moi 10 000 FCFA');
    expect(
      (await post(`/users/${b.id}/report`, { token: a.token, reason: 'nope' })).statusCode,
    ).toBe(400);

    expect((await post(`/users/${b.id}/block`, { token: a.token })).statusCode).toBe(200);
    expect((await post('/chats', { token: a.token })).json().data).toHaveLength(0);
    expect((await post('/chats', { token: b.token })).json().data).toHaveLength(0);
    expect((await sendText(b, id, 'Réponds !')).statusCode).toBe(404);
    expect((await post('/chats/create', { token: b.token, other_user_id: a.id })).statusCode).toBe(
      403,
    );
    expect(
      (await post('/blocks', { token: a.token })).json().data.map((u: { id: number }) => u.id),
    ).toEqual([b.id]);
    expect((await post(`/users/${b.id}/unblock`, { token: a.token })).statusCode).toBe(200);
    expect((await post('/chats', { token: a.token })).json().data).toHaveLength(1);
  });
});

describe('a member who deleted their account', () => {
  it("stays in the other member's history as « Utilisateur supprimé », and cannot be written to", async () => {
    const [a, b] = [
      await createMember(t, { name: 'Alice' }),
      await createMember(t, { name: 'Bob' }),
    ];
    const id = await chatBetween(a, b);
    await sendText(b, id, 'Au revoir');
    await t.db.query(
      `UPDATE users SET deleted_at = now(), name = NULL, photo_key = NULL WHERE id = $1`,
      [b.id],
    );
    const list = (await post('/chats', { token: a.token })).json().data;
    expect(list[0]).toMatchObject({
      name: 'Utilisateur supprimé',
      photo: null,
      is_online: false,
      last_message: { content: 'Au revoir' },
    });
    const details = (await post(`/chats/${id}`, { token: a.token })).json().data;
    expect(details.participants.find((p: { user_id: number }) => p.user_id === b.id).name).toBe(
      'Utilisateur supprimé',
    );
    expect((await sendText(a, id, 'Tu es là ?')).statusCode).toBe(410);
  });
});

const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api${url}`, payload });

describe('editing respects the lock rule', () => {
  it('refuses an edit from the locked side with the same 403 as a send, and allows it once open', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b, 'contact');
    const intro = (await sendText(a, id, "Bonjour, ton annonce m'a plu")).json().data;
    const edit = await put(`/messages/${intro.id}/edit`, { token: a.token, content: 'Réécrit' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({
      success: false,
      locked: true,
      message: 'Chat verrouillé. Déverrouillez-le avec 100 pièces pour envoyer des messages.',
    });
    const stored = await t.db.query('SELECT content, edited_at FROM messages WHERE id = $1', [
      intro.id,
    ]);
    expect(stored).toEqual([{ content: "Bonjour, ton annonce m'a plu", edited_at: null }]);
    await sendText(b, id, 'Bonjour !');
    const after = await put(`/messages/${intro.id}/edit`, { token: a.token, content: 'Réécrit' });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.content).toBe('Réécrit');
  });
});

describe('message pages (spec 2 §7: page, per_page default 20)', () => {
  it('answers page 1 as the newest messages, oldest first within a page, then older pages', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    for (let i = 1; i <= 25; i++) await sendText(i % 2 ? a : b, id, `m${i}`);
    const page = async (body: object) => {
      const res = await post(`/chats/${id}/messages`, { token: a.token, ...body });
      expect(res.statusCode).toBe(200);
      const json = res.json();
      return {
        contents: json.data.map((m: { content: string }) => m.content),
        pagination: json.pagination,
      };
    };
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);
    const p1 = await page({ page: 1, per_page: 10 });
    expect(p1.contents).toEqual(range(16, 25));
    expect(p1.pagination).toMatchObject({ page: 1, per_page: 10, has_more: true });
    expect((await page({ page: 2, per_page: 10 })).contents).toEqual(range(6, 15));
    const p3 = await page({ page: 3, per_page: 10 });
    expect(p3.contents).toEqual(range(1, 5));
    expect(p3.pagination.has_more).toBe(false);
    expect((await page({ page: 4, per_page: 10 })).contents).toEqual([]);
    // per_page defaults to 20.
    const second = await page({ page: 2 });
    expect(second.contents).toEqual(range(1, 5));
    expect(second.pagination).toMatchObject({ page: 2, per_page: 20, has_more: false });
    // With the cursor too, pages count back from it.
    const cursor = (
      await t.db.query<{ id: number }>(
        `SELECT id FROM messages WHERE chat_id = $1 AND content = 'm21'`,
        [id],
      )
    )[0]?.id;
    expect((await page({ before_id: cursor, page: 2, per_page: 10 })).contents).toEqual(
      range(1, 10),
    );
    for (const bad of [{ page: 0 }, { page: 'deux' }, { per_page: 500 }]) {
      const res = await post(`/chats/${id}/messages`, { token: a.token, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('idempotent sends with client_id', () => {
  const countWith = async (clientId: string) =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM messages WHERE client_id = $1',
        [clientId],
      )
    )[0]?.n;

  it('stores one message for two sends with the same client_id and answers the same message', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const clientId = crypto.randomUUID();
    const send = (m: Member, chatId: number, content: string) =>
      post('/messages/text', { token: m.token, chat_id: chatId, content, client_id: clientId });
    const first = await send(a, id, 'Une seule fois');
    expect(first.statusCode).toBe(201);
    // Echoed, so the sender's screen can drop its pending copy when the message arrives.
    expect(first.json().data.client_id).toBe(clientId);
    const again = await send(a, id, 'Une seule fois');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await countWith(clientId)).toBe(1);
    // B was told once.
    const notes = (await post('/notifications', { token: b.token })).json().data;
    expect(notes).toHaveLength(1);

    // Two attempts at once still make one message.
    const raceId = crypto.randomUUID();
    const raced = await Promise.all(
      [1, 2].map(() =>
        post('/messages/text', { token: a.token, chat_id: id, content: 'Vite', client_id: raceId }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(raced[0]?.json().data.id).toBe(raced[1]?.json().data.id);
    expect(await countWith(raceId)).toBe(1);

    // The id is the sender's own: another member may use the same one; another chat may not.
    expect((await send(b, id, 'Moi aussi')).statusCode).toBe(201);
    const other = await chatBetween(a, c);
    const elsewhere = await send(a, other, 'Ailleurs');
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().success).toBe(false);
    const bad = await post('/messages/text', {
      token: a.token,
      chat_id: id,
      content: 'x',
      client_id: 'pas-un-uuid',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identifiant de message invalide');
  });

  it('answers a retried introduction with the stored one although the chat locked after it', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b, 'contact');
    const clientId = crypto.randomUUID();
    const body = { token: a.token, chat_id: id, content: 'Bonjour !', client_id: clientId };
    const first = await post('/messages/text', body);
    expect(first.statusCode).toBe(201);
    const retry = await post('/messages/text', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    // A new message is still refused by the lock.
    expect((await sendText(a, id, 'Et encore')).statusCode).toBe(403);
  });

  it('applies to photos and voice messages too', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#00aa55' },
    })
      .png()
      .toBuffer();
    const photoId = crypto.randomUUID();
    const sendPhoto = () =>
      upload(
        '/messages/image',
        { token: a.token, chat_id: String(id), client_id: photoId },
        { field: 'image', data: png, name: 'p.png', type: 'image/png' },
      );
    const [p1, p2] = [await sendPhoto(), await sendPhoto()];
    expect([p1.statusCode, p2.statusCode]).toEqual([201, 200]);
    expect(p2.json().data.id).toBe(p1.json().data.id);
    const voiceId = crypto.randomUUID();
    const sendVoice = () =>
      upload(
        '/messages/audio',
        { token: a.token, chat_id: String(id), duration: '2', client_id: voiceId },
        { field: 'audio', data: oggOpus(2), name: 'v.ogg', type: 'audio/ogg' },
      );
    const [v1, v2] = [await sendVoice(), await sendVoice()];
    expect([v1.statusCode, v2.statusCode]).toEqual([201, 200]);
    expect(v2.json().data.id).toBe(v1.json().data.id);
    expect(await countWith(photoId)).toBe(1);
    expect(await countWith(voiceId)).toBe(1);
    const badForm = await upload(
      '/messages/image',
      { token: a.token, chat_id: String(id), client_id: '123' },
      { field: 'image', data: png, name: 'p.png', type: 'image/png' },
    );
    expect(badForm.statusCode).toBe(400);
  });
});

describe('media limits', () => {
  it('refuses a photo over 5 MB with 413 and stores nothing', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const big = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(5 * 1024 * 1024, 0x11),
    ]);
    const res = await upload(
      '/messages/image',
      { token: a.token, chat_id: String(id) },
      { field: 'image', data: big, name: 'grande.jpg', type: 'image/jpeg' },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      message: "L'image doit faire moins de 5MB",
    });
    expect(await t.db.query('SELECT id FROM messages WHERE chat_id = $1', [id])).toEqual([]);
  });

  it("takes a voice message's length from its container and refuses pictures posing as audio", async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const send = (data: Buffer, duration: string) =>
      upload(
        '/messages/audio',
        { token: a.token, chat_id: String(id), duration },
        { field: 'audio', data, name: 'voice.bin', type: 'audio/mp4' },
      );
    const honest = await send(webm(9.6), '2');
    expect(honest.statusCode).toBe(201);
    expect(honest.json().data.duration).toBe(10);
    const liar = await send(oggOpus(AUDIO_MAX_SECONDS + 20), '10');
    expect(liar.statusCode).toBe(413);
    expect(liar.json().message).toBe(CHAT_MSG.audioTooLong);
    const heic = await send(mp4(3, { brands: ['heic', 'mif1', 'heic'], handlers: ['pict'] }), '3');
    expect(heic.statusCode).toBe(415);
    expect(heic.json().message).toBe(CHAT_MSG.invalidAudio);
  });
});

describe('typing over HTTP', () => {
  it('answers success to a participant', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    for (const is_typing of [true, false]) {
      const res = await post(`/chats/${id}/typing`, { token: a.token, is_typing });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
  });
});

describe('without a token', () => {
  it('answers 401 on every chat, message and presence call', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const id = await chatBetween(a, b);
    const msg = (await sendText(a, id, 'Bonjour')).json().data;
    const json: [string, string, object][] = [
      ['POST', '/chats', {}],
      ['POST', '/chats/create', { other_user_id: b.id }],
      ['POST', `/chats/${id}`, {}],
      ['POST', `/chats/${id}/messages`, {}],
      ['POST', `/chats/${id}/search`, { query: 'Bonjour' }],
      ['POST', `/chats/${id}/read`, {}],
      ['POST', `/chats/${id}/mute`, {}],
      ['POST', `/chats/${id}/leave`, {}],
      ['POST', `/chats/${id}/unlock`, {}],
      ['POST', `/chats/${id}/typing`, { is_typing: true }],
      ['POST', '/messages/text', { chat_id: id, content: 'Intrus' }],
      ['POST', `/messages/${msg.id}/read`, {}],
      ['PUT', `/messages/${msg.id}/edit`, { content: 'Intrus' }],
      ['DELETE', `/messages/${msg.id}`, {}],
      ['POST', '/realtime/force-online', {}],
      ['POST', '/realtime/mark-offline', {}],
      ['POST', '/broadcasting/auth', { channel_name: `chat.${id}` }],
    ];
    for (const [method, url, payload] of json) {
      for (const token of [undefined, 'jeton-inconnu']) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: `/api${url}`,
          payload: token ? { ...payload, token } : payload,
        });
        expect(res.statusCode, `${method} ${url} ${token ?? 'sans jeton'}`).toBe(401);
        expect(res.json().success).toBe(false);
      }
    }
    for (const [url, field, data] of [
      ['/messages/image', 'image', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])],
      ['/messages/audio', 'audio', oggOpus(1)],
    ] as const) {
      const res = await upload(
        url,
        { chat_id: String(id), duration: '1' },
        { field, data, name: 'f', type: 'application/octet-stream' },
      );
      expect(res.statusCode, url).toBe(401);
    }
    expect(await t.db.query('SELECT content FROM messages WHERE chat_id = $1', [id])).toEqual([
      { content: 'Bonjour' },
    ]);
  });
});
