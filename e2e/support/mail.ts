/**
 * Reading what the server under test "sent" (e-mail codes, password resets). Without SMTP_URL
 * the server writes mail to its dev outbox (ARCHITECTURE.md: logged + /dev/outbox).
 *
 * Extension point: when the mail adapter lands, make `fetchOutbox` read its dev outbox (HTTP
 * route or files under the server's DATA_DIR, `inject('dataDir')`) and map each message to
 * `SentMail`. Specs only use `readMails` and `waitForMail`.
 */
import { inject } from 'vitest';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/** Where the dev outbox is expected; adjust with the mail adapter. */
export const OUTBOX_PATH = '/dev/outbox';

async function fetchOutbox(): Promise<SentMail[]> {
  const res = await fetch(`${inject('baseUrl')}${OUTBOX_PATH}`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) {
    throw new Error(
      `dev outbox unavailable (GET ${OUTBOX_PATH} answered ${res.status}): ` +
        'wire e2e/support/mail.ts fetchOutbox to the mail adapter',
    );
  }
  const body: unknown = await res.json();
  const list = isRecord(body) && Array.isArray(body.data) ? body.data : body;
  return Array.isArray(list) ? list.filter(isMail) : [];
}

/** Every mail sent so far, optionally only those to one address, oldest first. */
export async function readMails(to?: string): Promise<SentMail[]> {
  const mails = await fetchOutbox();
  return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails;
}

/** The latest mail to `to`, polling until it arrives. */
export async function waitForMail(to: string, timeoutMs = 10_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = (await readMails(to)).at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
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
