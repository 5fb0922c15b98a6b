/**
 * The browser flows' "real stack" (E2E_STACK=real): a fresh PostgreSQL database, two server
 * processes on it sharing Redis (a prefix of their own) and one DATA_DIR (as copies share
 * object storage), and in front the deploy kit's Caddy on deploy/Caddyfile itself
 * (caddy-front.ts), every copy named. Browsers and API calls use Caddy's URL only, so nothing
 * reaches a copy except the way the shipped front sends it.
 */
import crypto from 'node:crypto';
import { createDb } from '../../packages/server/src/db/db.js';
import { freePort, startServer, type Exit, type RunningServer } from './server-process.js';
import { startCaddyFront, type CaddyFront } from './caddy-front.js';

const STACK_COPIES = 2;

export interface RealStackOptions {
  /** Any database of the PostgreSQL server, used to create and drop the run's own database. */
  adminDatabaseUrl: string;
  redisUrl: string;
  dataDir: string;
  /** Runs on the fresh database before the copies start (migrations, first administrator). */
  prepare(databaseUrl: string): Promise<void>;
  /** Environment of both copies (SMTP_URL, WEB_DIST…). */
  env: Record<string, string>;
}

export interface RealStack {
  baseUrl: string;
  databaseUrl: string;
  front: CaddyFront;
  copies: RunningServer[];
  /** Every copy's output, one after the other. */
  output(): string;
  /** Stops Caddy, the copies (SIGTERM), and drops the database; the copies' exits. */
  stop(): Promise<Exit[]>;
}

async function onAdminDb(adminUrl: string, sql: string): Promise<void> {
  const db = await createDb({ databaseUrl: adminUrl, dataDir: null });
  try {
    await db.exec(sql);
  } finally {
    await db.close();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function startRealStack(opts: RealStackOptions): Promise<RealStack> {
  const tag = `e2e_${Date.now()}_${process.pid}`;
  const databaseUrl = withDatabase(opts.adminDatabaseUrl, tag);
  await onAdminDb(opts.adminDatabaseUrl, `CREATE DATABASE ${tag}`);
  const dropDb = () =>
    onAdminDb(opts.adminDatabaseUrl, `DROP DATABASE IF EXISTS ${tag} WITH (FORCE)`);
  const copies: RunningServer[] = [];
  try {
    await opts.prepare(databaseUrl);
    // The copies must know the public origin (Caddy's) before Caddy knows their ports.
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const env = {
      ...opts.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: opts.redisUrl,
      REDIS_PREFIX: tag,
      PUBLIC_URL: publicUrl,
      // Signed media links made by one copy are checked by the other.
      APP_SECRET: crypto.randomBytes(32).toString('hex'),
    };
    for (let i = 0; i < STACK_COPIES; i++) {
      copies.push(await startServer({ dataDir: opts.dataDir, env }));
    }
    const front = await startCaddyFront({
      port: proxyPort,
      upstreams: copies.map((c) => new URL(c.baseUrl).host),
    });
    return {
      baseUrl: front.url,
      databaseUrl,
      front,
      copies,
      output: () =>
        [
          ...copies.map((c, i) => `===== copy ${i} (${c.baseUrl}) =====\n${c.process.output()}`),
          `===== Caddy (${front.url}) =====\n${front.output()}`,
        ].join('\n'),
      async stop() {
        await front.close();
        const exits = await Promise.all(copies.map((c) => c.stop()));
        await dropDb();
        return exits;
      },
    };
  } catch (err) {
    await Promise.all(copies.map((c) => c.stop()));
    await dropDb().catch(() => undefined);
    throw err;
  }
}
