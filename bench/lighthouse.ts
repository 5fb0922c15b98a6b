/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse's mobile audit of /login and of
 * the demo member's /home, as our members meet them: a phone at 360 px, Slow 4G (150 ms RTT,
 * 1.6 Mb/s) and a 4x slower CPU, simulated (Lighthouse's own mobile profile). Prints the
 * performance and accessibility scores beside their budget (95), with LCP, CLS and TBT.
 *
 * The server is the real one (a child process on the embedded database, demo seed on) serving
 * the built web app; Chromium is Debian's (CHROMIUM_PATH to change it). /home is audited signed
 * in: the demo member's session token is put in the page's storage over the DevTools protocol,
 * and Lighthouse is told to keep storage. Figures, not a test: it exits non-zero only when an
 * audit cannot run.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '@app/shared';
import { HEADLESS_CHROMIUM_ARGS } from '../e2e/support/chromium-flags.js';
import { startServer } from '../e2e/support/server-process.js';
import { DEMO_ACCOUNT } from '../packages/server/src/db/seed/demo-members.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'packages/web/dist');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const BUDGET = 95;

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_ACCOUNT, device_hash: 'bench-lighthouse' }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  const token = body.data?.token;
  if (!token) throw new Error(`demo sign-in failed (${res.status})`);
  return token;
}

/** Puts the session in the origin's storage of the Chromium that Lighthouse drives. */
async function storeSession(port: number, baseUrl: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${baseUrl}/policies`);
  // The reward pop-ups are a once-a-day moment, not the screen we measure.
  const today = new Date().toISOString().slice(0, 10);
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)});` +
      `localStorage.setItem('daily_reward_shown', ${JSON.stringify(today)});`,
  );
  await page.close();
  await browser.close();
}

async function audit(url: string, port: number, keepStorage: boolean): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits } = result.lhr;
  // LIGHTHOUSE_REPORTS=dir keeps each page's full report (JSON) to see where the time goes.
  const dir = process.env.LIGHTHOUSE_REPORTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '') || 'root';
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(result.lhr));
  }
  const num = (id: string) => audits[id]?.numericValue ?? NaN;
  return {
    page: new URL(url).pathname,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
  };
}

function print(rows: Row[]) {
  console.log('\nLighthouse, mobile (Slow 4G, 4x CPU, simulated); budget: both scores >= 95');
  console.log('page      perf  a11y   LCP ms   CLS     TBT ms  verdict');
  for (const r of rows) {
    const ok = r.performance >= BUDGET && r.accessibility >= BUDGET;
    console.log(
      [
        r.page.padEnd(8),
        String(r.performance).padStart(5),
        String(r.accessibility).padStart(5),
        r.lcpMs.toFixed(0).padStart(8),
        r.cls.toFixed(3).padStart(7),
        r.tbtMs.toFixed(0).padStart(9),
        ok ? '  within budget' : '  OVER BUDGET',
      ].join(' '),
    );
  }
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` first');
  }
  const server = await startServer({
    env: { DEMO_SEED: 'on', WEB_DIST: DIST },
    readyTimeoutMs: 300_000,
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...HEADLESS_CHROMIUM_ARGS],
  });
  try {
    const rows = [await audit(`${server.baseUrl}/login`, chrome.port, false)];
    await storeSession(chrome.port, server.baseUrl, await signIn(server.baseUrl));
    rows.push(await audit(`${server.baseUrl}/home`, chrome.port, true));
    print(rows);
  } finally {
    chrome.kill();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
