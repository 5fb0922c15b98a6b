/**
 * The feed benchmark's measured scenarios: GET /api/announcements?page=1..N newest first and
 * nearest first, anonymous, each paced, in bursts and at maximum throughput after a warm-up, plus
 * a signed-in paced run where every page counts views; then the target "p99 under 50 ms".
 */
import os from 'node:os';
import { FEED_PER_PAGE, roundPosition } from '@app/shared';
import { CITIES } from './feed-seed.js';
import {
  ACCEPT_ENCODING,
  PACED_INSTANCES,
  WARMUP_SECONDS,
  errorsOf,
  f1,
  loadAvg,
  paced as load,
  table,
  targetCheck,
  type PacedResult as LoadResult,
  type PreparedRequest,
} from './paced.js';

const TARGET_P99_MS = 50;

const { header: HEADER, row } = table(44);

/** Each session (none: anonymous) reads every path in turn, then the next session. */
const requestsOf = (paths: string[], tokens: string[]): PreparedRequest[] =>
  (tokens.length > 0 ? tokens : [undefined]).flatMap((token) =>
    paths.map((p) => ({ method: 'GET' as const, path: p, ...(token ? { token } : {}) })),
  );

/** Pages 1..`pages` newest first, and nearest first from each city in turn. */
export function feedPaths(pages: number) {
  const newestPaths = Array.from({ length: pages }, (_, i) => `/api/announcements?page=${i + 1}`);
  const nearestPaths = CITIES.flatMap((city) => {
    const p = roundPosition(city);
    return newestPaths.map((q) => `${q}&user_lat=${p.lat}&user_lng=${p.lng}`);
  });
  return { newestPaths, nearestPaths };
}

/** The answers are what the screens expect, before measuring anything. */
export async function checkPages(origin: string, paths: (string | undefined)[]): Promise<void> {
  for (const p of paths) {
    const res = await fetch(`${origin}${p}`);
    const body = (await res.json()) as { data?: unknown[]; pagination?: { has_more?: boolean } };
    if (res.status !== 200 || body.data?.length !== FEED_PER_PAGE || !body.pagination?.has_more) {
      throw new Error(
        `${p}: unexpected answer ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
  }
}

export interface FeedLoad {
  origin: string;
  pages: number;
  seconds: number;
  rate: number;
  connections: number;
  /** Sessions of members, for the signed-in run. */
  tokens: string[];
  newestPaths: string[];
  nearestPaths: string[];
}

type Mode = { label: string; rate: number; instances: number; connections: number };
type Run = { name: string; paths: string[]; tokens: string[]; warmupTokens: string[]; mode: Mode };

function runsOf(p: FeedLoad, paced: number): Run[] {
  const { rate, connections, newestPaths, nearestPaths } = p;
  // Signed in: each viewer reads pages 1..50 in turn, so most pages count new views; the
  // warm-ups use other viewers, leaving the measured run's views to count.
  const half = p.tokens.length / 2;
  const signedIn = { tokens: p.tokens.slice(0, half), warmupTokens: p.tokens.slice(half) };
  const anonymous = { tokens: [], warmupTokens: [] };
  const modes = {
    paced: { label: `${rate} req/s paced`, rate, instances: paced, connections: 1 },
    burst: { label: `${rate} req/s burst`, rate, instances: 1, connections },
    max: { label: 'max throughput', rate: 0, instances: 1, connections },
  };
  return [
    { name: 'newest first', paths: newestPaths, ...anonymous, mode: modes.paced },
    { name: 'newest first', paths: newestPaths, ...anonymous, mode: modes.burst },
    { name: 'newest first', paths: newestPaths, ...anonymous, mode: modes.max },
    { name: 'nearest first', paths: nearestPaths, ...anonymous, mode: modes.paced },
    { name: 'nearest first', paths: nearestPaths, ...anonymous, mode: modes.burst },
    { name: 'nearest first', paths: nearestPaths, ...anonymous, mode: modes.max },
    { name: 'newest, signed in (views)', paths: newestPaths, ...signedIn, mode: modes.paced },
  ];
}

function describeRuns({ pages, seconds, rate, connections }: FeedLoad, paced: number): void {
  console.log(
    `\nGET /api/announcements?page=1..${pages} (nearest first: user_lat/user_lng of ` +
      `${CITIES.map((c) => c.name).join(' and ')} in turn), ${seconds} s per run after a ` +
      `${WARMUP_SECONDS} s warm-up, accept-encoding: ${ACCEPT_ENCODING}.\n` +
      `  paced: ${paced} autocannon instances x 1 connection x overallRate ${rate / paced}, ` +
      `started ${(1000 / paced).toFixed(0)} ms apart\n` +
      `  burst: 1 autocannon instance, ${connections} connections, overallRate ${rate} ` +
      `(each second's requests sent at once)\n` +
      `  max:   1 autocannon instance, ${connections} connections, no rate limit`,
  );
}

export interface RunResult {
  name: string;
  rate: number;
  r: LoadResult;
}

/** Every run after its warm-up, one table row each. */
export async function runFeedLoads(p: FeedLoad): Promise<RunResult[]> {
  const paced = Math.max(1, Math.min(PACED_INSTANCES, p.rate));
  describeRuns(p, paced);
  console.log(HEADER);
  const results: RunResult[] = [];
  for (const run of runsOf(p, paced)) {
    await load({
      origin: p.origin,
      requests: requestsOf(run.paths, run.warmupTokens),
      seconds: WARMUP_SECONDS,
      rate: 0,
      instances: 1,
      connections: p.connections,
    });
    const load1m = os.loadavg()[0] ?? 0;
    const r = await load({
      origin: p.origin,
      requests: requestsOf(run.paths, run.tokens),
      instances: run.mode.instances,
      seconds: p.seconds,
      rate: run.mode.rate,
      connections: run.mode.connections,
    });
    const name = `${run.name}, ${run.mode.label}`;
    console.log(row(name, r, load1m));
    results.push({ name, rate: run.mode.rate, r });
  }
  return results;
}

/** The target, met or not, for each run at a fixed rate; true when any run had errors. */
export function reportTarget(results: RunResult[], rate: number): boolean {
  console.log(`\nTarget: p99 under ${TARGET_P99_MS} ms at ${rate} requests/s, no errors`);
  for (const { name, rate: runRate, r } of results) {
    if (runRate === 0) continue;
    const { errors, kept, met } = targetCheck(r, runRate, TARGET_P99_MS);
    console.log(
      `  ${name.padEnd(44)} ${met ? 'MET    ' : 'NOT MET'} (p99 ${f1(r.p99)} ms, ` +
        `${r.requestsPerSecond.toFixed(0)} req/s${kept ? '' : ' below the rate'}, ${errors} errors)`,
    );
  }
  console.log(`Load average at the end: ${loadAvg()} (1/5/15 min)`);
  return results.some(({ r }) => errorsOf(r) > 0);
}
