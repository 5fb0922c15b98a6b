/**
 * Hostile text (NUL characters, lone surrogates) in every kind of request text — JSON bodies,
 * query strings, path parameters, multipart fields, socket payloads — is refused with a 400
 * naming the field; a message is stored and announced as one unit; values the database refuses
 * are the client's 400, never a 500.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { MSG, TEXT_MSG } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { listen, openSocketTracked } from './sockets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const NUL = '\u0000';
const LONE = '\ud800';

async function chatBetween(a: Member, b: Member) {
  const res = await post('/chats/create', { token: a.token, other_user_id: b.id });
  const id: number = res.json().data.chat_id;
  await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [id]);
  return id;
}
const countMessages = async (chatId: number) =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE chat_id = $1', [
      chatId,
    ])
  )[0]?.n;

function form(fields: Record<string, string>) {
  const boundary = '----hostile' + crypto.randomBytes(6).toString('hex');
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return {
    payload: Buffer.from(`${body}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('hostile text in requests', () => {
  it('refuses a NUL in the login e-mail and password with a 400 naming the field', async () => {
    const email = await post('/login', { email: `a${NUL}@test.bf`, password: 'secret123' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe(TEXT_MSG.inField('email', 'nul'));
    expect(email.json().errors.email).toEqual([TEXT_MSG.inThisField('nul')]);
    const password = await post('/login', { email: 'a@test.bf', password: `se${NUL}cret` });
    expect(password.statusCode).toBe(400);
    expect(password.json().errors.password).toEqual([TEXT_MSG.inThisField('nul')]);
  });

  it('refuses a NUL in the forgotten-password e-mail with a 400 naming the field', async () => {
    const res = await post('/password/forgot', { email: `x${NUL}y@test.bf` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXT_MSG.inField('email', 'nul'));
  });

  it('refuses a lone surrogate in a chat message: 400, nothing stored, a retry the same', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const chatId = await chatBetween(a, b);
    const body = {
      token: a.token,
      chat_id: chatId,
      content: `Salut ${LONE}`,
      client_id: crypto.randomUUID(),
    };
    for (const attempt of [1, 2]) {
      const res = await post('/messages/text', body);
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
      expect(res.json().message).toBe(TEXT_MSG.inField('content', 'lone_surrogate'));
    }
    expect(await countMessages(chatId)).toBe(0);
    const notes = await t.db.query('SELECT id FROM notifications WHERE user_id = $1', [b.id]);
    expect(notes).toHaveLength(0);
  });

  it('keeps a well-formed emoji (a surrogate pair) in a message', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const chatId = await chatBetween(a, b);
    const res = await post('/messages/text', { token: a.token, chat_id: chatId, content: 'Yo 😀' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content).toBe('Yo 😀');
  });

  it('refuses hostile text in a field no schema names, and in a query string', async () => {
    const extra = await post('/logout', { token: 'abc', [`deep`]: { list: ['ok', `x${NUL}`] } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe(TEXT_MSG.inField('deep.list.1', 'nul'));
    const query = await t.app.inject({ method: 'GET', url: '/api/auth/google?device_hash=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual({ device_hash: [TEXT_MSG.inThisField('nul')] });
  });

  it('answers outside the API schemas with the envelope too: page paths and bad encodings', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/chats/%00' });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe(TEXT_MSG.inField(TEXT_MSG.pathField, 'nul'));
    // An encoded lone surrogate is not valid UTF-8: Fastify refuses the path before routing.
    const encoded = await t.app.inject({ method: 'GET', url: '/uploads/private/%ED%A0%80' });
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json()).toEqual({
      success: false,
      message: MSG.invalidUrl,
      error: 'invalid_url',
    });
  });

  it('refuses a NUL in a multipart field and leaves the saved profile as it was', async () => {
    const m = await createMember(t, { name: 'Awa' });
    const f = form({ token: m.token, name: 'Awa', bio: `Bonjour${NUL}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/update',
      ...f,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXT_MSG.inField('bio', 'nul'));
    const rows = await t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [m.id]);
    expect(rows[0]?.name).toBe('Awa');
  });
});

describe('a message is stored and announced as one unit', () => {
  it('answers 201 when the notification fails after the insert, and a retry returns it', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const chatId = await chatBetween(a, b);
    // A real database failure in the notification step, only for this recipient.
    await t.db.query(`
      CREATE OR REPLACE FUNCTION refuse_notification() RETURNS trigger AS $$
      BEGIN
        IF NEW.user_id = ${b.id} THEN RAISE EXCEPTION 'notifications en panne'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.db.query(`CREATE TRIGGER refuse_notification BEFORE INSERT ON notifications
      FOR EACH ROW EXECUTE FUNCTION refuse_notification()`);
    try {
      const body = {
        token: a.token,
        chat_id: chatId,
        content: 'Bonsoir',
        client_id: crypto.randomUUID(),
      };
      const first = await post('/messages/text', body);
      expect(first.statusCode).toBe(201);
      const retry = await post('/messages/text', body);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data.id).toBe(first.json().data.id);
      expect(await countMessages(chatId)).toBe(1);
    } finally {
      await t.db.query('DROP TRIGGER refuse_notification ON notifications');
    }
  });
});

describe('values the database refuses', () => {
  it('answers 400, not 500, when PostgreSQL refuses a text (SQLSTATE 22021)', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const chatId = await chatBetween(a, b);
    await t.db.query(`
      CREATE OR REPLACE FUNCTION refuse_text() RETURNS trigger AS $$
      BEGIN
        IF NEW.content = 'octets invalides' THEN
          RAISE EXCEPTION 'invalid byte sequence' USING ERRCODE = '22021';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.db.query(`CREATE TRIGGER refuse_text BEFORE INSERT ON messages
      FOR EACH ROW EXECUTE FUNCTION refuse_text()`);
    try {
      const res = await post('/messages/text', {
        token: a.token,
        chat_id: chatId,
        content: 'octets invalides',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: MSG.invalidData,
        error: 'invalid_data',
      });
      expect(await countMessages(chatId)).toBe(0);
    } finally {
      await t.db.query('DROP TRIGGER refuse_text ON messages');
    }
  });
});

describe('hostile text over sockets', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.disconnect()));

  it('refuses a socket event whose payload holds a NUL, naming the field in the ack', async () => {
    const url = await listen(t.app);
    const m = await createMember(t);
    const socket = await openSocketTracked(sockets, url, { token: m.token });
    const ack = await new Promise<{ ok: boolean; message?: string }>((resolve) =>
      socket.emit('chat:join', { chat_id: `1${NUL}` }, resolve),
    );
    expect(ack).toEqual({ ok: false, message: TEXT_MSG.inField('chat_id', 'nul') });
    const refused = openSocketTracked(sockets, url, { token: `${m.token}${LONE}` });
    await expect(refused).rejects.toThrow(TEXT_MSG.inField('token', 'lone_surrogate'));
  });
});
