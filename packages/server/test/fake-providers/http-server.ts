/**
 * A real local HTTP server for the fake providers: a free port on 127.0.0.1, the raw request
 * body handed to a handler, and a close that also drops connections left hanging by the
 * time-out scenarios.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status: number;
  body: string;
  contentType?: string;
  /** Answer only after this long (time-out scenarios). */
  delayMs?: number;
}

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

export async function startFakeServer(
  handle: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>,
): Promise<FakeServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void Promise.resolve(
        handle({
          method: req.method ?? 'GET',
          path: (req.url ?? '/').split('?')[0] ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      ).then((answer) => {
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status, {
            'content-type': answer.contentType ?? 'application/json',
          });
          res.end(answer.body);
        };
        if (!answer.delayMs) return send();
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (status: number, body: unknown, delayMs?: number): FakeResponse => ({
  status,
  body: JSON.stringify(body),
  delayMs,
});
