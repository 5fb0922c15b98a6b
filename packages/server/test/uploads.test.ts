/**
 * Upload forms are refused before their body is read: no session (no bearer header and no
 * `token` field before the file) → 401, a declared size over the limit → 413. Checked over a
 * real socket that sends only the start of a 5 MB upload: the answer must come anyway.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_MAX_BYTES, AUTH_MSG, CHAT_MSG, MSG, PHOTO_MAX_BYTES } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const BOUNDARY = '----upload-test';
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="f.jpg"\r\n` +
  'Content-Type: image/jpeg\r\n\r\n';

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** Milliseconds from the first byte sent to the answer. */
  ms: number;
  /** The server closed the connection after answering. */
  closed: boolean;
}

/**
 * Sends the request line, headers and only `start` of a body declared `declared` bytes long,
 * then waits for the answer without ever sending the rest.
 */
function sendPartly(
  path: string,
  headers: Record<string, string>,
  start: string,
  declared: number,
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const began = Date.now();
    let text = '';
    let answeredAt = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 5 s (got ${JSON.stringify(text.slice(0, 80))})`));
    }, 5000);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body, ms: answeredAt - began, closed });
    };
    socket.on('data', (chunk: Buffer) => {
      answeredAt ||= Date.now();
      text += chunk.toString('latin1');
      if (/connection: keep-alive/i.test(text) && text.includes('}')) finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('error', (err) => (text ? finish(true) : reject(err)));
    const lines = Object.entries({
      host: `127.0.0.1:${port}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(declared),
      ...headers,
    }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`POST /api${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${start}`);
  });
}

/** A whole multipart body through app.inject. */
const postForm = (url: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });

const json = (a: RawAnswer) => JSON.parse(Buffer.from(a.body, 'latin1').toString('utf8'));
const FIVE_MB = 5 * 1024 * 1024;
const UPLOADS = [
  {
    path: '/messages/image',
    file: 'image',
    limit: PHOTO_MAX_BYTES,
    tooLarge: CHAT_MSG.imageTooLarge,
  },
  {
    path: '/messages/audio',
    file: 'audio',
    limit: AUDIO_MAX_BYTES,
    tooLarge: CHAT_MSG.audioTooLarge,
  },
  {
    path: '/complete-profile',
    file: 'photo',
    limit: PHOTO_MAX_BYTES,
    tooLarge: AUTH_MSG.photoTooLarge,
  },
  {
    path: '/profile/update',
    file: 'photo',
    limit: PHOTO_MAX_BYTES,
    tooLarge: AUTH_MSG.photoTooLarge,
  },
];

describe('anonymous uploads', () => {
  it('answers 401 as soon as the file starts without a session, never waiting for the 5 MB', async () => {
    for (const u of UPLOADS) {
      // A form within the size limit: fields, then the first kilobyte of the file.
      const start = field('chat_id', '1') + fileHead(u.file) + 'x'.repeat(1024);
      const declared = Math.min(FIVE_MB, u.limit);
      const answer = await sendPartly(u.path, {}, start, declared);
      expect(answer.status, u.path).toBe(401);
      expect(json(answer)).toMatchObject({ success: false, message: MSG.tokenMissing });
      expect(answer.head).toMatch(/connection: close/i);
      expect(answer.closed).toBe(true);
      expect(answer.ms).toBeLessThan(2000);
    }
  });

  it('answers 401 at once to an invalid bearer token, before any of the body', async () => {
    const answer = await sendPartly(
      '/messages/image',
      { authorization: 'Bearer pas-un-jeton' },
      '',
      FIVE_MB,
    );
    expect(answer.status).toBe(401);
    expect(json(answer)).toMatchObject({ message: MSG.unauthenticated });
    expect(answer.closed).toBe(true);
  });

  it('does not take a token field that comes after the file', async () => {
    const m = await createMember(t);
    const payload =
      field('chat_id', '1') +
      fileHead('image') +
      'abc\r\n' +
      field('token', m.token) +
      `--${BOUNDARY}--\r\n`;
    const res = await postForm('/api/messages/image', payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: MSG.tokenMissing });
  });

  it('stops reading fields that are not the token after 16 KB without a session', async () => {
    const start = field('bio', 'b'.repeat(17 * 1024)) + field('name', 'Awa');
    const answer = await sendPartly('/profile/update', {}, start, FIVE_MB);
    expect(answer.status).toBe(401);
    expect(answer.closed).toBe(true);
  });
});

describe('declared size', () => {
  it("answers 413 with the route's message before reading a body declared too large", async () => {
    const m = await createMember(t);
    for (const u of UPLOADS) {
      const over = u.limit + 1024 * 1024;
      const signedIn: Record<string, string> = { authorization: `Bearer ${m.token}` };
      for (const headers of [signedIn, {}]) {
        const answer = await sendPartly(u.path, headers, '', over);
        expect(answer.status, u.path).toBe(413);
        expect(json(answer)).toMatchObject({ success: false, message: u.tooLarge });
        expect(answer.closed).toBe(true);
        expect(answer.ms).toBeLessThan(2000);
      }
    }
  });

  it('still reads a signed-in upload within the limit (a form of fields, no file)', async () => {
    const m = await createMember(t);
    const payload = field('token', m.token) + field('name', 'Awa Nouvelle') + `--${BOUNDARY}--\r\n`;
    const res = await postForm('/api/profile/update', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { name: 'Awa Nouvelle' } });
  });
});
