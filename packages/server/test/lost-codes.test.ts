/**
 * A code that is lost is said to be lost (issue 29), with a real local SMTP server that refuses
 * the recipient (451) as a relay in trouble does: sign-up says so in French and the member may
 * ask again at once (no cooldown from a code nobody received); resend says so too; the mail is
 * queued and the queue delivers a fresh, working code once the relay takes it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG, CODE_MAIL_MSG } from '@app/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';
import { retryCodeMails } from '../src/modules/auth/index.js';

let t: TestApp;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // The queue is run by hand here, never by its timer.
  t = await createTestApp({ SMTP_URL: smtp.url, CODE_MAIL_RETRY_INTERVAL_S: '0' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ip = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: `10.9.0.${++ip}` });
const register = (email: string) =>
  post('/register', { email, password: 'Savane-Lune-42', device_hash: `browser-${email}` });
const queued = (email: string) =>
  t.db.query<{ attempts: number; purpose: string }>(
    `SELECT r.attempts, r.purpose FROM code_mail_retries r JOIN users u ON u.id = r.user_id
      WHERE u.email = $1`,
    [email],
  );
/** Makes the queued retries due now (instead of waiting for their back-off). */
const dueNow = () =>
  t.db.query(`UPDATE code_mail_retries SET next_try_at = now() - interval '1 second'`);

describe('a code mail the relay refuses', () => {
  it('sign-up says it in French, resend is allowed at once, and the queue delivers later', async () => {
    const email = 'perdu.1@exemple.bf';
    smtp.refused.add(email);
    const res = await register(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      mail_sent: false,
      message: CODE_MAIL_MSG.signupCodeNotSent,
    });
    expect(await queued(email)).toEqual([{ attempts: 1, purpose: 'verify' }]);

    // At once, no cooldown: the relay still refuses, and resend says so (503, in French).
    const again = await post('/resend-otp', { email });
    expect(again.statusCode).toBe(503);
    expect(again.json()).toMatchObject({
      success: false,
      error: 'mail_failed',
      message: CODE_MAIL_MSG.codeMailFailed,
    });
    expect(again.json().retry_after).toBeUndefined();

    // The queue tries while the relay refuses: still queued, tried once more.
    await dueNow();
    expect(await retryCodeMails(t.app.deps)).toBe(0);
    expect(await queued(email)).toEqual([{ attempts: 2, purpose: 'verify' }]);

    // The relay is back: the queue's mail arrives, its code works, and the queue is empty.
    smtp.refused.delete(email);
    await dueNow();
    expect(await retryCodeMails(t.app.deps)).toBe(1);
    const mail = await smtp.waitFor(email);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(await queued(email)).toEqual([]);
    const verified = await post('/verify-otp', { email, otp_code: mail.code });
    expect(verified.statusCode).toBe(200);
  });

  it('a resend that goes through clears the queued retry; nothing queued when the mail leaves', async () => {
    const email = 'perdu.2@exemple.bf';
    smtp.refused.add(email);
    expect((await register(email)).json().mail_sent).toBe(false);
    smtp.refused.delete(email);
    const again = await post('/resend-otp', { email });
    expect(again.statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(await queued(email)).toEqual([]);
    expect((await post('/verify-otp', { email, otp_code: mail.code })).statusCode).toBe(200);

    const fine = 'bien.recu@exemple.bf';
    const ok = await register(fine);
    expect(ok.json()).toMatchObject({ mail_sent: true, message: AUTH_MSG.signupSuccess });
    await smtp.waitFor(fine);
    expect(await queued(fine)).toEqual([]);
  });

  it('stops retrying a code the member no longer needs', async () => {
    const email = 'perdu.3@exemple.bf';
    smtp.refused.add(email);
    await register(email);
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    smtp.refused.delete(email);
    await dueNow();
    expect(await retryCodeMails(t.app.deps)).toBe(0);
    expect(await queued(email)).toEqual([]);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
  });
});
