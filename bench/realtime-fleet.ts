/**
 * The realtime bench's socket clients, spread over child processes (realtime-clients.ts) so the
 * client side is not what limits 10,000 sockets, and so none of its memory is the server's.
 */
import type { ClientMember } from './realtime-model.js';
import { spawnRole, type RoleProcess } from './realtime-child.js';

interface Connected {
  connected: number;
  failed: number;
  errors: string[];
  ms: number;
}

interface Taken {
  latencies: number[];
  /** Sockets the server closed since the last count. */
  dropped: number;
  open: number;
}

export interface Fleet {
  /** Member i goes to process i mod n; each process keeps `concurrency` handshakes in flight. */
  connect(url: string, members: ClientMember[], concurrency: number): Promise<Connected>;
  /** The delivery latencies (ms) every process noted since the last call. */
  take(): Promise<Taken>;
  /** Closes every socket; the processes stay for the next `connect`. */
  disconnect(): Promise<void>;
  close(): Promise<void>;
}

export async function startFleet(processes: number): Promise<Fleet> {
  const children: RoleProcess[] = Array.from({ length: processes }, () =>
    spawnRole('--clients', {}),
  );
  const all = <A>(f: (c: RoleProcess, i: number) => Promise<A>) => Promise.all(children.map(f));
  return {
    async connect(url, members, concurrency) {
      const answers = await all((c, i) =>
        c.ask<Connected & { id: number }>({
          type: 'connect',
          url,
          members: members.filter((_, j) => j % processes === i),
          concurrency,
        }),
      );
      return {
        connected: answers.reduce((n, a) => n + a.connected, 0),
        failed: answers.reduce((n, a) => n + a.failed, 0),
        errors: [...new Set(answers.flatMap((a) => a.errors))],
        ms: Math.max(...answers.map((a) => a.ms)),
      };
    },
    async take() {
      const answers = await all((c) => c.ask<Taken & { id: number }>({ type: 'latencies' }));
      return {
        latencies: answers.flatMap((a) => a.latencies),
        dropped: answers.reduce((n, a) => n + a.dropped, 0),
        open: answers.reduce((n, a) => n + a.open, 0),
      };
    },
    async disconnect() {
      await all((c) => c.ask({ type: 'disconnect' }));
    },
    async close() {
      await all((c) => c.ask({ type: 'disconnect' }).catch(() => undefined));
      await all((c) => c.stop(5_000));
    },
  };
}
