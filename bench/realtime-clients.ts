/**
 * A process of the realtime bench's socket clients (`bench/realtime.ts --clients`): connects its
 * share of members as the web app does (Socket.IO over WebSocket only, `auth: { token }`), a few
 * at a time, and notes, for each `message.sent` event a member receives from the other member of
 * their chat, how long after its sending it arrived: the bench's messages carry the moment they
 * were posted (`process.hrtime`, the same monotonic clock in every process of the machine).
 */
import { REALTIME_EVENTS } from '@app/shared';
import { openSocketTracked } from '../packages/server/test/sockets.js';
import { answerRequests, type Request } from './realtime-child.js';
import { sentAtOf } from './realtime-send.js';
import type { ClientMember } from './realtime-model.js';

type ClientSocket = Awaited<ReturnType<typeof openSocketTracked>>;

/** Every socket opened, connected or refused. */
const opened: ClientSocket[] = [];
const sockets: ClientSocket[] = [];
let latencies: number[] = [];
let dropped = 0;
let closing = false;

async function open(url: string, member: ClientMember) {
  const socket = await openSocketTracked(opened, url, { token: member.token }, 'websocket');
  socket.on(REALTIME_EVENTS.messageSent, (message: { sender_id?: number; content?: string }) => {
    if (message.sender_id === member.id || typeof message.content !== 'string') return;
    const start = sentAtOf(message.content);
    if (start !== null) latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  });
  socket.on('disconnect', () => {
    if (!closing) dropped += 1;
  });
  return socket;
}

/** Connects every member, `concurrency` handshakes at a time, in the order given. */
async function connectAll(url: string, members: ClientMember[], concurrency: number) {
  const started = Date.now();
  let next = 0;
  let failed = 0;
  const errors = new Set<string>();
  async function lane() {
    while (next < members.length) {
      const member = members[next++];
      if (!member) break;
      try {
        sockets.push(await open(url, member));
      } catch (err) {
        failed += 1;
        errors.add(String(err));
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  return {
    connected: sockets.length,
    failed,
    errors: [...errors].slice(0, 3),
    ms: Date.now() - started,
  };
}

async function handle(request: Request): Promise<object> {
  const r = request as Request & Record<string, unknown>;
  switch (r.type) {
    case 'connect':
      return connectAll(r.url as string, r.members as ClientMember[], r.concurrency as number);
    case 'latencies': {
      const taken = { latencies, dropped, open: sockets.filter((s) => s.connected).length };
      latencies = [];
      return taken;
    }
    case 'disconnect':
      closing = true;
      sockets.length = 0;
      for (const s of opened.splice(0)) s.disconnect();
      closing = false;
      return {};
    default:
      throw new Error(`unknown request ${r.type}`);
  }
}

export function runClientProcess() {
  answerRequests(handle);
}
