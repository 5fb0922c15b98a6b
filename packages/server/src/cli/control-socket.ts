/**
 * Operator commands while the server runs on its embedded database. The server alone may open
 * DATA_DIR (data-dir-lock.ts), so a command such as `npm run admin:create` asks the running
 * server to do the work, over a Unix socket in DATA_DIR: it never listens on the network, and
 * only a user who can reach the folder (the server's own) can use it.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const CONTROL_SOCKET_FILE = 'control.sock';
/** Unix socket paths are limited to about 104 bytes (macOS) or 108 (Linux). */
const MAX_SOCKET_PATH = 100;

export type ControlHandler = (body: Record<string, unknown>) => Promise<unknown>;

export const controlSocketPath = (dataDir: string) =>
  path.join(path.resolve(dataDir), CONTROL_SOCKET_FILE);

export interface ControlSocket {
  close(): Promise<void>;
}

function readJson(req: http.IncomingMessage, maxBytes = 64 * 1024): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) req.destroy(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    req.on('error', reject);
  });
}

/** Serves `POST /<command>` with a JSON body; null when the folder's path is too long. */
export async function startControlSocket(
  dataDir: string,
  handlers: Record<string, ControlHandler>,
  log: { error(obj: object, msg: string): void },
): Promise<ControlSocket | null> {
  const file = controlSocketPath(dataDir);
  if (file.length > MAX_SOCKET_PATH) return null;
  // Left by a server that did not stop cleanly; the folder's lock says this process owns it.
  fs.rmSync(file, { force: true });
  const server = http.createServer((req, res) => {
    const handler = req.method === 'POST' ? handlers[(req.url ?? '').slice(1)] : undefined;
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!handler) return answer(404, { error: 'unknown command' });
    readJson(req)
      .then((body) => handler(typeof body === 'object' && body ? { ...body } : {}))
      .then((result) => answer(200, result))
      .catch((err: unknown) => {
        log.error({ err }, 'control command failed');
        answer(500, { error: 'failed' });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/**
 * Sends one command to the server that owns `dataDir`; rejects when nothing answers there, or
 * when the answer takes longer than `timeoutMs` (a backup's copy may take minutes).
 */
export function callControlSocket(
  dataDir: string,
  command: string,
  body: Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<unknown> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: controlSocketPath(dataDir),
        path: `/${command}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        timeout: timeoutMs,
      },
      (res) => {
        readJson(res).then((answer) => {
          if (res.statusCode === 200) resolve(answer);
          else reject(new Error(`control command answered ${res.statusCode}`));
        }, reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('control command timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}
