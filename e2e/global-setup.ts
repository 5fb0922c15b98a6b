/**
 * Vitest global setup for the browser flows: one real server process for the whole run (fresh
 * DATA_DIR on PGlite, no demo data unless E2E_DEMO_SEED=on), stopped with SIGTERM at the end; a
 * server that does not stop cleanly fails the run. Its output goes to test-results/e2e-server.log.
 * With E2E_STACK=real the run uses the real stack instead (see support/real-stack.ts): a fresh
 * PostgreSQL database (E2E_DATABASE_URL), Redis (E2E_REDIS_URL), two copies behind a non-sticky
 * round-robin proxy whose URL the browsers use.
 * The database holds one administrator from the start (see `seedAdmin`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { RESULTS_DIR, WEB_DIST } from './support/paths.js';
import { makeTempDir, startServer, type Exit } from './support/server-process.js';
import { startRealStack } from './support/real-stack.js';
import { startSmtpCatcher } from '../packages/server/test/smtp-catcher.js';
import { testCityDatabase } from '../packages/server/test/mmdb-file.js';
import { startCoturn } from '../packages/server/test/coturn.js';
import { createDb } from '../packages/server/src/db/db.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { hashPassword } from '../packages/server/src/modules/auth/password.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** JSON file mirroring every mail the local SMTP server received, oldest first. */
    mailFile: string;
    /** An administrator account of the console (verified, profile complete), to sign in with. */
    admin: { email: string; password: string };
    /** 'real' when the run goes through Caddy to two copies on PostgreSQL and Redis. */
    stack: 'single' | 'real';
    /** On the real stack, each copy's own origin (behind Caddy); none otherwise. */
    stackCopies: string[];
    /** The variables the run's server got (mail, build, addresses), for a flow's own server. */
    serverEnv: Record<string, string>;
    /** The server's DATA_DIR (its uploads folder, when storage is local). */
    dataDir: string;
  }
}

const E2E_ADMIN = { email: 'admin.e2e@exemple.bf', password: 'Console-Baobab-2025' };

/**
 * The console needs a first administrator, and the only way the product makes one is
 * `npm run admin:create` on the server's database. The e2e server runs on PGlite, which one
 * process at a time may open, so that database is prepared here before the server starts:
 * migrated, with one verified, complete account whose role is admin. The server then finds the
 * migrations applied and the account in place. On the real stack, the same on PostgreSQL.
 */
async function seedAdmin(where: { dataDir: string; databaseUrl?: string }) {
  const db = await createDb(where);
  try {
    await migrate(db);
    await db.query(
      `INSERT INTO users (email, password_hash, name, gender, birth_date, locality,
                          email_verified_at, profile_completed_at, role)
       VALUES ($1, $2, 'Admin E2E', 'femme', '1990-01-01', 'Ouagadougou, Burkina Faso', now(), now(), 'admin')`,
      [E2E_ADMIN.email, await hashPassword(E2E_ADMIN.password)],
    );
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` (npm run test:e2e does).');
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  // The server gets its own copy of the build, so a rebuild during the run cannot pull assets
  // from under the browser.
  const webDist = makeTempDir('e2e-web');
  fs.cpSync(WEB_DIST, webDist, { recursive: true });
  // Tests are the one place besides config.ts that read the environment.
  const demoSeed = process.env.E2E_DEMO_SEED === 'on' ? 'on' : 'off';
  // Mail really leaves through SMTP to a local server; specs read the codes from its file.
  const mailDir = makeTempDir('e2e-mail');
  const mailFile = path.join(mailDir, 'mails.json');
  const mails: { to: string; subject: string; text: string; html: string }[] = [];
  fs.writeFileSync(mailFile, '[]');
  const smtp = await startSmtpCatcher({
    onMail(mail) {
      for (const to of mail.to)
        mails.push({ to, subject: mail.subject, text: mail.text, html: mail.html });
      fs.writeFileSync(`${mailFile}.tmp`, JSON.stringify(mails));
      fs.renameSync(`${mailFile}.tmp`, mailFile);
    },
  });
  const dataDir = makeTempDir();
  // A small city database, so the wizard suggests a town offline for the addresses specs use.
  const geoDir = makeTempDir('e2e-geoip');
  const geoipDatabase = path.join(geoDir, 'villes.mmdb');
  fs.writeFileSync(geoipDatabase, testCityDatabase());
  // Voice calls go through a real coturn of the run's own (relay only, on 127.0.0.1).
  const coturn = await startCoturn();
  // TRUST_PROXY lets API-made test members come from distinct addresses (X-Forwarded-For), so
  // per-IP sign-up limits do not cap how many members a run can create.
  const env = {
    TURN_URLS: coturn.url,
    TURN_SECRET: coturn.secret,
    DEMO_SEED: demoSeed,
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'on',
    GEOIP_DATABASE: geoipDatabase,
  };
  const stack = process.env.E2E_STACK === 'real' ? 'real' : 'single';
  const backend = await (
    stack === 'real' ? startStack(dataDir, env) : startSingle(dataDir, env)
  ).catch(async (err: unknown) => {
    for (const dir of [webDist, dataDir, mailDir, geoDir])
      fs.rmSync(dir, { recursive: true, force: true });
    await smtp.close();
    await coturn.close();
    throw err;
  });
  project.provide('mailFile', mailFile);
  project.provide('baseUrl', backend.baseUrl);
  project.provide('admin', E2E_ADMIN);
  project.provide('stack', stack);
  project.provide('stackCopies', backend.copies ?? []);
  project.provide('serverEnv', env);
  project.provide('dataDir', dataDir);

  return async () => {
    const exits = await backend.stop();
    await smtp.close();
    await coturn.close();
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
    fs.rmSync(geoDir, { recursive: true, force: true });
    // Passed in, so the server leaves it; removed here like the one it would have made.
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.writeFileSync(path.join(RESULTS_DIR, 'e2e-server.log'), backend.output());
    if (exits.some((exit) => exit.code !== 0)) {
      // Vitest reports an error thrown here but still exits 0, so fail the run ourselves.
      process.exitCode = 1;
      console.error(
        `The server did not stop cleanly on SIGTERM (${JSON.stringify(exits)}); ` +
          'see test-results/e2e-server.log',
      );
    }
  };
}

interface Backend {
  baseUrl: string;
  /** The copies' own origins, on the real stack. */
  copies?: string[];
  output(): string;
  stop(): Promise<Exit[]>;
}

async function startSingle(dataDir: string, env: Record<string, string>): Promise<Backend> {
  await seedAdmin({ dataDir });
  const server = await startServer({ dataDir, env });
  return {
    baseUrl: server.baseUrl,
    output: () => server.process.output(),
    stop: async () => [await server.stop()],
  };
}

async function startStack(dataDir: string, env: Record<string, string>): Promise<Backend> {
  const stack = await startRealStack({
    // Tests are the one place besides config.ts that read the environment.
    adminDatabaseUrl: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379',
    dataDir,
    env,
    prepare: (databaseUrl) => seedAdmin({ dataDir, databaseUrl }),
  });
  return {
    baseUrl: stack.baseUrl,
    copies: stack.copies.map((c) => c.baseUrl),
    output: () => stack.output(),
    stop: () => stack.stop(),
  };
}
