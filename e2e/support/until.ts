/**
 * Waits until a JavaScript expression is true in a page. Playwright's `waitForFunction` with a
 * string evaluates it with eval when it polls, which the app's Content-Security-Policy forbids
 * (no 'unsafe-eval'); `page.evaluate` goes through the DevTools protocol, which the CSP does not
 * govern.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function until(page: Page, expression: string, timeout = 10_000): Promise<void> {
  await expect.poll(() => page.evaluate(expression), { timeout }).toBe(true);
}
