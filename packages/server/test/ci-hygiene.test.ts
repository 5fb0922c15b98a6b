/**
 * CI hygiene: test apps leave no folder in /tmp, scripts/ci-db.mjs works on a stock PostgreSQL
 * (no `test` database there), and .ci/run runs each test once per database it depends on.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.js';
import { privateServicesAvailable, startPrivatePostgres } from './private-services.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('temporary folders', () => {
  it("removes a test app's data folder when the app is closed", async () => {
    const t = await createTestApp();
    expect(fs.existsSync(t.dataDir)).toBe(true);
    await t.close();
    expect(fs.existsSync(t.dataDir)).toBe(false);
    // Migrating a fresh PGlite takes seconds on an idle machine, far more on a loaded one.
  }, 120_000);
});

describe('scripts/ci-db.mjs', () => {
  it.skipIf(!privateServicesAvailable())(
    'creates and drops a run database on a stock PostgreSQL through `postgres`',
    async () => {
      const server = await startPrivatePostgres();
      const port = new URL(server.url).port;
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PGHOST: '127.0.0.1', PGPORT: port };
      const name = `ci_hygiene_${process.pid}`;
      const exists = async () => {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        const rows = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        await client.end();
        return rows.rowCount === 1;
      };
      try {
        await run('node', ['scripts/ci-db.mjs', 'create', name], { cwd: ROOT, env });
        expect(await exists()).toBe(true);
        await run('node', ['scripts/ci-db.mjs', 'drop', name], { cwd: ROOT, env });
        expect(await exists()).toBe(false);
      } finally {
        await server.dispose();
      }
    },
    60_000,
  );
});

/** The npm scripts a command line ends up running, each with the arguments passed after `--`. */
function expand(command: string, scripts: Record<string, string>): string[] {
  const [head, ...rest] = command.trim().split(' -- ');
  const extra = rest.join(' -- ');
  const name = /^npm (?:run )?(\S+)$/.exec(head?.trim() ?? '')?.[1];
  if (!name) return [`${command.trim()}`];
  const script = scripts[name];
  if (!script) return [];
  return script
    .split('&&')
    .flatMap((part) => expand(part, scripts))
    .map((c) => (extra ? `${c} ${extra}` : c));
}

describe('.ci/run', () => {
  it('runs shared and web tests once, and server tests once on PGlite and once on PostgreSQL', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const lines = fs
      .readFileSync(path.join(ROOT, '.ci/run'), 'utf8')
      .replace(/\\\n/g, ' ')
      .split('\n')
      .filter((l) => /(^|\s)npm (run |test)/.test(l) && !l.trim().startsWith('#'));
    const unitRuns = lines.flatMap((line) => {
      const database = line.includes('TEST_DATABASE_URL') ? 'postgres' : 'pglite';
      const npm = line.slice(line.indexOf('npm '));
      return expand(npm, scripts)
        .filter((c) => c.startsWith('vitest run') && !c.includes('--config'))
        .map((c) => ({
          database,
          filters: c
            .split(/\s+/)
            .slice(2)
            .filter((a) => !a.startsWith('-')),
        }));
    });
    const passesOf = (file: string) =>
      unitRuns
        .filter((r) => r.filters.length === 0 || r.filters.some((f) => file.includes(f)))
        .map((r) => r.database)
        .sort();
    expect(passesOf('packages/web/src/features/chats/ChatPage.test.tsx')).toEqual(['postgres']);
    expect(passesOf('packages/shared/src/coins.test.ts')).toEqual(['postgres']);
    expect(passesOf('packages/server/test/chats.test.ts')).toEqual(['pglite', 'postgres']);
  });
});
