/**
 * The account screens beyond the happy sign-up: a forgotten password replaced with the code that
 * reached the local SMTP server, and the six code boxes (backspace moves back, a pasted code
 * fills every box and is checked at once).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, readMails, request, waitForMail } from './support/harness.js';
import { callApi, createMemberViaApi } from './support/members.js';

const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('forgotten password', () => {
  it('mails a code, sets the new password, and only the new one signs in', async () => {
    const member = await createMemberViaApi('Mariam');
    const page = await newPage();
    await page.goto('/login');
    await page.getByText('Mot de passe oublié ?').click();
    await page.waitForURL('**/forgot-password');
    // The URL changes before the lazy screen replaces the login form, which has an Email field
    // too: wait for the forgot-password form itself before typing into it.
    const send = page.getByRole('button', { name: 'Envoyer le code' });
    await send.waitFor();

    const before = (await readMails(member.email)).length;
    await page.getByLabel('Email').fill(member.email);
    await send.click();
    const mail = await waitForMail(member.email, { after: before });
    await page.getByLabel('Code reçu par email').fill(codeOf(mail.text));
    await page.getByLabel('Nouveau mot de passe').fill('Tamarinier-Doux-31');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.waitForURL('**/login');

    // The old session was revoked by the reset.
    const old = await request('/api/profile', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: member.token }),
    });
    expect(old.status).toBe(401);

    await signIn(page, member.email, 'Baobab-Fleuri-77');
    await page.getByText('Email ou mot de passe incorrect.').first().waitFor();
    await signIn(page, member.email, 'Tamarinier-Doux-31');
    await page.waitForURL('**/home', { timeout: 15_000 });
  });
});

describe('code boxes', () => {
  it('moves back on backspace and checks a pasted code at once', async () => {
    const email = `boxes.${Date.now()}@exemple.bf`;
    await callApi('/register', {
      email,
      password: 'Baobab-Fleuri-77',
      device_hash: `e2e-${email}`,
    });
    const mail = await waitForMail(email);
    const page = await newPage();
    await signIn(page, email, 'Baobab-Fleuri-77');
    await page.waitForURL('**/verify-otp', { timeout: 15_000 });

    const box = (n: number) => page.getByLabel(`Chiffre ${n} sur 6`);
    const focused = () => page.evaluate("document.activeElement?.getAttribute('aria-label')");
    await box(1).click();
    await page.keyboard.type('12');
    await expect.poll(() => focused()).toBe('Chiffre 3 sur 6');
    await page.keyboard.press('Backspace'); // box 3 is empty: clears box 2 and goes there
    await expect.poll(() => box(2).inputValue()).toBe('');
    expect(await focused()).toBe('Chiffre 2 sur 6');
    expect(await box(1).inputValue()).toBe('1');

    // A paste of the whole code into the first box (strings: no DOM types in the e2e build).
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text', ${JSON.stringify(codeOf(mail.text))});
      document.querySelector('[aria-label="Chiffre 1 sur 6"]')
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    })()`);
    await page.waitForURL('**/step1', { timeout: 15_000 });
  });
});
