/**
 * A real SMTP server on 127.0.0.1 that keeps every mail it receives, parsed (subject, text and
 * HTML parts, the first 6-digit code). Tests point SMTP_URL at `url` and read codes with
 * `waitFor(to)`. The MIME parse is minimal but covers what nodemailer writes: multipart,
 * quoted-printable, base64 and RFC 2047 encoded-word headers.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The first 6-digit number of the text part (OTP and reset codes). */
  code: string | null;
  raw: string;
}

export interface SmtpCatcher {
  url: string;
  messages: CaughtMail[];
  /** Recipients (lower-cased) the relay refuses for now, as a relay in trouble does (451). */
  refused: Set<string>;
  /**
   * The oldest mail to `to` not yet handed out by an earlier waitFor, or the next one to
   * arrive; rejects after `timeoutMs`.
   */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = sep === -1 ? raw : raw.slice(0, sep);
  const body = sep === -1 ? '' : raw.slice(sep).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

/** RFC 2047: =?charset?B|Q?data?= words; whitespace between adjacent words is dropped. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_m, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const chunks = part.body.split(`--${boundary}`).slice(1);
  return chunks
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitHeaders(chunk.replace(/^\r?\n/, ''))));
}

function parseMail(raw: string, envelopeFrom: string, envelopeTo: string[]): CaughtMail {
  const root = splitHeaders(raw);
  const leaves = leafParts(root);
  const ofType = (t: string) =>
    leaves.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(t));
  const textPart = ofType('text/plain');
  const htmlPart = ofType('text/html');
  const text = textPart ? decodeBody(textPart).replace(/\r\n/g, '\n') : '';
  return {
    from: envelopeFrom,
    to: envelopeTo.map((a) => a.toLowerCase()),
    subject: decodeEncodedWords(root.headers.get('subject') ?? ''),
    text,
    html: htmlPart ? decodeBody(htmlPart) : '',
    code: /\b(\d{6})\b/.exec(text)?.[1] ?? null,
    raw,
  };
}

/** `onMail` sees each mail as it arrives (the e2e run mirrors them to a file for its workers). */
export async function startSmtpCatcher(
  opts: { onMail?: (mail: CaughtMail) => void } = {},
): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const handedOut = new Set<CaughtMail>();
  const waiters = new Set<() => void>();
  const refused = new Set<string>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      callback(
        Object.assign(new Error('Service momentanément indisponible'), { responseCode: 451 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), from, to);
        messages.push(mail);
        opts.onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;

  const takeFor = (to: string) => {
    const wanted = to.toLowerCase();
    const found = messages.find((m) => !handedOut.has(m) && m.to.includes(wanted));
    if (found) handedOut.add(found);
    return found;
  };

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    refused,
    waitFor(to, timeoutMs = 5_000) {
      const ready = takeFor(to);
      if (ready) return Promise.resolve(ready);
      return new Promise<CaughtMail>((resolve, reject) => {
        const wake = () => {
          const found = takeFor(to);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`aucun mail pour ${to} en ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
