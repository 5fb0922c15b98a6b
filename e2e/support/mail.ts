/**
 * The mails the server under test sent (e-mail codes, password resets). The run's global setup
 * points SMTP_URL at a real local SMTP server and mirrors what it receives to a JSON file;
 * specs use `readMails` and `waitForMail`.
 */
import fs from 'node:fs';
import { inject } from 'vitest';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

async function fetchOutbox(): Promise<SentMail[]> {
  const body: unknown = JSON.parse(fs.readFileSync(inject('mailFile'), 'utf8'));
  if (!Array.isArray(body) || !body.every(isMail)) {
    throw new Error(`mail file: unexpected content ${JSON.stringify(body).slice(0, 200)}`);
  }
  return body;
}

/** Every mail sent so far, optionally only those to one address, oldest first. */
export async function readMails(to?: string): Promise<SentMail[]> {
  const mails = await fetchOutbox();
  return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails;
}

/**
 * The first mail to `to` beyond the `after` already there (count them with `readMails(to)`
 * before the action that sends), polling until it arrives.
 */
export async function waitForMail(
  to: string,
  { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readMails(to))[after];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no new mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function isMail(v: unknown): v is SentMail {
  return (
    isRecord(v) &&
    typeof v.to === 'string' &&
    typeof v.subject === 'string' &&
    typeof v.text === 'string'
  );
}
