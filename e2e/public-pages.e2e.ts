/** Pages anyone can open without an account, and the guard in front of the others. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './support/harness.js';

async function expectText(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

describe('public pages', () => {
  it('shows the terms with their last update date at /policies', async () => {
    const page = await newPage();
    await page.goto('/policies');
    await expectText(page, /Politiques & Conditions d['’]utilisation/);
    await expectText(page, '8 septembre 2025');
  });

  it('explains a blocked account and offers support and the way back at /blocked', async () => {
    const page = await newPage();
    await page.goto('/blocked');
    await expectText(page, 'Compte bloqué');
    await expectText(page, 'Contacter le support');
    await expectText(page, 'Retour à la connexion');
  });

  it('goes back to /login from the blocked page', async () => {
    const page = await newPage();
    await page.goto('/blocked');
    await page.getByText('Retour à la connexion').first().click();
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('guard', () => {
  it('sends a visitor without a session from /home to /login', async () => {
    const page = await newPage();
    await page.goto('/home');
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('boots the app on a deep link and sends a visitor without a session to /login', async () => {
    const page = await newPage();
    await page.goto('/chat/5');
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
