/**
 * The budgets of `npm run bench`, checked against figures of the same run: a target's
 * requests/s as a share of the bare Fastify route's (the machine's speed cancels out), and its
 * p99 while a fixed rate is sent at a steady pace (paced.ts: autocannon instances started in
 * turn, one connection each).
 */
import type { LoadResult } from './load.js';
import { PACED_INSTANCES, WARMUP_SECONDS, errorsOf, f1, paced } from './paced.js';
import { BARE_TARGET, type Target } from './targets.js';

/** What a budget check needs of a prepared target: where to send what. */
interface Sendable {
  origin: string;
  path: string;
  headers: Record<string, string>;
}

interface BudgetLine {
  label: string;
  figure: string;
  budget: string;
  within: boolean;
  /** Errors seen while measuring (a paced run's failed or non-2xx answers). */
  errors: number;
}

function shareOfBare(target: Target, min: number, results: Map<string, LoadResult>): BudgetLine {
  const own = results.get(target.name)?.requestsPerSecond ?? Number.NaN;
  const bare = results.get(BARE_TARGET)?.requestsPerSecond ?? Number.NaN;
  const share = own / bare;
  // The same share from the server's CPU time per request: steadier on a busy machine.
  const cpuShare =
    (results.get(BARE_TARGET)?.cpuUsPerRequest ?? Number.NaN) /
    (results.get(target.name)?.cpuUsPerRequest ?? Number.NaN);
  return {
    label: `${target.name}: req/s / ${BARE_TARGET} req/s`,
    figure:
      `${f1(share * 100)} % (${own.toFixed(0)} / ${bare.toFixed(0)}; ` +
      `by server CPU per request ${f1(cpuShare * 100)} %)`,
    budget: `≥ ${min * 100} %`,
    within: share >= min,
    errors: 0,
  };
}

async function pacedP99(
  target: Target,
  budget: { rate: number; maxP99Ms: number },
  p: Sendable,
  seconds: number,
): Promise<BudgetLine> {
  const job = {
    origin: p.origin,
    requests: [{ method: 'GET' as const, path: p.path, headers: p.headers }],
    connections: 1,
    rate: budget.rate,
    instances: PACED_INSTANCES,
  };
  if (target.method !== 'GET') throw new Error(`${target.name}: paced budgets send GET only`);
  await paced({ ...job, seconds: WARMUP_SECONDS });
  const r = await paced({ ...job, seconds });
  const errors = errorsOf(r);
  const kept = r.requestsPerSecond >= budget.rate * 0.95;
  return {
    label: `${target.name}: p99 at ${budget.rate} req/s paced`,
    figure: `${f1(r.p99)} ms (p50 ${f1(r.p50)}, ${r.requestsPerSecond.toFixed(0)} req/s kept)`,
    budget: `≤ ${budget.maxP99Ms} ms`,
    within: r.p99 <= budget.maxP99Ms && errors === 0 && kept,
    errors,
  };
}

/** Every budget of the targets that ran, measured now for the paced ones. */
export async function checkBudgets(
  ran: Target[],
  results: Map<string, LoadResult>,
  sendable: Map<string, Sendable>,
  seconds: number,
): Promise<BudgetLine[]> {
  const lines: BudgetLine[] = [];
  for (const target of ran) {
    const { minShareOfBare, paced: rate } = target.budget ?? {};
    if (minShareOfBare !== undefined) lines.push(shareOfBare(target, minShareOfBare, results));
    const p = sendable.get(target.name);
    if (rate && p) lines.push(await pacedP99(target, rate, p, seconds));
  }
  return lines;
}

export function printBudgets(lines: BudgetLine[]) {
  if (!lines.length) return;
  console.log('\nBudgets');
  const width = Math.max(...lines.map((l) => l.label.length));
  const figureWidth = Math.max(...lines.map((l) => l.figure.length));
  for (const l of lines) {
    const verdict = l.within ? 'within' : l.errors > 0 ? `OVER (${l.errors} errors)` : 'OVER';
    console.log(
      [
        l.label.padEnd(width),
        l.figure.padEnd(figureWidth),
        `budget ${l.budget}`.padEnd(18),
        verdict,
      ].join('  '),
    );
  }
}
