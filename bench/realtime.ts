/**
 * `npm run bench:realtime [-- --runs 3 --idle 2000 --sockets 10000 --processes 4 --rates 50,200
 * --seconds 20 --only memory|delivery --redis URL --profile DIR]`: the realtime budgets, measured
 * on the real server (packages/server/src/main.ts in a child process, production configuration,
 * its log at info to /dev/null) on a fresh PostgreSQL database next to BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), dropped at the end; with `--redis URL`, on
 * the Redis adapter a multi-copy deployment runs; with `--profile DIR`, the server writes a V8
 * CPU profile there when it stops.
 *
 * 1. Memory per idle authenticated socket: for each run a fresh server, 200 warm-up sockets
 *    connected and closed (code loaded, caches filled), then `--idle` members connected in the
 *    same order every run; the server's RSS after − before, divided by the sockets (its heap's
 *    growth beside it). Each reading waits for the server's event loop to go idle and follows
 *    full garbage collections (realtime-probe.ts). Budget: median of the runs ≤ 20 KB
 *    (1 KB = 1,024 bytes).
 * 2. `--sockets` members connected to one server copy from `--processes` client processes
 *    (realtime-clients.ts); the server's memory and its CPU with every socket quiet; then pairs of
 *    them write to each other through the API (realtime-send.ts) at each of `--rates`
 *    messages/s for `--seconds`, after 3 s of warm-up: the time from a POST leaving to the
 *    recipient's socket receiving its `message.sent`. 50/s: each of 10,000 connected members
 *    writing about once every three minutes; 200/s: four times that. Beside it, the database
 *    round trips each message costs (the server's db_round_trips), the CPU each message costs
 *    the server and PostgreSQL, the server's longest event-loop delay and the most queries
 *    waiting for its database pool (its /metrics, read every 5 s), and the machine's load.
 *    Budgets (issue 31): p99 ≤ 100 ms at each rate, every message delivered, every socket
 *    connected and kept; ≤ 5 round trips, ≤ 2 ms of server CPU and ≤ 2 ms of PostgreSQL CPU
 *    per message.
 *
 * Figures, not a pass/fail test: it exits non-zero only when something failed outright.
 * The same file is the bench's child processes: `--serve` (the server with its memory probe) and
 * `--clients` (a process of socket clients).
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { freshPostgres, settingsOf, type FreshDatabase } from './bench-app.js';
import { printBudgets } from './budgets.js';
import { f1, loadAvg } from './paced.js';
import { startFleet } from './realtime-fleet.js';
import type { MemoryReading } from './realtime-probe.js';
import { percentile, sendPaced } from './realtime-send.js';
import { seedMembers } from './realtime-seed.js';
import { databaseCpuMs, startBenchServer } from './realtime-server.js';
import type { BenchPair, ClientMember } from './realtime-model.js';

const SOCKET_BUDGET_KB = 20;
const DELIVERY_P99_BUDGET_MS = 100;
/** A text sent in an open chat: at most this many database round trips (issue 31). */
const ROUND_TRIPS_BUDGET = 5;
/** CPU per message, the server's and PostgreSQL's each. */
const CPU_PER_MESSAGE_BUDGET_MS = 2;
const WARMUP_SOCKETS = 200;
const WARMUP_SECONDS = 3;
/** How long the server's CPU is watched with every socket connected and quiet. */
const IDLE_CPU_SECONDS = 5;
/** Handshakes each client process keeps in flight while connecting. */
const CONCURRENCY = 50;
const KB = 1024;
const MB = 1024 * 1024;

interface Context {
  fresh: FreshDatabase;
  members: ClientMember[];
  pairs: BenchPair[];
  redis?: { url: string; prefix: string };
  profileDir?: string;
}

const serverOf = (ctx: Context) =>
  startBenchServer({
    databaseUrl: ctx.fresh.url,
    dataDir: ctx.fresh.dataDir,
    redis: ctx.redis,
    profileDir: ctx.profileDir,
  });

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const median = (values: number[]) => percentile(values, 50);

interface IdleRun {
  before: MemoryReading;
  after: MemoryReading;
  rssKb: number;
  heapKb: number;
  externalKb: number;
  connectMs: number;
}

/** One run of the idle-socket measurement on a fresh server. */
async function idleRun(ctx: Context, count: number): Promise<IdleRun> {
  const server = await serverOf(ctx);
  const fleet = await startFleet(1);
  try {
    const warm = ctx.members.slice(count, count + WARMUP_SOCKETS);
    await fleet.connect(server.url, warm, CONCURRENCY);
    await fleet.disconnect();
    await sleep(4_000); // the server's presence check 3 s after a member's last socket closed
    const before = await server.memory();
    const connected = await fleet.connect(server.url, ctx.members.slice(0, count), CONCURRENCY);
    if (connected.failed)
      throw new Error(`${connected.failed} sockets refused: ${connected.errors.join('; ')}`);
    const after = await server.memory();
    const per = (key: 'rss' | 'heapUsed' | 'external') => (after[key] - before[key]) / count / KB;
    return {
      before,
      after,
      rssKb: per('rss'),
      heapKb: per('heapUsed'),
      externalKb: per('external'),
      connectMs: connected.ms,
    };
  } finally {
    await fleet.close();
    await server.stop();
  }
}

async function idleBudget(ctx: Context, runs: number, count: number) {
  console.log(
    `\n1. Memory per idle authenticated socket: ${runs} runs of ${count} sockets, a fresh server ` +
      `each, after ${WARMUP_SOCKETS} warm-up sockets (readings after an idle event loop and full GC)`,
  );
  const header = ['run', 'RSS before MB', 'RSS after MB', 'RSS KB/socket', 'heap KB/socket'];
  header.push('external KB/socket', 'connect s');
  const row = (cells: string[]) =>
    cells.map((c, i) => (i ? c.padStart((header[i]?.length ?? 0) + 2) : c.padEnd(6))).join('');
  console.log(row(header));
  const results: IdleRun[] = [];
  for (let run = 1; run <= runs; run++) {
    const r = await idleRun(ctx, count);
    results.push(r);
    const cells = [String(run), mb(r.before.rss), mb(r.after.rss), f1(r.rssKb), f1(r.heapKb)];
    console.log(row([...cells, f1(r.externalKb), (r.connectMs / 1000).toFixed(1)]));
  }
  const medianOf = (key: 'rssKb' | 'heapKb' | 'externalKb') => median(results.map((r) => r[key]));
  const rss = medianOf('rssKb');
  console.log(row(['median', '', '', f1(rss), f1(medianOf('heapKb')), f1(medianOf('externalKb'))]));
  return {
    label: `idle socket memory, median of ${runs} × ${count}`,
    figure: `${f1(rss)} KB (runs ${results.map((r) => f1(r.rssKb)).join(', ')})`,
    budget: `≤ ${SOCKET_BUDGET_KB} KB`,
    within: rss <= SOCKET_BUDGET_KB,
    errors: 0,
  };
}

/** One rate's figures on the connected server (its warm-up first, then the measured run). */
async function deliveryAt(
  ctx: Context,
  server: Awaited<ReturnType<typeof serverOf>>,
  fleet: Awaited<ReturnType<typeof startFleet>>,
  o: { pairs: BenchPair[]; rate: number; seconds: number; offset: number },
) {
  const { rate, seconds } = o;
  const common = { url: server.url, pairs: o.pairs, rate };
  await sendPaced({ ...common, seconds: WARMUP_SECONDS, offset: o.offset });
  await sleep(1_000);
  await fleet.take();
  const cpuBefore = [server.cpuMs(), databaseCpuMs(ctx.fresh.dbName)];
  const watching = server.watch();
  const sent = await sendPaced({ ...common, seconds, offset: o.offset + rate * WARMUP_SECONDS });
  const watched = await watching.stop();
  const cpuMs = server.cpuMs() - (cpuBefore[0] ?? 0);
  const dbCpuMs = databaseCpuMs(ctx.fresh.dbName) - (cpuBefore[1] ?? 0);
  const load = loadAvg();
  await sleep(3_000); // the last messages on their way
  const taken = await fleet.take();
  const at = await server.memory();

  const lat = taken.latencies;
  const lost = sent.ok - lat.length;
  const failures = [...sent.failures].map(([why, n]) => `${n} × ${why}`).join(', ');
  const [p50, p90, p99] = [50, 90, 99].map((p) => percentile(lat, p)) as [number, number, number];
  const perMessage = {
    roundTrips: watched.roundTrips / sent.sent,
    serverMs: cpuMs / sent.sent,
    dbMs: dbCpuMs / sent.sent,
  };
  console.log(
    `\n${rate} messages/s for ${seconds} s: sent ${sent.sent} (${sent.ok} accepted` +
      `${failures ? `; ${failures}` : ''}), delivered ${lat.length}, lost ${lost}; sockets ` +
      `dropped by the server ${taken.dropped}, open ${taken.open}`,
  );
  console.log(
    `delivery ms: p50 ${f1(p50)}, p90 ${f1(p90)}, p99 ${f1(p99)}, max ${f1(Math.max(...lat))}; ` +
      `POST answered ms: p50 ${f1(percentile(sent.answerMs, 50))}, ` +
      `p99 ${f1(percentile(sent.answerMs, 99))}; sender lag max ${f1(sent.maxLagMs)} ms`,
  );
  console.log(
    `per message: ${f1(perMessage.roundTrips)} database round trips (budget ≤ ` +
      `${ROUND_TRIPS_BUDGET}), server CPU ${f1(perMessage.serverMs)} ms (budget ≤ ` +
      `${CPU_PER_MESSAGE_BUDGET_MS}; ${f1(cpuMs / seconds / 10)} % of a core), PostgreSQL CPU ` +
      `${f1(perMessage.dbMs)} ms (budget ≤ ${CPU_PER_MESSAGE_BUDGET_MS}; ` +
      `${f1(dbCpuMs / seconds / 10)} %)`,
  );
  console.log(
    `server: event-loop delay max ${f1(watched.loopDelayMaxMs)} ms, up to ` +
      `${watched.poolWaitingMax} queries waiting for the pool, RSS after ${mb(at.rss)} MB; ` +
      `load average ${load} (1/5/15 min, ${os.cpus().length} CPUs)`,
  );
  const errors = sent.sent - sent.ok + Math.max(0, lost) + taken.dropped;
  const label = (what: string) => `${what}, ${rate}/s`;
  return [
    {
      label: label(`message delivery p99, ${taken.open} sockets on one copy`),
      figure: `${f1(p99)} ms (p50 ${f1(p50)}, p90 ${f1(p90)}; load ${load})`,
      budget: `≤ ${DELIVERY_P99_BUDGET_MS} ms`,
      within: p99 <= DELIVERY_P99_BUDGET_MS && errors === 0,
      errors,
    },
    {
      label: label('database round trips per message'),
      figure: f1(perMessage.roundTrips),
      budget: `≤ ${ROUND_TRIPS_BUDGET}`,
      within: perMessage.roundTrips <= ROUND_TRIPS_BUDGET,
      errors: 0,
    },
    {
      label: label('server CPU per message'),
      figure: `${f1(perMessage.serverMs)} ms`,
      budget: `≤ ${CPU_PER_MESSAGE_BUDGET_MS} ms`,
      within: perMessage.serverMs <= CPU_PER_MESSAGE_BUDGET_MS,
      errors: 0,
    },
    {
      label: label('PostgreSQL CPU per message'),
      figure: `${f1(perMessage.dbMs)} ms`,
      budget: `≤ ${CPU_PER_MESSAGE_BUDGET_MS} ms`,
      within: perMessage.dbMs <= CPU_PER_MESSAGE_BUDGET_MS,
      errors: 0,
    },
  ];
}

async function deliveryBudget(
  ctx: Context,
  opts: { sockets: number; processes: number; rates: number[]; seconds: number },
) {
  const { sockets, processes, rates, seconds } = opts;
  console.log(
    `\n2. ${sockets} sockets on one server copy (clients in ${processes} processes), then messages ` +
      `between pairs of them at ${rates.join(' then ')}/s for ${seconds} s each`,
  );
  const server = await serverOf(ctx);
  const fleet = await startFleet(processes);
  try {
    const before = await server.memory();
    const connected = await fleet.connect(server.url, ctx.members.slice(0, sockets), CONCURRENCY);
    const at = await server.memory();
    const perSocket = (at.rss - before.rss) / connected.connected / KB;
    console.log(
      `connected ${connected.connected} in ${(connected.ms / 1000).toFixed(1)} s` +
        (connected.failed ? `, ${connected.failed} refused (${connected.errors.join('; ')})` : '') +
        `; server RSS ${mb(before.rss)} → ${mb(at.rss)} MB (${f1(perSocket)} KB/socket), ` +
        `heap ${mb(before.heapUsed)} → ${mb(at.heapUsed)} MB`,
    );

    await sleep(2_000); // the collector's background sweeping after the reading
    const idleCpu = server.cpuMs();
    await sleep(IDLE_CPU_SECONDS * 1000);
    const idleShare = (server.cpuMs() - idleCpu) / IDLE_CPU_SECONDS / 10;
    console.log(`server CPU with every socket connected and quiet: ${f1(idleShare)} % of a core`);

    const pairs = ctx.pairs.slice(0, Math.floor(connected.connected / 2));
    const lines = [];
    let offset = 0;
    for (const rate of rates) {
      const measured = await deliveryAt(ctx, server, fleet, { pairs, rate, seconds, offset });
      offset += rate * (WARMUP_SECONDS + seconds);
      const [first, ...rest] = measured;
      if (first) first.errors += connected.failed;
      lines.push(...(first ? [first] : []), ...rest);
    }
    return lines;
  } finally {
    await fleet.close();
    await server.stop();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      idle: { type: 'string', default: '2000' },
      sockets: { type: 'string', default: '10000' },
      processes: { type: 'string', default: '4' },
      rates: { type: 'string', default: '50,200' },
      seconds: { type: 'string', default: '20' },
      only: { type: 'string' },
      redis: { type: 'string' },
      profile: { type: 'string' },
    },
  });
  const [runs, idle, sockets, processes, seconds] = [
    values.runs,
    values.idle,
    values.sockets,
    values.processes,
    values.seconds,
  ].map(Number) as [number, number, number, number, number];
  const rates = values.rates.split(',').map(Number);

  const fresh = await freshPostgres('realtime');
  try {
    const { migrate } = await import('../packages/server/src/db/migrate.js');
    await migrate(fresh.db);
    const seeded = await seedMembers(fresh.db, Math.max(sockets, idle + WARMUP_SOCKETS));
    const settings = await settingsOf(fresh.db, ['server_version']);
    console.log(
      `Realtime benchmark: the server in production configuration (log at info to /dev/null` +
        `${values.redis ? ', Redis adapter' : ''}), PostgreSQL (${settings}), Node ` +
        `${process.version}, ${os.cpus().length} CPUs, load average ${loadAvg()} (1/5/15 min); ` +
        `${seeded.members.length} members with a session, paired in ${seeded.pairs.length} chats`,
    );
    const ctx: Context = {
      fresh,
      ...seeded,
      redis: values.redis
        ? { url: values.redis, prefix: `rtbench${Date.now().toString(36)}` }
        : undefined,
      profileDir: values.profile,
    };
    const lines = [];
    if (values.only !== 'delivery') lines.push(await idleBudget(ctx, runs, idle));
    if (values.only !== 'memory')
      lines.push(...(await deliveryBudget(ctx, { sockets, processes, rates, seconds })));
    printBudgets(lines);
    if (lines.some((l) => l.errors > 0)) process.exitCode = 1;
  } finally {
    await fresh.drop();
  }
}

const role = process.argv[2];
if (role === '--serve') await (await import('./realtime-probe.js')).serveWithProbe();
else if (role === '--clients') (await import('./realtime-clients.js')).runClientProcess();
else await main();
