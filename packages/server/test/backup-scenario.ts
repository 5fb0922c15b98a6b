/**
 * The scenario the backup tests play (backup.test.ts to a folder, backup-s3.test.ts to a bucket):
 * `npm run backup` and `npm run restore` as an operator types them (child processes), machines
 * with a database and a DATA_DIR of their own, servers on them, members with a chat, a photo,
 * coins and a payment, and what those members see, to compare before and after a restore.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { findLedgerMismatches } from '../src/modules/coins/ledger-audit.repository.js';
import { emptyPostgresDatabase, createMember, testConfig } from './helpers.js';
import { formRequest, pngImage } from './form-request.js';
import { makeTestDir } from './temp-dirs.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const APP_SECRET = 'secret-de-test-de-la-sauvegarde-0123456789';
const PASSWORD = 'Savane-Lune-42';

const cleanups: (() => Promise<void>)[] = [];

/** Stops the servers and drops the databases the scenario made; for the file's afterAll. */
export async function cleanUpMachines(): Promise<void> {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
}

/** The command as an operator types it: only what it needs, never the shell's DATABASE_URL. */
export async function backupCommand(
  script: 'backup' | 'restore',
  env: Record<string, string>,
  arg: string,
) {
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
export async function machine() {
  const pg = await emptyPostgresDatabase();
  if (pg) cleanups.push(() => pg.drop());
  const dataDir = makeTestDir('backup-machine');
  const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET };
  if (pg) env.DATABASE_URL = pg.url;
  return { env, dataDir };
}

export type Machine = Awaited<ReturnType<typeof machine>>;
export type Server = Awaited<ReturnType<typeof startServer>>;

/** A server on `env`'s machine, and how to stop it (once, whether by the test or after it). */
export async function startServer(env: Record<string, string>) {
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
export async function seed(app: FastifyInstance) {
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

export type Seeded = Awaited<ReturnType<typeof seed>>;
export const tokensOf = (seeded: Seeded) => seeded.members.map((m) => m.token);

export const balancesOf = (app: FastifyInstance) =>
  app.deps.sql.query<{ id: number; coins: number }>('SELECT id, coins FROM users ORDER BY id');
export type Balances = Awaited<ReturnType<typeof balancesOf>>;

interface Message {
  id: number;
  type: string;
  content: string | null;
  file_url: string | null;
}

/** The bytes each link answers (a photo), or its status when it is not 200. */
export const fetchAll = (app: FastifyInstance, links: string[]) =>
  Promise.all(
    links.map(async (url) => {
      const res = await app.inject({ method: 'GET', url });
      return res.statusCode === 200 ? res.rawPayload : res.statusCode;
    }),
  );

/** What members see: A's and B's chat, its photos (and their links), C's payments. */
export async function whatMembersSee(app: FastifyInstance, seeded: Seeded, tokens: string[]) {
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

export type Seen = Awaited<ReturnType<typeof whatMembersSee>>;

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().data.token;
}

/** Every balance as it was at the backup, each equal to its ledger. */
export async function expectBalancesKept(app: FastifyInstance, balances: Balances) {
  expect(await balancesOf(app)).toEqual(balances);
  expect(await findLedgerMismatches(app.deps.db)).toEqual([]);
}

/** Every member signs in with their password and sees what they saw before the backup. */
export async function expectMembersSignIn(app: FastifyInstance, seeded: Seeded, before: Seen) {
  const tokens = [];
  for (const member of seeded.members) tokens.push(await signIn(app, member.email));
  const seen = await whatMembersSee(app, seeded, tokens);
  expect(seen.messages).toEqual(before.messages);
  expect(seen.photos).toEqual(before.photos);
  expect(seen.payments).toEqual(before.payments);
  // Signing in credited the daily bonus, through the ledger.
  expect(await findLedgerMismatches(app.deps.db)).toEqual([]);
}
