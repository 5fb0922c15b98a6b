/**
 * One autocannon run in its own process, so the load generator does not share the server's
 * event loop or memory; the server's RSS is sampled meanwhile, and the CPU time this process
 * (the server's) spent per answered request is measured: unlike requests/s, it hardly moves
 * when other work shares the machine. With `tokens`, each request is sent as the next of those
 * members in turn (paced.ts's process, as fast as it can), instead of all as one member.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { paced } from './paced.js';

const run = promisify(execFile);
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface LoadOptions {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  seconds: number;
  connections: number;
  /** Bearer tokens of the members sending, one request each in turn (GET or POST). */
  tokens?: string[];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** Connection errors, time-outs and answers other than 2xx. */
  failures: number;
  peakRssMb: number;
  /** CPU time (user + system) of this process per request, in microseconds. */
  cpuUsPerRequest: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** The members' load: paced.ts's process, unpaced, one instance, the tokens in turn. */
async function manyMembers(opts: LoadOptions, tokens: string[]): Promise<AutocannonJson> {
  const url = new URL(opts.url);
  const method = opts.method === 'POST' ? 'POST' : 'GET';
  const r = await paced({
    origin: url.origin,
    requests: tokens.map((token) => ({
      method,
      path: url.pathname + url.search,
      token,
      headers: opts.headers,
      body: opts.body,
    })),
    seconds: opts.seconds,
    connections: opts.connections,
    rate: 0,
    instances: 1,
  });
  return {
    requests: { average: r.requestsPerSecond, total: r.total },
    latency: { p50: r.p50, p99: r.p99 },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

async function autocannonCli(opts: LoadOptions): Promise<AutocannonJson> {
  const args = [
    AUTOCANNON,
    '--json',
    '-n',
    '-d',
    String(opts.seconds),
    '-c',
    String(opts.connections),
  ];
  args.push('-m', opts.method);
  for (const [k, v] of Object.entries(opts.headers)) args.push('-H', `${k}=${v}`);
  if (opts.body !== undefined) args.push('-b', opts.body);
  args.push(opts.url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return parse(stdout);
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  let peak = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const r = opts.tokens?.length
      ? await manyMembers(opts, opts.tokens)
      : await autocannonCli(opts);
    const cpu = process.cpuUsage(cpuBefore);
    return {
      requestsPerSecond: r.requests.average,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      total: r.requests.total,
      failures: r.errors + r.timeouts + r.non2xx,
      peakRssMb: peak / 1024 / 1024,
      cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, r.requests.total),
    };
  } finally {
    clearInterval(sampler);
  }
}

function parse(stdout: string): AutocannonJson {
  const data: unknown = JSON.parse(stdout);
  const num = (v: unknown, at: string): number => {
    if (typeof v !== 'number') throw new Error(`autocannon output: ${at} is not a number`);
    return v;
  };
  const field = (v: unknown, key: string): unknown =>
    typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  const requests = field(data, 'requests');
  const latency = field(data, 'latency');
  return {
    requests: {
      average: num(field(requests, 'average'), 'requests.average'),
      total: num(field(requests, 'total'), 'requests.total'),
    },
    latency: {
      p50: num(field(latency, 'p50'), 'latency.p50'),
      p99: num(field(latency, 'p99'), 'latency.p99'),
    },
    errors: num(field(data, 'errors'), 'errors'),
    timeouts: num(field(data, 'timeouts'), 'timeouts'),
    non2xx: num(field(data, 'non2xx'), 'non2xx'),
  };
}
