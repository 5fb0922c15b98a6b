/**
 * Paced HTTP load for the benchmarks that hold a rate (feed, nearby): autocannon instances in a
 * child process, each latency of a 2xx answer recorded, percentiles computed over all of them.
 * The job travels through a file because a thousand sessions make a long command line.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** What Chromium sends: answers are compressed, as members receive them. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';
export const WARMUP_SECONDS = 3;
/** Autocannon instances sharing a paced rate (at most one per request per second). */
export const PACED_INSTANCES = 20;

export interface PreparedRequest {
  method: 'GET' | 'POST';
  path: string;
  /** Bearer token of the session sending it, if any. */
  token?: string;
  /** Other headers to send with it. */
  headers?: Record<string, string>;
  /** JSON body, already serialised: the load process should spend its time sending. */
  body?: string;
}

export interface PacedJob {
  origin: string;
  /** Sent in turn, one per request, cycling. */
  requests: PreparedRequest[];
  seconds: number;
  /** Connections of each autocannon instance. */
  connections: number;
  /** Requests per second over all instances (autocannon overallRate); 0: as fast as possible. */
  rate: number;
  /** Autocannon instances started 1000 / instances ms apart, each with rate / instances. */
  instances: number;
}

export interface PacedResult {
  requestsPerSecond: number;
  total: number;
  durationS: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  tooMany: number;
  statuses: Record<string, number>;
  p50: number;
  p975: number;
  p99: number;
  max: number;
}

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface AutocannonInstance {
  on(
    event: 'response',
    fn: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
  ): void;
  then(onDone: (r: AutocannonResult) => void, onError: (err: unknown) => void): void;
}

type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  ignoreCoordinatedOmission?: boolean;
  headers: Record<string, string>;
  requests: { setupRequest: (req: AutocannonRequest) => AutocannonRequest }[];
}) => AutocannonInstance;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** Runs the job in this process (the child's side). */
async function runPaced(job: PacedJob): Promise<PacedResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  let n = 0;
  const setupRequest = (req: AutocannonRequest): AutocannonRequest => {
    const p = job.requests[n++ % job.requests.length];
    if (!p) return req;
    const headers: Record<string, string> = { ...req.headers, ...p.headers };
    if (p.token) headers.authorization = `Bearer ${p.token}`;
    if (p.body !== undefined) headers['content-type'] = 'application/json';
    return { ...req, method: p.method, path: p.path, headers, body: p.body };
  };
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const one = async (rate: number): Promise<AutocannonResult> => {
    const instance = autocannon({
      url: job.origin,
      connections: job.connections,
      duration: job.seconds,
      ...(rate > 0 ? { overallRate: rate, ignoreCoordinatedOmission: true } : {}),
      headers: { 'accept-encoding': ACCEPT_ENCODING },
      requests: [{ setupRequest }],
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 200 && status < 300) latencies.push(ms);
    });
    return new Promise<AutocannonResult>((resolve, reject) => instance.then(resolve, reject));
  };
  // Several instances, each sending its share of the rate, started at even intervals within the
  // first second: their per-second bursts take turns instead of arriving together.
  const results = await Promise.all(
    Array.from({ length: job.instances }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * 1000) / job.instances));
      return one(job.rate / job.instances);
    }),
  );
  const sum = (pick: (r: AutocannonResult) => number) =>
    results.reduce((acc, r) => acc + pick(r), 0);
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: sum((r) => r.requests.average),
    total: sum((r) => r.requests.total),
    durationS: Math.max(...results.map((r) => r.duration)),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    tooMany: statuses[429] ?? 0,
    statuses,
    p50: percentile(sorted, 50),
    p975: percentile(sorted, 97.5),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

const execFileP = promisify(execFile);

/** One load in a child process, so the load generator does not share the server's event loop. */
export async function paced(job: PacedJob): Promise<PacedResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-bench-job-'));
  const file = path.join(dir, 'job.json');
  fs.writeFileSync(file, JSON.stringify(job));
  try {
    const { stdout } = await execFileP(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, file],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const parsed: unknown = JSON.parse(stdout);
    if (!isPacedResult(parsed)) throw new Error(`load process: unexpected output ${stdout}`);
    return parsed;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function isPacedResult(v: unknown): v is PacedResult {
  if (typeof v !== 'object' || v === null) return false;
  const keys = ['requestsPerSecond', 'total', 'errors', 'timeouts', 'non2xx', 'tooMany', 'p99'];
  return keys.every((k) => typeof (v as Record<string, unknown>)[k] === 'number');
}

// --- reporting -------------------------------------------------------------------------------

export const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

export const loadAvg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');

/** A run's errors: connection errors, time-outs and answers other than 2xx. */
export const errorsOf = (r: PacedResult) => r.errors + r.timeouts + r.non2xx;

/**
 * Whether a run at a fixed `rate` met its target: p99 under `p99Ms`, no errors, and the rate
 * kept (at least 95 % of it answered per second).
 */
export function targetCheck(r: PacedResult, rate: number, p99Ms: number) {
  const errors = errorsOf(r);
  const kept = r.requestsPerSecond >= rate * 0.95;
  return { errors, kept, met: r.p99 < p99Ms && errors === 0 && kept };
}

/** The table's header and rows; `nameWidth` fits the longest run name. */
export function table(nameWidth: number) {
  const header = [
    'run'.padEnd(nameWidth),
    'req/s'.padStart(7),
    'p50 ms'.padStart(7),
    'p97.5 ms'.padStart(9),
    'p99 ms'.padStart(7),
    'max ms'.padStart(7),
    'requests'.padStart(9),
    'errors'.padStart(7),
    '429'.padStart(5),
    'load 1m'.padStart(8),
  ].join(' ');
  const row = (name: string, r: PacedResult, load1m: number) =>
    [
      name.padEnd(nameWidth),
      r.requestsPerSecond.toFixed(0).padStart(7),
      f1(r.p50).padStart(7),
      f1(r.p975).padStart(9),
      f1(r.p99).padStart(7),
      f1(r.max).padStart(7),
      String(r.total).padStart(9),
      String(errorsOf(r)).padStart(7),
      String(r.tooMany).padStart(5),
      load1m.toFixed(2).padStart(8),
    ].join(' ');
  return { header, row };
}

// The child process: `node --import tsx bench/paced.ts <job file>` prints the result as JSON.
if (process.argv[1] === import.meta.filename) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: paced.ts <job file>');
  const job = JSON.parse(fs.readFileSync(file, 'utf8')) as PacedJob;
  process.stdout.write(JSON.stringify(await runPaced(job)));
}
