/**
 * `npm run backup` and `npm run restore` as an operator types them (child processes). A server
 * with members, a chat with a photo, coins and a payment is backed up while it runs (on PGlite,
 * through its control socket), restored into a fresh database and another DATA_DIR (another
 * machine with the same APP_SECRET), and a server started there lets every member sign in,
 * shows every message and photo — the links handed out before the backup included — and has
 * every balance equal to its ledger. On PGlite, or on PostgreSQL with TEST_DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../src/db/migrate.js';
import {
  backupCommand,
  balancesOf,
  cleanUpMachines,
  expectBalancesKept,
  expectMembersSignIn,
  fetchAll,
  machine,
  seed,
  startServer,
  tokensOf,
  whatMembersSee,
  type Balances,
  type Machine,
  type Seeded,
  type Seen,
  type Server,
} from './backup-scenario.js';
import { makeTestDir } from './temp-dirs.js';

afterAll(cleanUpMachines);

/** `npm run backup` on `env`'s machine; answers the backup's folder and manifest. */
async function backUp(env: Record<string, string>) {
  const backups = makeTestDir('backups');
  const run = await backupCommand('backup', env, backups);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const [name] = fs.readdirSync(backups);
  const folder = path.join(backups, name ?? '');
  expect(run.stdout).toContain(`Sauvegarde écrite dans ${folder} :`);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
  return { folder, manifest };
}

describe('npm run backup, then npm run restore on another machine', () => {
  let source: Machine;
  let target: Machine;
  let seeded: Seeded;
  let before: Seen;
  let balances: Balances;
  let backup: { folder: string; manifest: Record<string, unknown> };
  let restored: Server;

  beforeAll(async () => {
    source = await machine();
    const server = await startServer(source.env);
    seeded = await seed(server.app);
    before = await whatMembersSee(server.app, seeded, tokensOf(seeded));
    balances = await balancesOf(server.app);
    // While the server runs: on PGlite, the server itself copies its database.
    backup = await backUp(source.env);
    await server.stop();

    target = await machine();
    const restore = await backupCommand('restore', target.env, backup.folder);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('restaurée : base');
    restored = await startServer(target.env);
  }, 240_000);

  it('writes a manifest of what the backup holds', () => {
    expect(before.photos).toHaveLength(1);
    expect(backup.manifest).toMatchObject({
      engine: source.env.DATABASE_URL ? 'postgres' : 'pglite',
      schema_version: migrationNames().at(-1),
      counts: { users: 3, messages: 3, payment_orders: 1, coin_movements: 4 },
      files: { storage: 'local', count: 3 }, // the chat photo: lite preview, card, full
      data_dir_files: ['vapid.json'],
    });
  });

  it('keeps every balance, each equal to its ledger', async () => {
    await expectBalancesKept(restored.app, balances);
  });

  it('keeps members signed in, and the photo links handed out before the backup', async () => {
    const seen = await whatMembersSee(restored.app, seeded, tokensOf(seeded));
    expect(seen.messages).toEqual(before.messages);
    expect(seen.photos).toEqual(before.photos);
    // Signed by the first machine, opened on the second: same APP_SECRET, same bytes.
    expect(await fetchAll(restored.app, before.links)).toEqual(before.photos);
    expect(fs.readFileSync(path.join(target.dataDir, 'vapid.json'))).toEqual(
      fs.readFileSync(path.join(source.dataDir, 'vapid.json')),
    );
  });

  it('lets every member sign in and read every message, photo and payment', async () => {
    await expectMembersSignIn(restored.app, seeded, before);
  });

  it("backs up a stopped server's database by opening it itself", async () => {
    expect((await backUp(source.env)).manifest.counts).toEqual(backup.manifest.counts);
  }, 120_000);

  it('refuses, in French, to restore into a database that is not empty', async () => {
    await restored.stop();
    const again = await backupCommand('restore', target.env, backup.folder);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('la restauration ne remplace rien');
  }, 120_000);
});
