/**
 * One headless Chromium per spec file (the system binary, a fresh temporary profile made by
 * Playwright on each launch) and a fresh 360x740 context per `newPage()`. The setup file closes
 * every context after each test, screenshotting its pages first when the test failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { HEADLESS_CHROMIUM_ARGS } from './chromium-flags.js';
import { RESULTS_DIR } from './paths.js';

// Tests are the one place besides config.ts that read the environment.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  // A fake microphone (a beep) granted without a prompt, so voice messages can be recorded.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
const VIEWPORT = { width: 360, height: 740 };
// Below the test timeout, so a missing text fails with Playwright's "waiting for…" message.
const ACTION_TIMEOUT_MS = 10_000;
const NAVIGATION_TIMEOUT_MS = 20_000;

/**
 * Desktop Chromium hides navigator.connection.type; this flag shows it as on Android, where the
 * app reads it (mobile data or Wi-Fi). Only the flows that test that choice launch with it.
 */
const CONNECTION_TYPE_ARGS = ['--enable-blink-features=NetInfoDownlinkMax'];

let browser: Promise<Browser> | null = null;
let connectionBrowser: Promise<Browser> | null = null;
const contexts: BrowserContext[] = [];

function launch(args: string[]): Promise<Browser> {
  return chromium
    .launch({ executablePath: CHROMIUM_PATH, headless: true, args })
    .catch((err: unknown) => {
      throw new Error(
        `cannot start Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set ` +
          `CHROMIUM_PATH): ${err instanceof Error ? err.message : String(err)}`,
      );
    });
}

function getBrowser(reportsConnection = false): Promise<Browser> {
  if (reportsConnection) {
    connectionBrowser ??= launch([...CHROMIUM_ARGS, ...CONNECTION_TYPE_ARGS]);
    return connectionBrowser;
  }
  browser ??= launch(CHROMIUM_ARGS);
  return browser;
}

export interface PageOptions {
  /** Block the service worker when a flow must see the network, not the PWA cache. */
  serviceWorkers?: 'allow' | 'block';
  /** navigator.connection.type shown, as on Android (set it with Network.emulateNetworkConditions). */
  reportsConnection?: boolean;
}

/** A page in its own fresh context (no cookies, no storage): a phone opening the app. */
export async function newPage(opts: PageOptions = {}): Promise<Page> {
  const chromiumBrowser = await getBrowser(opts.reportsConnection);
  const context = await chromiumBrowser.newContext({
    baseURL: inject('baseUrl'),
    viewport: VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Africa/Ouagadougou',
    serviceWorkers: opts.serviceWorkers ?? 'allow',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  contexts.push(context);
  return context.newPage();
}

/** Saves a PNG of every open page under test-results/, named after the test. */
export async function screenshotOpenPages(testName: string): Promise<string[]> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const slug = testName
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
  const saved: string[] = [];
  const pages = contexts.flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) {
    const file = path.join(RESULTS_DIR, `${slug}${pages.length > 1 ? `-${i + 1}` : ''}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
      saved.push(file);
    } catch {
      // A crashed or closed page has nothing to show; the assertion error says enough.
    }
  }
  return saved;
}

export async function closeContexts(): Promise<void> {
  const open = contexts.splice(0);
  await Promise.all(open.map((c) => c.close().catch(() => undefined)));
}

export async function closeBrowser(): Promise<void> {
  const launched = [browser, connectionBrowser];
  browser = null;
  connectionBrowser = null;
  await Promise.all(launched.map(async (b) => b && (await b).close()));
}
