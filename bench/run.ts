/**
 * `npm run bench [-- --seconds 5 --connections 10 name…]`: starts the app in this process on a
 * free port with a fresh database (in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL), loads
 * each target of targets.ts with autocannon and prints requests/s, latency p50/p99 and the
 * server process's peak RSS during the measured run; then the web bundle report when
 * packages/web/dist exists. Figures, not a pass/fail test: it exits non-zero only when a target
 * answers errors.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTestApp } from '../packages/server/test/helpers.js';
import { load, type LoadResult } from './load.js';
import { targets, type BenchContext, type Target } from './targets.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
  allowPositionals: true,
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

async function runTarget(ctx: BenchContext, target: Target): Promise<LoadResult> {
  const shape = { ...target, ...(await target.setup?.(ctx)) };
  const headers = { ...shape.headers };
  let body: string | undefined;
  if (shape.body !== undefined) {
    body = JSON.stringify(shape.body);
    headers['content-type'] = 'application/json';
  }
  const common = { url: `${ctx.baseUrl}${shape.path}`, method: target.method, headers, body };
  await load({ ...common, seconds: 1, connections }); // warm-up: JIT, pools, caches
  return load({ ...common, seconds, connections });
}

function print(name: string, r: LoadResult) {
  const cells = [
    name.padEnd(24),
    r.requestsPerSecond.toFixed(0).padStart(9),
    r.p50Ms.toFixed(1).padStart(8),
    r.p99Ms.toFixed(1).padStart(8),
    String(r.failures).padStart(8),
    r.peakRssMb.toFixed(0).padStart(8),
  ];
  console.log(cells.join(' '));
}

async function main() {
  const chosen = positionals.length ? targets.filter((t) => positionals.includes(t.name)) : targets;
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const ctx: BenchContext = { ...t, baseUrl: `http://127.0.0.1:${port}` };

  console.log(
    `API (${t.db.kind}, ${connections} connections, ${seconds} s per target, Node ${process.version})`,
  );
  console.log(
    ['target'.padEnd(24), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)]
      .concat(['failures'.padStart(8), 'RSS MB'.padStart(8)])
      .join(' '),
  );
  let failed = false;
  try {
    for (const target of chosen) {
      const result = await runTarget(ctx, target);
      print(target.name, result);
      failed ||= result.failures > 0;
    }
  } finally {
    await t.close();
  }

  if (fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
    console.log('\nWeb bundle');
    spawnSync(process.execPath, ['packages/web/scripts/report-size.mjs'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  if (failed) process.exitCode = 1;
}

await main();
