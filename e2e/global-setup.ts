/**
 * Vitest global setup for the browser flows: one real server process for the whole run (fresh
 * DATA_DIR, no demo data unless E2E_DEMO_SEED=on), stopped with SIGTERM at the end; a server that
 * does not stop cleanly fails the run. Its output goes to test-results/e2e-server.log.
 * The DATA_DIR holds one administrator from the start (see `seedAdmin`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { RESULTS_DIR, WEB_DIST } from './support/paths.js';
import { makeTempDir, startServer } from './support/server-process.js';
import { startSmtpCatcher } from '../packages/server/test/smtp-catcher.js';
import { createDb } from '../packages/server/src/db/db.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { hashPassword } from '../packages/server/src/modules/auth/password.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** The server's DATA_DIR (uploads, dev outbox files…). */
    dataDir: string;
    /** JSON file mirroring every mail the local SMTP server received, oldest first. */
    mailFile: string;
    /** An administrator account of the console (verified, profile complete), to sign in with. */
    admin: { email: string; password: string };
  }
}

const E2E_ADMIN = { email: 'admin.e2e@exemple.bf', password: 'Console-Baobab-2025' };

/**
 * The console needs a first administrator, and the only way the product makes one is
 * `npm run admin:create` on the server's database. The e2e server runs on PGlite, which one
 * process at a time may open, so that database is prepared here before the server starts:
 * migrated, with one verified, complete account whose role is admin. The server then finds the
 * migrations applied and the account in place.
 */
async function seedAdmin(dataDir: string) {
  const db = await createDb({ dataDir });
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
  const mailFile = path.join(makeTempDir('e2e-mail'), 'mails.json');
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
  const server = await seedAdmin(dataDir)
    .then(() =>
      startServer({
        dataDir,
        // TRUST_PROXY lets API-made test members come from distinct addresses (X-Forwarded-For), so
        // per-IP sign-up limits do not cap how many members a run can create.
        env: {
          DEMO_SEED: demoSeed,
          LOG_LEVEL: 'warn',
          WEB_DIST: webDist,
          SMTP_URL: smtp.url,
          TRUST_PROXY: 'on',
        },
      }),
    )
    .catch(async (err: unknown) => {
      fs.rmSync(webDist, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
      await smtp.close();
      throw err;
    });
  project.provide('mailFile', mailFile);
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('admin', E2E_ADMIN);

  return async () => {
    const exit = await server.stop();
    await smtp.close();
    fs.rmSync(webDist, { recursive: true, force: true });
    // Passed in, so the server leaves it; removed here like the one it would have made.
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.writeFileSync(path.join(RESULTS_DIR, 'e2e-server.log'), server.process.output());
    if (exit.code !== 0) {
      // Vitest reports an error thrown here but still exits 0, so fail the run ourselves.
      process.exitCode = 1;
      console.error(
        `The server did not stop cleanly on SIGTERM (${JSON.stringify(exit)}); ` +
          'see test-results/e2e-server.log',
      );
    }
  };
}
