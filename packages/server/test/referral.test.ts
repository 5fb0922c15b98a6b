/**
 * The referral reward: 100 pièces to the inviter once the invited member has verified the e-mail
 * and completed the profile (whichever comes last), once, through the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { REFERRAL_REWARD_COINS } from '@app/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { multipartBody } from './multipart-form.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';

let t: TestApp;
let smtp: SmtpCatcher;
let n = 0;
let ip = 0;
const PASSWORD = 'Savane-Lune-42';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: `10.9.0.${++ip}` });

async function register(invitationCode: string | null = null) {
  const email = `parrainage.${++n}.${Date.now()}@exemple.bf`;
  const res = await post('/register', {
    email,
    password: PASSWORD,
    device_hash: `tel-${email}`,
    invitation_code: invitationCode,
  });
  expect(res.statusCode).toBe(201);
  const { code } = await smtp.waitFor(email);
  return { email, token: res.json().data.token as string, code: code ?? '' };
}

const verify = async (m: { email: string; code: string }) =>
  expect((await post('/verify-otp', { email: m.email, otp_code: m.code })).statusCode).toBe(200);

async function completeProfile(token: string) {
  const photo = await sharp({
    create: { width: 400, height: 400, channels: 3, background: '#aa5533' },
  })
    .jpeg()
    .toBuffer();
  const body = multipartBody(
    {
      token,
      name: 'Salif Kaboré',
      gender: 'homme',
      birth_date: '1995-06-01',
      locality: 'Bobo-Dioulasso, Burkina Faso',
    },
    { data: photo, name: 'photo.jpg', type: 'image/jpeg' },
  );
  return t.app.inject({ method: 'POST', url: '/api/complete-profile', ...body });
}

async function inviterState(email: string) {
  const rows = await t.db.query<{ id: number; coins: number; invitation_code: string }>(
    'SELECT id, coins, invitation_code FROM users WHERE email = $1',
    [email],
  );
  const row = rows[0];
  if (!row) throw new Error('inviter missing');
  const paid = await t.db.query<{ idempotency_key: string; amount: number }>(
    `SELECT idempotency_key, amount FROM coin_movements
      WHERE user_id = $1 AND reason = 'referral_reward'`,
    [row.id],
  );
  return { ...row, paid };
}

const noteTypes = async (token: string) =>
  ((await post('/notifications', { token })).json().data as { type: string }[])
    .map((x) => x.type)
    .sort();

describe('referral reward', () => {
  it('pays the inviter at profile completion, not at e-mail verification, and once', async () => {
    const inviter = await register();
    await verify(inviter);
    const before = await inviterState(inviter.email);

    const invited = await register(before.invitation_code);
    await verify(invited);
    expect(await inviterState(inviter.email)).toMatchObject({ coins: before.coins, paid: [] });
    expect(await noteTypes(inviter.token)).toEqual([]);

    const done = await completeProfile(invited.token);
    expect(done.statusCode).toBe(200);
    const invitedId: number = done.json().data.id;
    const after = await inviterState(inviter.email);
    expect(after.coins).toBe(before.coins + REFERRAL_REWARD_COINS);
    expect(after.paid).toEqual([
      { idempotency_key: `referral_reward:${invitedId}`, amount: REFERRAL_REWARD_COINS },
    ]);
    expect(await noteTypes(inviter.token)).toEqual(['referral_reward', 'referral_signup']);

    // A second completion is refused and pays nothing more.
    expect((await completeProfile(invited.token)).statusCode).toBe(409);
    expect((await inviterState(inviter.email)).coins).toBe(after.coins);
  });

  it('waits for the e-mail when the profile was completed first', async () => {
    const inviter = await register();
    await verify(inviter);
    const before = await inviterState(inviter.email);
    const invited = await register(before.invitation_code);

    expect((await completeProfile(invited.token)).statusCode).toBe(200);
    expect(await inviterState(inviter.email)).toMatchObject({ coins: before.coins, paid: [] });

    await verify(invited);
    const after = await inviterState(inviter.email);
    expect(after.coins).toBe(before.coins + REFERRAL_REWARD_COINS);
    expect(after.paid).toHaveLength(1);
    expect(await noteTypes(inviter.token)).toEqual(['referral_reward', 'referral_signup']);
  });

  it('pays nobody for a member who came without a code', async () => {
    const member = await register();
    await verify(member);
    const done = await completeProfile(member.token);
    expect(done.statusCode).toBe(200);
    const rows = await t.db.query(`SELECT 1 FROM coin_movements WHERE idempotency_key = $1`, [
      `referral_reward:${done.json().data.id}`,
    ]);
    expect(rows).toEqual([]);
  });
});
