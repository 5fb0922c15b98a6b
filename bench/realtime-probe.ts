/**
 * Inside the realtime bench's server process (`bench/realtime.ts --serve`, run with
 * --expose-gc): answers the bench's questions over IPC — wait until the event loop is idle,
 * then the memory after full garbage collections — and starts the real server entry,
 * packages/server/src/main.ts, as production does. Nothing here is part of the server.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { answerRequests, type Request } from './realtime-child.js';

export interface MemoryReading {
  /** Resident set size, bytes (what the budget counts). */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory of C++ objects tied to JavaScript ones (buffers included), bytes. */
  external: number;
  /** How long the wait for an idle event loop took, ms. */
  settledMs: number;
}

/** The event loop busy less than `idleShare` of a 500 ms window, or `maxMs` gone by. */
async function settle(idleShare: number, maxMs: number) {
  const start = Date.now();
  let last = performance.eventLoopUtilization();
  while (Date.now() - start < maxMs) {
    await sleep(500);
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (busy < idleShare) break;
  }
  return Date.now() - start;
}

async function fullGc() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the server process needs --expose-gc');
  // Several passes with turns of the loop between: what finalizers free goes on a later pass.
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(50);
  }
}

async function reading(): Promise<MemoryReading> {
  const settledMs = await settle(0.02, 20_000);
  await fullGc();
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    settledMs,
  };
}

export async function serveWithProbe() {
  answerRequests(async (request: Request) => {
    if (request.type === 'memory') return reading();
    throw new Error(`unknown request ${request.type}`);
  });
  await import('../packages/server/src/main.js');
}
