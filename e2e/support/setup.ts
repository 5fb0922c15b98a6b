/** Per-file setup of the e2e run: screenshots on failure, then contexts and browser closed. */
import { afterAll, afterEach } from 'vitest';
import { closeBrowser, closeContexts, screenshotOpenPages } from './browser.js';

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    const files = await screenshotOpenPages(ctx.task.fullName);
    for (const file of files) console.error(`screenshot: ${file}`);
  }
  await closeContexts();
});

afterAll(closeBrowser);
