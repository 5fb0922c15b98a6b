/**
 * `npm run bench:lighthouse` (after `npm run build`): the first load as our members meet it:
 * Lighthouse's mobile audit (a phone at 360 px, Slow 4G: 150 ms RTT, 1.6 Mb/s, and a 4x slower
 * CPU, simulated: Lighthouse's own mobile profile) of /login and of the demo member's /home,
 * each in a Chromium of its own with a fresh profile. /login: performance and accessibility
 * against 95. /home is audited signed in and truly cold: the session is put in the origin's
 * storage from a blank page the bench answers itself on that origin (no app file is loaded),
 * the HTTP cache is then cleared, and no service worker was ever installed; Lighthouse is told
 * to keep storage. Its budgets: LCP ≤ 2.0 s, CLS ≤ 0.05. The proof that it was cold is
 * printed: the JS requests of the audited load and the bytes they moved, from Lighthouse's
 * own list of requests (a warm load moves none).
 *
 * The server is the real one (a child process on the embedded database, demo seed on) serving
 * the built web app; Chromium is Debian's (CHROMIUM_PATH to change it). Figures, not a test: it
 * exits non-zero only when an audit cannot run. LIGHTHOUSE_REPORTS=dir keeps the full reports.
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
const BUDGET = { score: 95, lcpMs: 2_000, cls: 0.05 };
const KB = 1024;
/** The address of the blank page the bench answers itself, on the app's origin. */
const BLANK_PATH = '/__bench-blank';
interface Row {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The audited load's requests, from Lighthouse's own list. */
  requests: { all: number; bytes: number; js: number; jsBytes: number; jsFromCache: number };
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

/**
 * Puts the session in the origin's storage of the Chromium that Lighthouse drives, without
 * loading any of the app: a blank page of that origin, answered by the bench (the request never
 * reaches the server), writes it; then the HTTP cache is emptied (the browser's own favicon
 * request, if any) and the origin is checked to have no service worker.
 */
async function storeSession(port: number, baseUrl: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.route(`${baseUrl}${BLANK_PATH}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>-</title>',
    }),
  );
  await page.goto(`${baseUrl}${BLANK_PATH}`);
  // The reward pop-ups are a once-a-day moment, not the screen we measure.
  const today = new Date().toISOString().slice(0, 10);
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)});` +
      `localStorage.setItem('daily_reward_shown', ${JSON.stringify(today)});`,
  );
  const workers = (await page.evaluate(
    'navigator.serviceWorker.getRegistrations().then((r) => r.length)',
  )) as number;
  if (workers > 0) throw new Error('a service worker is installed: /home would not be cold');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
  await browser.close();
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
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
  const dir = process.env.LIGHTHOUSE_REPORTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '') || 'root';
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(result.lhr));
  }
  const details = audits['network-requests']?.details;
  if (!details || details.type !== 'table') throw new Error(`no list of requests for ${url}`);
  const items = details.items as unknown as NetworkRequest[];
  const js = items.filter((i) => i.resourceType === 'Script');
  const bytes = (list: NetworkRequest[]) => list.reduce((s, i) => s + (i.transferSize ?? 0), 0);
  const num = (id: string) => audits[id]?.numericValue ?? NaN;
  return {
    page: new URL(url).pathname,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    requests: {
      all: items.length,
      bytes: bytes(items),
      js: js.length,
      jsBytes: bytes(js),
      jsFromCache: js.filter((i) => !i.transferSize).length,
    },
  };
}

/** A Chromium with a fresh profile of its own (chrome-launcher makes and removes it). */
const launch = () =>
  chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...HEADLESS_CHROMIUM_ARGS],
  });

// --- Report ---------------------------------------------------------------------------------

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const s2 = (ms: number) => (ms / 1000).toFixed(2);

function print(login: Row, home: Row) {
  console.log('\nLighthouse, mobile (Slow 4G, 4x CPU, simulated), each page in a fresh profile');
  console.log('page      perf  a11y   LCP ms   CLS     TBT ms  budget                  verdict');
  const line = (r: Row, budget: string, ok: boolean) =>
    console.log(
      [
        r.page.padEnd(8),
        String(r.performance).padStart(5),
        String(r.accessibility).padStart(5),
        r.lcpMs.toFixed(0).padStart(8),
        r.cls.toFixed(3).padStart(7),
        r.tbtMs.toFixed(0).padStart(9),
        ` ${budget.padEnd(23)}`,
        ok ? 'within budget' : 'OVER BUDGET',
      ].join(' '),
    );
  line(
    login,
    `perf, a11y ≥ ${BUDGET.score}`,
    login.performance >= BUDGET.score && login.accessibility >= BUDGET.score,
  );
  line(
    home,
    `LCP ≤ ${s2(BUDGET.lcpMs)} s, CLS ≤ ${BUDGET.cls}`,
    home.lcpMs <= BUDGET.lcpMs && home.cls <= BUDGET.cls,
  );
  console.log("\nThe audited loads, from Lighthouse's list of requests (transferred: on the wire)");
  for (const r of [login, home]) {
    const q = r.requests;
    console.log(
      `${r.page.padEnd(8)} ${q.all} requests, ${kb(q.bytes)} KB transferred; JS: ${q.js} ` +
        `requests, ${kb(q.jsBytes)} KB transferred, ${q.jsFromCache} from a cache`,
    );
  }
  const cold = home.requests.js > 0 && home.requests.jsBytes > 0 && home.requests.jsFromCache === 0;
  console.log(
    cold
      ? '/home was cold: every JS file crossed the network.'
      : '/home was NOT cold: some JS came from a cache (the figures above are not a first load).',
  );
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` first');
  }
  const server = await startServer({
    env: { DEMO_SEED: 'on', WEB_DIST: DIST },
    readyTimeoutMs: 300_000,
  });
  try {
    const loginChrome = await launch();
    let login: Row;
    try {
      login = await audit(`${server.baseUrl}/login`, loginChrome.port, false);
    } finally {
      loginChrome.kill();
    }
    const homeChrome = await launch();
    let home: Row;
    try {
      await storeSession(homeChrome.port, server.baseUrl, await signIn(server.baseUrl));
      home = await audit(`${server.baseUrl}/home`, homeChrome.port, true);
    } finally {
      homeChrome.kill();
    }
    print(login, home);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
