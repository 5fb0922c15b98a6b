/** Mail adapter: real SMTP delivery, the dev outbox, the French templates and /dev/outbox. */
import { partialDeps } from './partial-deps.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { pino } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  createMailer,
  otpMail,
  passwordResetMail,
  OUTBOX_SIZE,
  type AppMailer,
} from '../src/adapters/mail/index.js';
import { devRoutes } from '../src/modules/dev/dev.routes.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';
import { testConfig } from './helpers.js';

/** A real pino logger writing to memory, so tests see exactly what would be logged. */
function memoryLog() {
  const lines: string[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

describe('SMTP mailer', () => {
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
  });
  afterAll(() => catcher.close());

  it('delivers the verification code through the SMTP server of SMTP_URL', async () => {
    const config = testConfig({
      SMTP_URL: catcher.url,
      MAIL_FROM: 'Rencontre <no-reply@rencontre.bf>',
    });
    const mailer = createMailer(config, memoryLog().log);
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'Awa@Exemple.bf', ...otpMail('482913') });
    const mail = await catcher.waitFor('awa@exemple.bf');
    expect(mail.subject).toBe('Votre code de vérification Rencontre');
    expect(mail.to).toEqual(['awa@exemple.bf']);
    expect(mail.from).toBe('no-reply@rencontre.bf');
    expect(mail.text).toContain('482913');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('482913');
    expect(mail.code).toBe('482913');
    mailer.close();
  });

  it('hands out successive mails to the same address in order', async () => {
    const mailer = createMailer(testConfig({ SMTP_URL: catcher.url }), memoryLog().log);
    await mailer.send({ to: 'ib@exemple.bf', ...otpMail('111111') });
    await mailer.send({ to: 'ib@exemple.bf', ...passwordResetMail('222222') });
    const first = await catcher.waitFor('ib@exemple.bf');
    const second = await catcher.waitFor('ib@exemple.bf');
    expect(first.code).toBe('111111');
    expect(second.subject).toBe('Réinitialisation de votre mot de passe Rencontre');
    expect(second.code).toBe('222222');
    await expect(catcher.waitFor('ib@exemple.bf', 100)).rejects.toThrow();
  });

  it('fails the send when the SMTP server is unreachable', async () => {
    const mailer = createMailer(
      testConfig({ SMTP_URL: 'smtp://127.0.0.1:1?connectionTimeout=500' }),
      memoryLog().log,
    );
    await expect(mailer.send({ to: 'x@exemple.bf', ...otpMail('123456') })).rejects.toThrow();
  });
});

describe('dev outbox', () => {
  it('keeps the last 50 mails and logs the recipient and subject, never the body', async () => {
    const { log, lines } = memoryLog();
    const mailer = createMailer(testConfig(), log);
    expect(mailer.kind).toBe('outbox');
    for (let i = 0; i < OUTBOX_SIZE + 5; i += 1) {
      await mailer.send({ to: `m${i}@exemple.bf`, ...otpMail(String(100000 + i)) });
    }
    const box = mailer.outbox();
    expect(box).toHaveLength(OUTBOX_SIZE);
    expect(box[0]?.to).toBe('m5@exemple.bf');
    expect(box.at(-1)?.text).toContain(String(100000 + OUTBOX_SIZE + 4));
    const last = JSON.parse(lines.at(-1) ?? '{}') as Record<string, unknown>;
    expect(last).toMatchObject({
      msg: 'mail envoyé au dev outbox',
      to: `m${OUTBOX_SIZE + 4}@exemple.bf`,
      subject: 'Votre code de vérification Rencontre',
    });
    for (const line of lines) {
      const fields = Object.keys(JSON.parse(line) as object).sort();
      expect(fields).toEqual(['hostname', 'level', 'msg', 'pid', 'subject', 'time', 'to']);
    }
  });
});

describe('templates', () => {
  it('escape what they interpolate into the HTML', () => {
    const mail = passwordResetMail('<b>&"');
    expect(mail.html).toContain('&lt;b&gt;&amp;&quot;');
    expect(mail.html).not.toContain('<b>&"');
    expect(mail.text).toContain('<b>&"');
  });
});

describe('GET /dev/outbox', () => {
  let mailer: AppMailer;
  const app = Fastify();
  beforeAll(async () => {
    mailer = createMailer(testConfig(), memoryLog().log);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The page reads only the mailer from the app's Deps.
    app.decorate('deps', partialDeps({ mailer }));
    await app.register(devRoutes);
    await app.ready();
    await mailer.send({ to: 'premier@exemple.bf', ...otpMail('654321') });
    await mailer.send({
      to: '<script>alert(1)</script>@exemple.bf',
      ...passwordResetMail('777777'),
    });
  });
  afterAll(() => app.close());

  it('lists the mails newest first as an escaped HTML page', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@exemple.bf');
    expect(res.body.indexOf('777777')).toBeLessThan(res.body.indexOf('654321'));
    expect(res.body).toContain('Votre code de vérification Rencontre');
  });

  it('answers JSON, oldest first, with ?format=json or Accept: application/json', async () => {
    for (const request of [
      { url: '/dev/outbox?format=json' },
      { url: '/dev/outbox', headers: { accept: 'application/json' } },
    ]) {
      const res = await app.inject({ method: 'GET', ...request });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; data: { to: string; text: string }[] }>();
      expect(body.success).toBe(true);
      expect(body.data.map((m) => m.to)).toEqual([
        'premier@exemple.bf',
        '<script>alert(1)</script>@exemple.bf',
      ]);
      expect(body.data[0]?.text).toContain('654321');
    }
  });

  it('answers HTML to a browser', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const res = await app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept } });
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('refuses an unknown format', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/outbox?format=xml' });
    expect(res.statusCode).toBe(400);
  });
});
