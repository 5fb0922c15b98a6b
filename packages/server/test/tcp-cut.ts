/**
 * A small TCP relay the test can cut: the copies reach the shared Redis through it, so a test
 * makes Redis unreachable for them (live connections dropped, new ones refused) without
 * stopping the Redis server other tests use, then lets it through again.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpCut {
  /** The relay's own address, to give the copies instead of the target's. */
  url: string;
  /** Drops every live connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A relay to the host and port of `targetUrl` (redis://host:port), on a free local port. */
export async function startTcpCut(targetUrl: string): Promise<TcpCut> {
  const target = new URL(targetUrl);
  const live = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((inbound) => {
    if (!open) return inbound.destroy();
    const outbound = net.connect(Number(target.port || 6379), target.hostname);
    live.add(inbound).add(outbound);
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
      live.delete(inbound);
      live.delete(outbound);
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      open = false;
      for (const s of live) s.destroy();
      live.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        open = false;
        for (const s of live) s.destroy();
        server.close(() => resolve());
      }),
  };
}
