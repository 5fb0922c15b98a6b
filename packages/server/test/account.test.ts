/**
 * Account calls (issue 9): profile editing, settings and anonymous mode, data export, and
 * deletion (password or e-mail code) that removes personal data while the other member's chat
 * stays readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { photoVariantKey } from '../src/adapters/images/photos.js';
import { visibleMemberSql } from '../src/modules/account/visibility.js';
import type { Param } from '../src/db/db.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

const jpeg = (color = { r: 40, g: 120, b: 200 }) =>
  sharp({ create: { width: 500, height: 500, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .toBuffer();

function multipart(fields: Record<string, string>, photo?: Buffer) {
  const boundary = '----account' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  if (photo) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const updateProfile = (token: string | null, fields: Record<string, string>, photo?: Buffer) => {
  const body = multipart(token ? { token, ...fields } : fields, photo);
  return t.app.inject({ method: 'POST', url: '/api/profile/update', ...body });
};

async function withPassword(m: Member, password: string) {
  await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
    m.id,
    await hashPassword(password),
  ]);
}

async function photoKeyOf(id: number) {
  const rows = await t.db.query<{ photo_key: string | null }>(
    'SELECT photo_key FROM users WHERE id = $1',
    [id],
  );
  return rows[0]?.photo_key ?? null;
}

async function exists(storageKey: string) {
  return (await t.app.deps.storage.get(storageKey)) !== null;
}

describe('POST /api/profile/update', () => {
  it('saves name, bio and locality and a re-encoded photo, deleting the replaced one', async () => {
    const m = await createMember(t);
    const first = await updateProfile(m.token, { name: 'Awa' }, await jpeg());
    expect(first.statusCode).toBe(200);
    const oldKey = await photoKeyOf(m.id);
    expect(oldKey).toBeTruthy();

    const res = await updateProfile(
      m.token,
      { name: '  Awa Kaboré ', bio: "J'aime la lecture.", locality: 'Bobo-Dioulasso' },
      await jpeg({ r: 200, g: 20, b: 20 }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Profil mis à jour avec succès !' });
    expect(body.data).toMatchObject({
      name: 'Awa Kaboré',
      bio: "J'aime la lecture.",
      locality: 'Bobo-Dioulasso',
    });
    const img = await t.app.inject({ method: 'GET', url: body.data.photos.card });
    expect(img.headers['content-type']).toBe('image/webp');
    const newKey = await photoKeyOf(m.id);
    expect(newKey).not.toBe(oldKey);
    expect(await exists(photoVariantKey(oldKey ?? '', 'card'))).toBe(false);
    expect(await exists(photoVariantKey(newKey ?? '', 'card'))).toBe(true);
  });

  it('keeps the fields the form leaves out and empties bio and locality when sent empty', async () => {
    const m = await createMember(t, { name: 'Issa' });
    await t.db.query(
      `UPDATE users SET bio = 'Ancienne bio', locality = 'Koudougou' WHERE id = $1`,
      [m.id],
    );
    const res = await updateProfile(m.token, { bio: '', locality: 'Ouahigouya' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Issa', bio: null, locality: 'Ouahigouya' });
  });

  it('refuses a short name, a long bio and a long locality with French field errors', async () => {
    const m = await createMember(t, { name: 'Nom intact' });
    const res = await updateProfile(m.token, {
      name: 'A',
      bio: 'x'.repeat(501),
      locality: 'y'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Le nom doit contenir au moins 2 caractères',
      errors: {
        name: ['Le nom doit contenir au moins 2 caractères'],
        bio: ['La bio ne peut pas dépasser 500 caractères'],
        locality: ['La localité ne peut pas dépasser 100 caractères'],
      },
    });
    const long = await updateProfile(m.token, { name: 'n'.repeat(51) });
    expect(long.json().errors.name).toEqual(['Le nom ne peut pas dépasser 50 caractères']);
    const rows = await t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [m.id]);
    expect(rows[0]?.name).toBe('Nom intact');
  });

  it('refuses a file that is not an image, and a call without a token', async () => {
    const m = await createMember(t);
    const bad = await updateProfile(m.token, { name: 'Awa' }, Buffer.from('pas une image'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Veuillez sélectionner une image valide');
    const anonymous = await updateProfile(null, { name: 'Awa' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('account settings and anonymous mode', () => {
  it('reads the settings and switches anonymous mode on the server', async () => {
    const m = await createMember(t);
    const settings = await post('/account/settings', { token: m.token });
    expect(settings.json()).toMatchObject({
      success: true,
      data: { anonymous: false, has_password: false },
    });
    const on = await post('/account/anonymous', { token: m.token, enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: 'Mode anonyme activé', data: { anonymous: true } });
    const rows = await t.db.query<{ anonymous: boolean }>(
      'SELECT anonymous FROM users WHERE id = $1',
      [m.id],
    );
    expect(rows[0]?.anonymous).toBe(true);
    const off = await post('/account/anonymous', { token: m.token, enabled: false });
    expect(off.json()).toMatchObject({ message: 'Mode anonyme désactivé' });
  });

  it('leaves anonymous and deleted members out of the visibility condition', async () => {
    const shown = await createMember(t);
    const hidden = await createMember(t);
    const gone = await createMember(t);
    await post('/account/anonymous', { token: hidden.token, enabled: true });
    await t.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone.id]);
    const rows = await t.db.query<{ id: number }>(
      `SELECT u.id FROM users u WHERE u.id = ANY($1::bigint[]) AND ${visibleMemberSql('u')}`,
      [[shown.id, hidden.id, gone.id]],
    );
    expect(rows.map((r) => r.id)).toEqual([shown.id]);
  });

  it('validates the flag and requires a session', async () => {
    const m = await createMember(t);
    expect((await post('/account/anonymous', { token: m.token, enabled: 'oui' })).statusCode).toBe(
      400,
    );
    expect((await post('/account/anonymous', { enabled: true })).statusCode).toBe(401);
    expect((await post('/account/settings')).statusCode).toBe(401);
  });
});

describe('GET /api/account/export', () => {
  it("sends the member's own data as a JSON attachment", async () => {
    const m = await createMember(t, { name: 'Salif' });
    const other = await createMember(t, { name: 'Autre' });
    await post('/support/create', {
      token: m.token,
      reason: 'bug',
      description: 'La carte ne charge pas.',
    });
    await post('/histoires', { token: m.token, content: 'Une belle rencontre au marché.' });
    await post('/histoires', { token: other.token, content: "L'histoire de quelqu'un d'autre." });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="rencontre-mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ id: m.id, email: m.email, name: 'Salif' });
    expect(data.account.password_hash).toBeUndefined();
    expect(data.support_tickets).toHaveLength(1);
    expect(data.stories.map((s: { content: string }) => s.content)).toEqual([
      'Une belle rencontre au marché.',
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(401);
  });
});

/**
 * A full account: photo, position, devices, likes, announcement, notification, push, chat
 * with b.
 */
async function richAccount(a: Member, b: Member) {
  await updateProfile(a.token, { name: 'Aminata' }, await jpeg());
  await t.db.query(
    `UPDATE users SET lat = 12.37, lng = -1.52, bio = 'Ma bio', locality = 'Ouaga',
        birth_date = '1995-01-01', gender = 'femme', device_hash = $2 WHERE id = $1`,
    [a.id, `dev-${a.id}`],
  );
  await t.db.query(
    `INSERT INTO swipes (swiper_id, target_id, action) VALUES ($1, $2, 'like'), ($2, $1, 'like')`,
    [a.id, b.id],
  );
  await t.db.query(
    `INSERT INTO announcements (user_id, description) VALUES ($1, repeat('a', 60))`,
    [a.id],
  );
  await t.db.query(
    `INSERT INTO notifications (user_id, type, title, message) VALUES ($1, 'x', 'Titre', 'Texte')`,
    [a.id],
  );
  await t.db.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, 'k', 'a')`,
    [a.id, `https://push.test/${a.id}`],
  );
  await t.db.query(
    `INSERT INTO device_signup_refusals (device_hash, email) VALUES ($1, 'autre@test.bf')`,
    [`dev-${a.id}`],
  );
  // Two phones signed in from, one of them shared with b, whose record must stay.
  await t.db.query(
    `INSERT INTO user_devices (user_id, device_hash) VALUES ($1, $3), ($1, $4), ($2, $4)`,
    [a.id, b.id, `dev-${a.id}`, `partage-${a.id}`],
  );
  await t.db.query(
    `INSERT INTO coin_movements (user_id, amount, balance_after, reason, idempotency_key)
     VALUES ($1, 10, 10, 'daily_bonus', $2)`,
    [a.id, `test:${a.id}`],
  );
  if (await tableExists('payment_orders')) {
    await t.db.query(
      `INSERT INTO payment_orders (payment_id, user_id, pack_id, amount, coins, provider, method, phone)
       VALUES ($1, $2, 1, 300, 50, 'simulator', 'orange', '70123456')`,
      [`pay-${a.id}`, a.id],
    );
    // The provider's notifications about that order: one linked by order id, one only by the
    // payment id; and one about someone else's order, which must stay as it is.
    const order = await t.db.query<{ id: number }>(
      'SELECT id FROM payment_orders WHERE payment_id = $1',
      [`pay-${a.id}`],
    );
    await t.db.query(
      `INSERT INTO payment_notifications (provider, payment_id, order_id, valid_signature, ip, payload)
       VALUES ('cinetpay', $1, $2, true, '10.0.0.1', $3), ('orange_bf', $1, NULL, true, '10.0.0.2', $4),
              ('cinetpay', 'pay-autre', NULL, true, '10.0.0.3', $5)`,
      [
        `pay-${a.id}`,
        order[0]?.id ?? null,
        JSON.stringify({
          cpm_trans_id: `pay-${a.id}`,
          cpm_amount: '300',
          cel_phone_num: '70123456',
          cpm_phone_prefixe: '226',
        }),
        JSON.stringify({
          status: 'SUCCESS',
          customer_msisdn: '22670123456',
          Phone_Number: '70 12 34 56',
        }),
        JSON.stringify({ cpm_trans_id: 'pay-autre', cel_phone_num: '76543210' }),
      ],
    );
  }
  const chat = await post('/chats/create', { token: a.token, other_user_id: b.id });
  const chatId: number = chat.json().data.chat_id;
  await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
  await post('/messages/text', { token: a.token, chat_id: chatId, content: 'Bonjour Bintou !' });
  await post('/messages/text', { token: b.token, chat_id: chatId, content: 'Salut Aminata' });
  const story = await post('/histoires', {
    token: a.token,
    content: 'Mon histoire à moi, Aminata.',
  });
  const bStory = await post('/histoires', { token: b.token, content: 'Histoire de Bintou.' });
  const bStoryId: number = bStory.json().data.id;
  await post(`/histoires/${bStoryId}/like`, { token: a.token });
  await post('/support/create', {
    token: a.token,
    reason: 'account',
    description: 'Question sur mon compte.',
  });
  return { chatId, storyId: story.json().data.id as number, bStoryId };
}

const tableExists = async (name: string) =>
  !!(await t.db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]))[0]?.t;

const count = async (text: string, params: Param[]) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${text}`, params))[0]?.n;

describe('POST /api/account/delete', () => {
  it('refuses without the password, with a wrong one, and without a session', async () => {
    const m = await createMember(t);
    await withPassword(m, 'Karite-Soleil-2025');
    const missing = await post('/account/delete', { token: m.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.password).toEqual(['Veuillez saisir votre mot de passe']);
    const wrong = await post('/account/delete', { token: m.token, password: 'mauvais' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Mot de passe incorrect.');
    expect((await post('/account/delete', { password: 'x' })).statusCode).toBe(401);
    const settings = await post('/account/settings', { token: m.token });
    expect(settings.json().data.has_password).toBe(true);
  });

  it('anonymises the account and deletes its data while the other member keeps the chat', async () => {
    const a = await createMember(t, { name: 'Aminata' });
    const b = await createMember(t, { name: 'Bintou' });
    await withPassword(a, 'Karite-Soleil-2025');
    const { chatId, storyId, bStoryId } = await richAccount(a, b);
    const photoKey = await photoKeyOf(a.id);
    expect(photoKey).toBeTruthy();

    const res = await post('/account/delete', { token: a.token, password: 'Karite-Soleil-2025' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Votre compte a été supprimé.' });

    const user = (await t.db.query('SELECT * FROM users WHERE id = $1', [a.id]))[0];
    expect(user).toMatchObject({
      email: `deleted-${a.id}@supprime.invalid`,
      password_hash: null,
      google_sub: null,
      name: null,
      bio: null,
      locality: null,
      birth_date: null,
      gender: null,
      details: {},
      photo_key: null,
      lat: null,
      lng: null,
      fuzz_pos: null,
      device_hash: null,
      invitation_code: null,
      profile_completed_at: null,
    });
    expect(user?.deleted_at).toBeTruthy();
    expect(await exists(photoVariantKey(photoKey ?? '', 'full'))).toBe(false);
    expect(await count('sessions WHERE user_id = $1 AND revoked_at IS NULL', [a.id])).toBe(0);
    expect(await count('swipes WHERE swiper_id = $1 OR target_id = $1', [a.id])).toBe(0);
    expect(await count('announcements WHERE user_id = $1', [a.id])).toBe(0);
    expect(await count('notifications WHERE user_id = $1', [a.id])).toBe(0);
    expect(await count('push_subscriptions WHERE user_id = $1', [a.id])).toBe(0);
    expect(await count('device_signup_refusals WHERE device_hash = $1', [`dev-${a.id}`])).toBe(0);
    expect(await count('user_devices WHERE user_id = $1', [a.id])).toBe(0);
    expect(await count('user_devices WHERE user_id = $1', [b.id])).toBe(1);
    expect(await count('support_tickets WHERE user_id = $1', [a.id])).toBe(0);
    expect(await count('stories WHERE id = $1', [storyId])).toBe(0);
    expect(await count('story_likes WHERE user_id = $1', [a.id])).toBe(0);
    const bStory = await t.db.query<{ likes: number }>('SELECT likes FROM stories WHERE id = $1', [
      bStoryId,
    ]);
    expect(bStory[0]?.likes).toBe(0);
    // Kept for accounting, tied to nothing personal any more.
    expect(await count('coin_movements WHERE user_id = $1', [a.id])).toBe(1);
    if (await tableExists('payment_orders')) {
      expect(await count('payment_orders WHERE user_id = $1', [a.id])).toBe(1);
      expect(await count('payment_orders WHERE user_id = $1 AND phone IS NOT NULL', [a.id])).toBe(
        0,
      );
      // The provider notifications stay for audit, without any phone field.
      const payloads = await t.db.query<{ payment_id: string; payload: Record<string, string> }>(
        'SELECT payment_id, payload FROM payment_notifications ORDER BY id',
      );
      const mine = payloads.filter((p) => p.payment_id === `pay-${a.id}`).map((p) => p.payload);
      expect(mine).toEqual([
        { cpm_trans_id: `pay-${a.id}`, cpm_amount: '300' },
        { status: 'SUCCESS' },
      ]);
      expect(JSON.stringify(mine)).not.toMatch(/70123456|70 12 34 56/);
      const others = payloads.filter((p) => p.payment_id === 'pay-autre').map((p) => p.payload);
      expect(others).toEqual([{ cpm_trans_id: 'pay-autre', cel_phone_num: '76543210' }]);
    }
    if (await tableExists('member_activity')) {
      expect(await count('member_activity WHERE user_id = $1', [a.id])).toBe(0);
    }

    expect((await post('/profile', { token: a.token })).statusCode).toBe(401);
    const login = await post('/login', { email: a.email, password: 'Karite-Soleil-2025' });
    expect(login.statusCode).not.toBe(200);

    const list = (await post('/chats', { token: b.token })).json();
    expect(list.data.map((c: { id: number }) => c.id)).toContain(chatId);
    const history = (await post(`/chats/${chatId}/messages`, { token: b.token })).json();
    const messages: { content: string; sender_id: number }[] = history.data;
    expect(messages.map((m) => m.content)).toEqual(['Bonjour Bintou !', 'Salut Aminata']);
    expect(messages[0]?.sender_id).toBe(a.id);
    // The other member sees the deleted member as 'Utilisateur supprimé', without a photo, in
    // the list and in the conversation, and never the old name.
    const entry = list.data.find((c: { id: number }) => c.id === chatId);
    expect(entry).toMatchObject({ name: 'Utilisateur supprimé', photo: null, is_online: false });
    const details = (await post(`/chats/${chatId}`, { token: b.token })).json().data;
    const other = details.participants.find(
      (p: { is_current_user: boolean }) => !p.is_current_user,
    );
    expect(other).toMatchObject({ user_id: a.id, name: 'Utilisateur supprimé', photo: null });
    expect(details.messages.map((m: { content: string }) => m.content)).toEqual([
      'Bonjour Bintou !',
      'Salut Aminata',
    ]);
    // Bintou's own message names her, as she wrote it; no name field carries it any more.
    expect(JSON.stringify({ list, history, details })).not.toMatch(/"[a-z_]*name":"Aminata"/);
  });
});

describe('deletion of an account without a password (Google)', () => {
  it('mails a code once a minute and deletes with it', async () => {
    const m = await createMember(t);
    const sent = await post('/account/delete/code', { token: m.token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Un code de confirmation vous a été envoyé par email.');
    const mail = t.app.deps.mailer
      .outbox()
      .filter((x) => x.to === m.email)
      .at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toBe('Confirmez la suppression de votre compte Rencontre');

    const again = await post('/account/delete/code', { token: m.token });
    expect(again.statusCode).toBe(429);
    // The same cooldown answer as every other e-mail code (one rule, one error code).
    expect(again.json()).toMatchObject({
      error: 'otp_cooldown',
      message: 'Veuillez patienter avant de demander un nouveau code.',
    });
    expect(again.json().retry_after).toBeGreaterThan(0);
    expect(again.json().retry_after).toBeLessThanOrEqual(60);

    const noCode = await post('/account/delete', { token: m.token });
    expect(noCode.statusCode).toBe(400);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('/account/delete', { token: m.token, code: wrongCode });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Code incorrect. Veuillez réessayer.');

    const ok = await post('/account/delete', { token: m.token, code });
    expect(ok.statusCode).toBe(200);
    const rows = await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      m.id,
    ]);
    expect(rows[0]?.email).toBe(`deleted-${m.id}@supprime.invalid`);
  });

  it('asks a password account for its password instead of a code', async () => {
    const m = await createMember(t);
    await withPassword(m, 'Karite-Soleil-2025');
    const res = await post('/account/delete/code', { token: m.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Confirmez la suppression avec votre mot de passe.');
    expect((await post('/account/delete/code')).statusCode).toBe(401);
  });
});
