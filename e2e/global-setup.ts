/**
 * Vitest global setup for the browser flows: one real server process for the whole run (fresh
 * DATA_DIR, no demo data unless E2E_DEMO_SEED=on), stopped with SIGTERM at the end; a server that
 * does not stop cleanly fails the run. Its output goes to test-results/e2e-server.log.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { RESULTS_DIR, WEB_DIST } from './support/paths.js';
import { makeTempDir, startServer } from './support/server-process.js';
import { startSmtpCatcher } from '../packages/server/test/smtp-catcher.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** The server's DATA_DIR (uploads, dev outbox files…). */
    dataDir: string;
    /** JSON file mirroring every mail the local SMTP server received, oldest first. */
    mailFile: string;
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
  const server = await startServer({
    // TRUST_PROXY lets API-made test members come from distinct addresses (X-Forwarded-For), so
    // per-IP sign-up limits do not cap how many members a run can create.
    env: {
      DEMO_SEED: demoSeed,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'on',
    },
  }).catch(async (err: unknown) => {
    fs.rmSync(webDist, { recursive: true, force: true });
    await smtp.close();
    throw err;
  });
  project.provide('mailFile', mailFile);
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);

  return async () => {
    const exit = await server.stop();
    await smtp.close();
    fs.rmSync(webDist, { recursive: true, force: true });
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
