/**
 * The realtime bench's chat traffic: members of the seeded pairs write to each other through the
 * API as the web app does (`POST /api/messages/text`, the session as a bearer token) at a steady
 * rate, open loop (each message leaves on its schedule whether or not the earlier ones were
 * answered), each pair's chat in turn, one way then the other. Every message's content is the
 * moment it left, which the recipient's client reads to time its delivery.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchPair } from './realtime-model.js';

/** A bench message's content: its sending time, in nanoseconds of `process.hrtime`. */
const benchContent = () => `rt:${process.hrtime.bigint()}`;

/** When a bench message left (hrtime nanoseconds), or null for any other content. */
export const sentAtOf = (content: string) =>
  content.startsWith('rt:') ? BigInt(content.slice(3)) : null;

export interface SendResult {
  sent: number;
  /** Answers 201. */
  ok: number;
  /** Answers other than 201 and failed requests, by status or error. */
  failures: Map<string, number>;
  /** How long each accepted POST took to be answered, ms. */
  answerMs: number[];
  /** The latest a message left after its scheduled time, ms (the sender falling behind). */
  maxLagMs: number;
}

export async function sendPaced(opts: {
  url: string;
  pairs: BenchPair[];
  rate: number;
  seconds: number;
  /** Where in the round of pairs to start (so a second run writes in other chats). */
  offset: number;
}): Promise<SendResult> {
  const { pairs, rate } = opts;
  const total = Math.round(rate * opts.seconds);
  const result: SendResult = { sent: 0, ok: 0, failures: new Map(), answerMs: [], maxLagMs: 0 };
  const fail = (why: string) => result.failures.set(why, (result.failures.get(why) ?? 0) + 1);

  async function post(n: number) {
    const pair = pairs[n % pairs.length];
    const sender = pair?.members[Math.floor(n / pairs.length) % 2];
    if (!pair || !sender) return;
    const started = performance.now();
    try {
      const res = await fetch(`${opts.url}/api/messages/text`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: pair.chatId, content: benchContent() }),
      });
      await res.arrayBuffer();
      if (res.status === 201) {
        result.ok += 1;
        result.answerMs.push(performance.now() - started);
      } else fail(`HTTP ${res.status}`);
    } catch (err) {
      fail(String(err));
    }
  }

  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    result.maxLagMs = Math.max(result.maxLagMs, performance.now() - due);
    result.sent += 1;
    inFlight.push(post(opts.offset + i));
  }
  await Promise.all(inFlight);
  return result;
}

/** The nearest-rank percentile `p` (0–100) of `values`, NaN when empty. */
export function percentile(values: number[], p: number) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}
