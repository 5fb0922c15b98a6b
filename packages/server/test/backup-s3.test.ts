/**
 * `npm run backup -- s3://…` and `npm run restore -- s3://…` as an operator types them, against
 * s3rver on 127.0.0.1. A server keeping its files in one bucket is backed up while it runs into
 * another bucket of the same store; the backup is restored into a fresh database and a fresh
 * local storage (another machine, same APP_SECRET), where every member signs in, reads every
 * message and photo and keeps a balance equal to its ledger. And the refusals: a prefix without
 * a manifest, a missing file, the app's own bucket, a store failing mid-way. On PGlite, or on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256OfFile } from '../src/cli/backup/backup-folder.js';
import { BackupBucket } from '../src/cli/backup/s3-bucket.js';
import { bucketSettings } from '../src/cli/backup/s3-address.js';
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
  type Seeded,
  type Seen,
  type Server,
} from './backup-scenario.js';
import { s3Env, startS3rver } from './s3rver.js';
import { makeTestDir } from './temp-dirs.js';

type S3 = Awaited<ReturnType<typeof startS3rver>>;

/** Large enough that holding it whole shows above the few pieces in flight. */
const LARGE_MB = 128;

let s3: S3;
afterAll(async () => {
  await cleanUpMachines();
  await s3.close();
});

/** The keys under `prefix` in the backups bucket, with their sizes, read straight from s3rver. */
async function listBackups(prefix: string): Promise<Map<string, number>> {
  const res = await s3.raw(`/backups?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  const xml = await res.text();
  const items = [...xml.matchAll(/<Key>([^<]+)<\/Key>[\s\S]*?<Size>(\d+)<\/Size>/g)];
  return new Map(items.map(([, key = '', size]) => [key, Number(size)]));
}

/** A fresh machine that reaches the store (its own files stay in DATA_DIR). */
async function freshMachine() {
  const target = await machine();
  return { ...target, env: { ...target.env, ...s3Env(s3.endpoint) } };
}

/** A port nothing listens on: one just given up by a server. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const hasDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'pgdata'));

describe('npm run backup to an S3 bucket, then npm run restore from it', () => {
  let sourceEnv: Record<string, string>;
  let seeded: Seeded;
  let before: Seen;
  let balances: Balances;
  let backupStdout: string;
  let backupKey: string;
  let restored: Server;

  beforeAll(async () => {
    s3 = await startS3rver(['backups', 'photos']);
    const source = await machine();
    sourceEnv = { ...source.env, ...s3Env(s3.endpoint), S3_BUCKET: 'photos' };
    const server = await startServer(sourceEnv);
    seeded = await seed(server.app);
    before = await whatMembersSee(server.app, seeded, tokensOf(seeded));
    balances = await balancesOf(server.app);
    // While the server runs: on PGlite, the server itself copies its database.
    const run = await backupCommand('backup', sourceEnv, 's3://backups/nightly');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    backupStdout = run.stdout;
    await server.stop();
    const [manifestKey = ''] = [...(await listBackups('nightly/')).keys()].filter((key) =>
      key.endsWith('/manifest.json'),
    );
    backupKey = path.posix.dirname(manifestKey);

    const target = await freshMachine();
    const restore = await backupCommand('restore', target.env, `s3://backups/${backupKey}`);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('restaurée : base');
    restored = await startServer(target.env);
  }, 240_000);

  it('writes the dated backup under the prefix, its manifest sent last', async () => {
    expect(backupKey).toMatch(/^nightly\/rencontre-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(backupStdout).toContain(`Sauvegarde écrite dans s3://backups/${backupKey} : base`);
    const keys = [...(await listBackups('nightly/')).keys()];
    expect(keys.every((key) => key.startsWith(`${backupKey}/`))).toBe(true);
    const names = keys.map((key) => key.slice(backupKey.length + 1));
    expect(names).toEqual(
      expect.arrayContaining(['manifest.json', 'files.jsonl', 'data-dir/vapid.json']),
    );
    expect(names.filter((name) => name.startsWith('files/'))).toHaveLength(3); // the chat photo: lite preview, card, full
    const puts = s3.seen.filter((r) => r.method === 'PUT' && r.path.startsWith('/backups/'));
    expect(puts).toHaveLength(names.length);
    expect(puts.at(-1)?.path).toBe(`/backups/${backupKey}/manifest.json`);
    const res = await s3.raw(`/backups/${backupKey}/manifest.json`);
    const manifest = (await res.json()) as { database: { file: string } };
    expect(manifest).toMatchObject({
      engine: sourceEnv.DATABASE_URL ? 'postgres' : 'pglite',
      counts: { users: 3, messages: 3, payment_orders: 1, coin_movements: 4 },
      files: { storage: 's3', count: 3 }, // the chat photo: lite preview, card, full
    });
    expect(names).toContain(manifest.database.file);
  });

  it('keeps every balance, each equal to its ledger', async () => {
    await expectBalancesKept(restored.app, balances);
  });

  it('lets every member sign in and read every message, photo and payment', async () => {
    expect(before.photos).toHaveLength(1);
    // Signed by the first machine, opened on the second: same APP_SECRET, same bytes.
    expect(await fetchAll(restored.app, before.links)).toEqual(before.photos);
    await expectMembersSignIn(restored.app, seeded, before);
  });

  it('reads every page of a long listing', async () => {
    // Flat names: s3rver pages through its folders depth first, not in S3's byte order.
    const names = ['a1', 'a2', 'b1', 'b2', 'c1'];
    for (const name of names)
      await s3.raw(`/backups/paging/${name}`, { method: 'PUT', body: name });
    const env = { NODE_ENV: 'test', ...s3Env(s3.endpoint) };
    const bucket = new BackupBucket(bucketSettings('backups', { s3: null }, env));
    const listed = [];
    const from = s3.seen.length;
    for await (const object of bucket.list('paging/', 2)) listed.push(object);
    expect(listed).toEqual(names.map((name) => ({ key: `paging/${name}`, bytes: 2 })));
    expect(s3.seen.slice(from)).toEqual(Array(3).fill({ method: 'GET', path: '/backups' }));
  });

  it('sends and receives a large dump a piece at a time, not whole in memory', async () => {
    const env = { NODE_ENV: 'test', ...s3Env(s3.endpoint) };
    const bucket = new BackupBucket(bucketSettings('backups', { s3: null }, env));
    const dir = makeTestDir('large-dump');
    const [file, back] = [path.join(dir, 'dump'), path.join(dir, 'back')];
    const piece = crypto.randomBytes(1 << 20);
    const fd = fs.openSync(file, 'w');
    for (let i = 0; i < LARGE_MB; i++) fs.writeSync(fd, piece);
    fs.closeSync(fd);
    let peak = 0;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 2);
    try {
      const base = process.memoryUsage().arrayBuffers;
      await bucket.putFile('large/dump', file);
      await bucket.getToFile('large/dump', back);
      expect((peak - base) / (1 << 20)).toBeLessThan((LARGE_MB * 3) / 4);
    } finally {
      clearInterval(sample);
    }
    expect(await sha256OfFile(back)).toBe(await sha256OfFile(file));
  });

  it('refuses, in French, a prefix without a manifest, and names the newest backup', async () => {
    const target = await freshMachine();
    const run = await backupCommand('restore', target.env, 's3://backups/nightly');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      "s3://backups/nightly n'est pas une sauvegarde complète : manifest.json est introuvable. " +
        `La plus récente sous ce préfixe : s3://backups/${backupKey}.`,
    );
    expect(hasDatabase(target.dataDir)).toBe(false);
  }, 60_000);

  it("refuses the app's own bucket as the backups' one", async () => {
    const run = await backupCommand('backup', sourceEnv, 's3://photos/nightly');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Le compartiment photos est celui des fichiers de l'application");
  }, 60_000);

  it('refuses, in French, a wrong address, missing settings, a store that does not answer', async () => {
    const climbing = await backupCommand('backup', sourceEnv, 's3://backups/../nightly');
    expect(climbing.code).toBe(1);
    expect(climbing.stderr).toContain("s3://backups/../nightly n'est pas une adresse S3 valide");
    const { S3_ENDPOINT: _, ...withoutEndpoint } = sourceEnv;
    const unset = await backupCommand('backup', withoutEndpoint, 's3://backups/nightly');
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('donnez S3_ENDPOINT, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY');
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const closed = { ...sourceEnv, S3_ENDPOINT: endpoint };
    const silent = await backupCommand('backup', closed, 's3://backups/nightly');
    expect(silent.code).toBe(1);
    expect(silent.stderr.trim()).toBe(
      `L'échange avec le stockage S3 ${endpoint} a échoué (ECONNREFUSED).`,
    );
  }, 60_000);

  it('leaves nothing that passes for a backup when the store fails mid-way', async () => {
    const kept = await listBackups('nightly/');
    s3.failWhen((method, urlPath) => method === 'PUT' && urlPath.includes('/database.'));
    try {
      const run = await backupCommand('backup', sourceEnv, 's3://backups/nightly');
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Le stockage S3 a répondu 500 à PUT s3:\/\/backups\/nightly\//);
    } finally {
      s3.failWhen(() => false);
    }
    expect(await listBackups('nightly/')).toEqual(kept);
  }, 120_000);

  it('refuses, in French, a backup missing one of its files, writing nothing', async () => {
    const photos = [...(await listBackups(`${backupKey}/files/`)).keys()];
    const [missing = ''] = photos;
    expect((await s3.raw(`/backups/${missing}`, { method: 'DELETE' })).status).toBe(204);
    const target = await freshMachine();
    const run = await backupCommand('restore', target.env, `s3://backups/${backupKey}`);
    expect(run.code).toBe(1);
    const key = missing.slice(`${backupKey}/files/`.length);
    expect(run.stderr.trim()).toBe(`Le fichier ${key} manque à la sauvegarde, ou est abîmé.`);
    expect(hasDatabase(target.dataDir)).toBe(false);
    expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
  }, 60_000);
});
