/**
 * The realtime bench's server: the real entry (packages/server/src/main.ts) in a child process of
 * its own, so that its memory holds none of the clients', with --expose-gc so the probe
 * (realtime-probe.ts) can collect garbage before each reading. Production configuration on the
 * bench's PostgreSQL database, the log at info to /dev/null as production writes it minus the
 * disk.
 */
import fs from 'node:fs';
import { freePort } from '../e2e/support/server-process.js';
import { benchEnv } from './bench-app.js';
import { spawnRole } from './realtime-child.js';
import type { MemoryReading } from './realtime-probe.js';

export interface BenchServer {
  url: string;
  pid: number;
  /** CPU time (user + system) the server used so far, ms. */
  cpuMs(): number;
  /** Reads the server's /metrics every 5 s until `stop`: the worst of what it saw. */
  watch(): { stop(): Promise<Watched> };
  /** After the event loop went idle and full garbage collections. */
  memory(): Promise<MemoryReading>;
  stop(): Promise<void>;
}

const TICKS_PER_S = 100; // USER_HZ, 100 on Linux

/** utime + stime of a process, from /proc/<pid>/stat (0 once it is gone). */
function cpuMsOf(pid: number | string) {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/**
 * CPU time used so far by the PostgreSQL backends serving database `dbName` on this machine
 * (their command line names it), ms; 0 when PostgreSQL runs elsewhere.
 */
export function databaseCpuMs(dbName: string) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmdline: string;
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmdline.startsWith('postgres:') && cmdline.includes(` ${dbName} `)) total += cpuMsOf(pid);
  }
  return total;
}

interface Watched {
  /** The longest event-loop delay seen, ms. */
  loopDelayMaxMs: number;
  /** The most queries seen waiting for a free connection of the PostgreSQL pool (sampled). */
  poolWaitingMax: number;
  /** The database round trips made while watched (statements, BEGIN, COMMIT). */
  roundTrips: number;
}

/** One scrape of GET /metrics (open on the loopback): the figures of `Watched`. */
async function scrape(url: string): Promise<Watched & { roundTripsSinceStart: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    loopDelayMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
    poolWaitingMax: value('db_pool_waiting_queries'),
    roundTrips: 0,
    roundTripsSinceStart: value('db_round_trips'),
  };
}

function watch(url: string) {
  const worst: Watched = { loopDelayMaxMs: 0, poolWaitingMax: 0, roundTrips: 0 };
  let startTrips = 0;
  const note = async () => {
    const seen = await scrape(url);
    worst.loopDelayMaxMs = Math.max(worst.loopDelayMaxMs, seen.loopDelayMaxMs);
    worst.poolWaitingMax = Math.max(worst.poolWaitingMax, seen.poolWaitingMax);
    worst.roundTrips = seen.roundTripsSinceStart - startTrips;
  };
  // The first scrape resets the event-loop histogram: what came before is not counted.
  let last: Promise<void> = scrape(url).then((first) => {
    startTrips = first.roundTripsSinceStart;
  });
  // As seldom as a Prometheus would: with 10,000 sockets a scrape lists every handle and fd.
  const timer = setInterval(() => (last = last.then(note)), 5_000);
  return {
    async stop() {
      clearInterval(timer);
      await last.then(note);
      return worst;
    },
  };
}

async function waitForHealth(url: string, exited: Promise<unknown>, stderr: () => string) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it was ready:\n${stderr()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      const body = (await res.json()) as { data?: { db?: string } };
      if (res.ok && body.data?.db === 'ok') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the server was not healthy within 60 s:\n${stderr()}`);
}

export async function startBenchServer(opts: {
  databaseUrl: string;
  dataDir: string;
  redis?: { url: string; prefix: string };
  /** A folder for the server's V8 CPU profile (written when it stops). */
  profileDir?: string;
}): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const devNull = fs.openSync('/dev/null', 'w');
  const server = spawnRole('--serve', {
    nodeArgs: [
      '--expose-gc',
      ...(opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : []),
    ],
    stdout: devNull,
    env: {
      ...benchEnv(opts.dataDir, opts.databaseUrl),
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ...(opts.redis ? { REDIS_URL: opts.redis.url, REDIS_PREFIX: opts.redis.prefix } : {}),
    },
  });
  fs.closeSync(devNull);
  try {
    await waitForHealth(url, server.exited, server.stderr);
  } catch (err) {
    await server.stop(2_000);
    throw err;
  }
  return {
    url,
    pid: server.child.pid ?? 0,
    cpuMs: () => cpuMsOf(server.child.pid ?? 0),
    watch: () => watch(url),
    memory: () => server.ask<MemoryReading & { id: number }>({ type: 'memory' }),
    stop: () => server.stop(),
  };
}
