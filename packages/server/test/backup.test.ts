/**
 * `npm run backup` and `npm run restore` as an operator types them (child processes). A server
 * with members, a chat with a photo, coins and a payment is backed up while it runs (on PGlite,
 * through its control socket), restored into a fresh database and another DATA_DIR (another
 * machine with the same APP_SECRET), and a server started there lets every member sign in,
 * shows every message and photo — the links handed out before the backup included — and has
 * every balance equal to its ledger. On PGlite, or on PostgreSQL with TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { migrationNames } from '../src/db/migrate.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { findLedgerMismatches } from '../src/modules/coins/audit.js';
import { emptyPostgresDatabase, createMember, testConfig } from './helpers.js';
import { formRequest, pngImage } from './form-request.js';
import { makeTestDir } from './temp-dirs.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const APP_SECRET = 'secret-de-test-de-la-sauvegarde-0123456789';
const PASSWORD = 'Savane-Lune-42';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The command as an operator types it: only what it needs, never the shell's DATABASE_URL. */
async function command(script: 'backup' | 'restore', env: Record<string, string>, arg: string) {
  try {
    const out = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `packages/server/src/cli/${script}.ts`, arg],
      { cwd: ROOT, env: { PATH: process.env.PATH, NODE_ENV: 'test', APP_SECRET, ...env } },
    );
    return { code: 0, stdout: out.stdout, stderr: out.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A database and DATA_DIR of their own (a machine), and the environment that names them. */
async function machine() {
  const pg = await emptyPostgresDatabase();
  if (pg) cleanups.push(() => pg.drop());
  const dataDir = makeTestDir('backup-machine');
  const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET };
  if (pg) env.DATABASE_URL = pg.url;
  return { env, dataDir };
}

type Machine = Awaited<ReturnType<typeof machine>>;
type Server = Awaited<ReturnType<typeof startServer>>;

/** A server on `env`'s machine, and how to stop it (once, whether by the test or after it). */
async function startServer(env: Record<string, string>) {
  const app = await buildApp(testConfig(env));
  await app.ready();
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= app.close());
  cleanups.push(stop);
  return { app, stop };
}

const post = (app: FastifyInstance, url: string, token: string, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: { authorization: `Bearer ${token}` },
  });

/**
 * Three members with a password; a chat of A and B with two texts and a photo; A and B earn
 * coins by joining social networks; C buys coins with Orange Money.
 */
async function seed(app: FastifyInstance) {
  const t = { db: app.deps.sql };
  const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
  await t.db.query('UPDATE users SET password_hash = $1', [await hashPassword(PASSWORD)]);
  const chatId: number = (await post(app, '/chats/create', a.token, { other_user_id: b.id })).json()
    .data.chat_id;
  await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
  await post(app, '/messages/text', a.token, { chat_id: chatId, content: 'Bonjour Awa' });
  await post(app, '/messages/text', b.token, { chat_id: chatId, content: 'Bonsoir !' });
  const photo = await app.inject(
    await formRequest('/api/messages/image', { token: a.token, chat_id: String(chatId) }, [
      'image',
      await pngImage(),
      'image/png',
    ]),
  );
  expect(photo.statusCode, photo.body).toBe(201);
  for (const [member, platform] of [
    [a, 'facebook'],
    [a, 'tiktok'],
    [b, 'youtube'],
  ] as const) {
    expect((await post(app, '/social/join', member.token, { platform })).statusCode).toBe(200);
  }
  const order = { amount: 1000, phone: '70 12 34 56', payment_method: 'orange', otp: '482915' };
  const init = await post(app, '/init-bf-payment', c.token, order);
  const paid = await post(app, '/check-bf-payment', c.token, { token: init.json().token });
  expect(paid.json().status).toBe('success');
  return { members: [a, b, c], chatId };
}

type Seeded = Awaited<ReturnType<typeof seed>>;
const tokensOf = (seeded: Seeded) => seeded.members.map((m) => m.token);

const balancesOf = (app: FastifyInstance) =>
  app.deps.sql.query<{ id: number; coins: number }>('SELECT id, coins FROM users ORDER BY id');

interface Message {
  id: number;
  type: string;
  content: string | null;
  file_url: string | null;
}

/** The bytes each link answers (a photo), or its status when it is not 200. */
const fetchAll = (app: FastifyInstance, links: string[]) =>
  Promise.all(
    links.map(async (url) => {
      const res = await app.inject({ method: 'GET', url });
      return res.statusCode === 200 ? res.rawPayload : res.statusCode;
    }),
  );

/** What members see: A's and B's chat, its photos (and their links), C's payments. */
async function whatMembersSee(app: FastifyInstance, seeded: Seeded, tokens: string[]) {
  const [tokenA, tokenB, tokenC] = tokens as [string, string, string];
  const chatOf = async (token: string): Promise<Message[]> =>
    (await post(app, `/chats/${seeded.chatId}/messages`, token)).json().data;
  const [chatA, chatB] = [await chatOf(tokenA), await chatOf(tokenB)];
  const links = chatA.flatMap((m) => (m.file_url ? [m.file_url] : []));
  return {
    messages: [chatA, chatB].map((chat) => chat.map((m) => [m.id, m.type, m.content])),
    photos: await fetchAll(app, links),
    links,
    payments: (await post(app, '/my-payments', tokenC)).json().data,
  };
}

/** `npm run backup` on `env`'s machine; answers the backup's folder and manifest. */
async function backUp(env: Record<string, string>) {
  const backups = makeTestDir('backups');
  const run = await command('backup', env, backups);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const [name] = fs.readdirSync(backups);
  const folder = path.join(backups, name ?? '');
  expect(run.stdout).toContain(`Sauvegarde écrite dans ${folder} :`);
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
  return { folder, manifest };
}

type Seen = Awaited<ReturnType<typeof whatMembersSee>>;

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().data.token;
}

describe('npm run backup, then npm run restore on another machine', () => {
  let source: Machine;
  let target: Machine;
  let seeded: Seeded;
  let before: Seen;
  let balances: { id: number; coins: number }[];
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
    const restore = await command('restore', target.env, backup.folder);
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
      files: { storage: 'local', count: 2 },
      data_dir_files: ['vapid.json'],
    });
  });

  it('keeps every balance, each equal to its ledger', async () => {
    expect(await balancesOf(restored.app)).toEqual(balances);
    expect(await findLedgerMismatches(restored.app.deps.db)).toEqual([]);
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
    const tokens = [];
    for (const member of seeded.members) tokens.push(await signIn(restored.app, member.email));
    const seen = await whatMembersSee(restored.app, seeded, tokens);
    expect(seen.messages).toEqual(before.messages);
    expect(seen.photos).toEqual(before.photos);
    expect(seen.payments).toEqual(before.payments);
    // Signing in credited the daily bonus, through the ledger.
    expect(await findLedgerMismatches(restored.app.deps.db)).toEqual([]);
  });

  it('backs up a stopped server’s database by opening it itself', async () => {
    expect((await backUp(source.env)).manifest.counts).toEqual(backup.manifest.counts);
  }, 120_000);

  it('refuses, in French, to restore into a database that is not empty', async () => {
    await restored.stop();
    const again = await command('restore', target.env, backup.folder);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('la restauration ne remplace rien');
  }, 120_000);
});
