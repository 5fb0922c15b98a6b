/**
 * Outgoing mail. With SMTP_URL, a nodemailer SMTP transport; without it, the dev outbox: the
 * last messages kept in memory (shown at /dev/outbox) and a log line that names only the
 * recipient and subject — bodies carry codes and never reach the logs.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

export interface OutboxMessage extends MailMessage {
  sentAt: Date;
}

export interface AppMailer extends Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Newest last; always empty for SMTP. */
  outbox(): readonly OutboxMessage[];
  close(): void;
}

export const OUTBOX_SIZE = 50;

type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

function createSmtpMailer(smtpUrl: string, from: string, log: MailLog): AppMailer {
  // Short time-outs: a code mail is sent while the member waits. The URL's own query wins.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(msg) {
      try {
        await transport.sendMail({ from, ...msg });
      } catch (err) {
        log.warn({ err, to: msg.to, subject: msg.subject }, "échec de l'envoi du mail");
        throw err;
      }
    },
    outbox: () => [],
    close: () => transport.close(),
  };
}

function createOutboxMailer(log: MailLog): AppMailer {
  const messages: OutboxMessage[] = [];
  return {
    kind: 'outbox',
    async send(msg) {
      messages.push({ ...msg, sentAt: new Date() });
      if (messages.length > OUTBOX_SIZE) messages.splice(0, messages.length - OUTBOX_SIZE);
      log.info({ to: msg.to, subject: msg.subject }, 'mail envoyé au dev outbox');
    },
    outbox: () => messages.slice(),
    close: () => undefined,
  };
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  log: MailLog,
): AppMailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
    : createOutboxMailer(log);
}
