/**
 * Earning and the purchase history in a real browser: 'Gagner des pièces' on /profile (joining
 * Facebook credits 50 pièces once, the browser goes to the configured link, the network is gone
 * from the list afterwards), and /buying, empty for a new member, then listing a purchase the
 * payment simulator settled.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';

/** The server's default SOCIAL_LINK_FACEBOOK (the e2e server sets none). */
const FACEBOOK_LINK = /^https:\/\/www\.facebook\.com\//;

async function menuCoins(page: Page): Promise<number> {
  const text = (await page.getByTestId('account-coins').textContent()) ?? '';
  return Number(/(\d+) pièces/.exec(text)?.[1] ?? NaN);
}

describe('earning coins', () => {
  it('joins Facebook for 50 pièces, goes to its page, and the network is then hidden', async () => {
    const kadi = await createMemberViaApi('Kadi');
    // Opening the app gives the daily bonus: take it first, so the balance holds still.
    await callApi('/verify-auth-status', {}, kadi.token);
    const before = Number((await callApi('/profile', {}, kadi.token)).data?.coins);

    const page = await signedInPage(kadi);
    // The network's page is outside; answer it here so the test stays offline.
    await page.route(FACEBOOK_LINK, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Facebook</title><h1>Facebook</h1>' }),
    );
    await page.goto('/profile');
    await expect.poll(() => menuCoins(page)).toBe(before);
    await page.getByRole('button', { name: 'Gagner des pièces' }).click();
    const modal = page.getByTestId('earn-coins-modal');
    await modal.getByRole('button', { name: /Rejoindre TikTok/ }).waitFor();
    await modal.getByRole('button', { name: /Rejoindre YouTube/ }).waitFor();
    await modal.getByRole('button', { name: /Rejoindre Facebook/ }).click();

    await modal.getByText('Vous avez gagné 50 pièces en rejoignant Facebook !').waitFor();
    await expect.poll(() => menuCoins(page)).toBe(before + 50);
    // After the profile reload the browser opens the configured link.
    await page.waitForURL(FACEBOOK_LINK);

    const profile = await callApi('/profile', {}, kadi.token);
    expect(profile.data?.coins).toBe(before + 50);
    expect(profile.data?.social_media).toMatchObject({ joined_facebook: true });

    await page.goto('/profile');
    await expect.poll(() => menuCoins(page)).toBe(before + 50);
    await page.getByRole('button', { name: 'Gagner des pièces' }).click();
    await modal.getByRole('button', { name: /Rejoindre TikTok/ }).waitFor();
    await modal.getByRole('button', { name: /Rejoindre YouTube/ }).waitFor();
    expect(await modal.getByRole('button', { name: /Rejoindre Facebook/ }).count()).toBe(0);
  });
});

describe('purchase history', () => {
  it('is empty for a new member, then lists a settled purchase', async () => {
    const moussa = await createMemberViaApi('Moussa', 'homme');
    const page = await signedInPage(moussa);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Mes achats' }).click();
    await page.waitForURL('**/buying');
    await page.getByRole('heading', { name: 'Aucun achat' }).waitFor();
    await page.getByText("Vous n'avez pas encore effectué d'achat de pièces.").waitFor();

    // The 100-coin pack through Moov Money; the simulator settles it at the first check.
    const init = await callApi(
      '/init-bf-payment',
      { amount: 500, pack_id: 2, phone: '70 12 34 56', payment_method: 'moov' },
      moussa.token,
    );
    const check = await callApi(
      '/check-bf-payment',
      { token: String(init.data?.token) },
      moussa.token,
    );
    expect(check.data?.status).toBe('success');
    const mine = await callApi('/my-payments', {}, moussa.token);
    const orders = Array.isArray(mine.data) ? (mine.data as { id: number }[]) : [];
    expect(orders).toHaveLength(1);

    await page.reload();
    const purchase = page.getByTestId('purchase');
    await purchase.getByText(`Achat #${orders[0]?.id}`, { exact: true }).waitFor();
    await purchase.getByText('Réussi').waitFor();
    await expect
      .poll(async () => (await purchase.textContent())?.replace(/\s/g, ' '))
      .toMatch(/Montant500 FCFAPièces100Date/);
    expect(await purchase.count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Aucun achat' }).count()).toBe(0);
  });
});
