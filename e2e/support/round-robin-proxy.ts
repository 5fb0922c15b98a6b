/**
 * A plain round-robin reverse proxy in front of several server copies, as a cloud load balancer
 * gives by default: no sticky sessions. Each HTTP request goes to the next copy, and so does each
 * new WebSocket upgrade (with its own turn, so two sockets opened one after the other land on
 * two different copies). It records which copy served each upgrade, so a test can prove where its
 * sockets landed. The load-balancer test uses it to show why polling needs sticky sessions; the
 * deploy kit's own front, Caddy, is caddy-front.ts.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import httpProxy from 'http-proxy';

interface UpgradeRecord {
  /** Index of the copy in the proxy's target list. */
  copy: number;
  url: string;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  upgrades: UpgradeRecord[];
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0 for any) and alternates between `targets` (origins). */
export async function startRoundRobinProxy(targets: string[], port = 0): Promise<RoundRobinProxy> {
  if (targets.length === 0) throw new Error('round-robin proxy: no target');
  // Keep the client's own X-Forwarded-For (the e2e members each claim an address) as it is.
  // Our own keep-alive pool per copy, destroyed on close so no idle socket of ours holds a copy's
  // shutdown. The copy is still chosen per request, whatever connection it arrives on.
  const agent = new http.Agent({ keepAlive: true });
  const proxy = httpProxy.createProxyServer({ xfwd: false, ws: true, agent });
  const upgrades: UpgradeRecord[] = [];
  let nextRequest = 0;
  let nextUpgrade = 0;
  // Both ends of every WebSocket: a client end destroyed does not end its copy's end, which
  // would then hold that copy's shutdown.
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  proxy.on('open', track);

  proxy.on('error', (err, _req, res) => {
    // A copy that is down answers 502 here, as a load balancer would; never crash the run.
    if (res instanceof http.ServerResponse) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`bad gateway: ${err.message}`);
    } else {
      res.destroy();
    }
  });

  const server = http.createServer((req, res) => {
    const copy = nextRequest++ % targets.length;
    proxy.web(req, res, { target: targets[copy] });
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    track(socket);
    const copy = nextUpgrade++ % targets.length;
    upgrades.push({ copy, url: req.url ?? '' });
    proxy.ws(req, socket, head, { target: targets[copy] });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;

  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    upgrades,
    async close() {
      // Open WebSockets would keep server.close() waiting for ever.
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
      agent.destroy();
    },
  };
}
