/**
 * `npm run admin:create -- <email>`: the function the command runs, on a test database, and the
 * command itself as an operator types it (exit code and French message on an unknown e-mail).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CREATE_USAGE, createAdmin } from '../src/cli/admin-create.js';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { DATA_DIR_LOCK_FILE, dataDirOwner, lockDataDir } from '../src/db/data-dir-lock.js';
import { freePort, spawnServer, startServer } from '../../../e2e/support/server-process.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleOf = async (id: number) =>
  (await t.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [id]))[0]?.role;

describe('createAdmin', () => {
  it('makes an existing account an admin, whatever the case of the e-mail, and audits it', async () => {
    const m = await createMember(t, { email: 'awa.sawadogo@test.bf' });
    const result = await createAdmin(t.db, '  Awa.Sawadogo@TEST.bf ');
    expect(result).toEqual({
      ok: true,
      userId: m.id,
      message: `awa.sawadogo@test.bf est maintenant administrateur (membre n°${m.id}).`,
    });
    expect(await roleOf(m.id)).toBe('admin');
    const audit = await t.db.query(
      `SELECT actor_id, action, target_type, target_id, reason, data FROM audit_log WHERE target_id = $1`,
      [m.id],
    );
    expect(audit).toEqual([
      {
        actor_id: m.id,
        action: 'member.role',
        target_type: 'user',
        target_id: m.id,
        reason: 'npm run admin:create',
        data: { from: 'member', to: 'admin' },
      },
    ]);
    // The new admin's token opens the admin-only routes.
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(log.statusCode).toBe(200);
  });

  it('refuses an unknown e-mail with a French message and a failing exit code, changing nothing', async () => {
    const before = await t.db.query('SELECT id FROM audit_log');
    const result = await createAdmin(t.db, 'personne@test.bf');
    expect(result).toEqual({
      ok: false,
      exitCode: 1,
      message: "Aucun compte avec l'e-mail personne@test.bf. Le membre doit d'abord s'inscrire.",
    });
    expect(await t.db.query('SELECT id FROM audit_log')).toEqual(before);
  });

  it('asks for the e-mail when none is given', async () => {
    for (const missing of [undefined, '', '   ']) {
      expect(await createAdmin(t.db, missing)).toEqual({
        ok: false,
        exitCode: 2,
        message: ADMIN_CREATE_USAGE,
      });
    }
  });
});

/** The command as an operator types it, on `dataDir`: exit code and what it printed. */
async function runCommand(dataDir: string, ...args: string[]) {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '../../..');
  try {
    const out = await run(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/cli/admin-create.ts', ...args],
      // Only what the command needs: never a DATABASE_URL from the surrounding shell.
      { cwd: root, env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir } },
    );
    return { code: 0, stdout: out.stdout, stderr: out.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin:create', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const command = (...args: string[]) => runCommand(dataDir, ...args);

  it('exits 1 with the French message on an unknown e-mail, and 2 without one', async () => {
    const unknown = await command('personne@test.bf');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Aucun compte avec l'e-mail personne@test.bf.");
    const bare = await command();
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain(ADMIN_CREATE_USAGE);
  }, 60_000);
});

describe('one owner of the embedded database', () => {
  const command = runCommand;

  it('promotes through the running server, which sees the change at once', async () => {
    const server = await startServer();
    try {
      const email = 'fatou.kabore@test.bf';
      const signup = await fetch(`${server.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Baobab-Sahel-2025' }),
      });
      expect(signup.status).toBe(201);
      const { data } = (await signup.json()) as { data: { token: string } };
      const audit = () =>
        fetch(`${server.baseUrl}/api/admin/audit`, {
          headers: { authorization: `Bearer ${data.token}` },
        });
      expect((await audit()).status).toBe(403);

      const first = await command(server.dataDir, email);
      expect(first.stderr).toBe('');
      expect(first.stdout).toMatch(/fatou\.kabore@test\.bf est maintenant administrateur/);
      expect(first.code).toBe(0);
      expect((await audit()).status).toBe(200);
      // Run again while the server runs: no second opening of the folder, no crash.
      const second = await command(server.dataDir, email);
      expect(second.code).toBe(0);
      const unknown = await command(server.dataDir, 'personne@test.bf');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("Aucun compte avec l'e-mail personne@test.bf.");
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('refuses a second server on the same DATA_DIR with a French message', async () => {
    const server = await startServer();
    try {
      const second = spawnServer({
        NODE_ENV: 'test',
        DEMO_SEED: 'off',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: server.dataDir,
      });
      const exit = await second.exited;
      expect(exit.code).toBe(1);
      expect(second.output()).toContain('La base de données intégrée de');
      expect(second.output()).toContain('est déjà ouverte par un autre processus');
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('refuses, changing nothing, when the owner does not answer its control socket', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-lock-'));
    try {
      // A live process (this test runner) holds the folder but serves no commands.
      fs.writeFileSync(
        path.join(dataDir, DATA_DIR_LOCK_FILE),
        JSON.stringify({ pid: process.pid, host: os.hostname() }),
      );
      const refused = await command(dataDir, 'fatou.kabore@test.bf');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('utilise la base intégrée de');
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('takes over the lock of a process that is gone', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-lock-'));
    try {
      const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
      fs.writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 7, host: os.hostname() }));
      expect(dataDirOwner(dataDir)).toBeNull();
      const lock = lockDataDir(dataDir);
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
      lock.release();
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
