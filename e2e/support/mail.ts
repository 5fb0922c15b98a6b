/**
 * The mails the server under test "sent" (e-mail codes, password resets). Without SMTP_URL the
 * server keeps them in its dev outbox, served outside production at GET /dev/outbox (JSON
 * with `?format=json`, oldest first; packages/server/src/modules/dev/dev.routes.ts). Specs
 * use `readMails` and `waitForMail`; if the outbox moves, only `fetchOutbox` changes.
 */
import { inject } from 'vitest';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  sentAt?: string;
}

const OUTBOX_PATH = '/dev/outbox?format=json';

async function fetchOutbox(): Promise<SentMail[]> {
  const res = await fetch(`${inject('baseUrl')}${OUTBOX_PATH}`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) {
    throw new Error(
      `dev outbox unavailable (GET ${OUTBOX_PATH} answered ${res.status}); ` +
        'is SMTP_URL set or NODE_ENV production?',
    );
  }
  const body: unknown = await res.json();
  if (!isRecord(body) || !Array.isArray(body.data) || !body.data.every(isMail)) {
    throw new Error(`dev outbox: unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
  }
  return body.data;
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
