/**
 * Buying coins end to end with the payment simulator (the server under test runs with
 * NODE_ENV=test and no provider configured): the 250-coin pack through Orange Money, the
 * status overlay naming the 275 pièces credited (bonus included) and the new balance, 275 pièces
 * more in the top bar, and the order in /buying.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';

async function topBarCoins(page: Page): Promise<number> {
  const coins = page.getByLabel('Mes pièces');
  await expect
    .poll(async () => /\d+/.test((await coins.textContent()) ?? ''), { timeout: 10_000 })
    .toBe(true);
  return Number(/\d+/.exec((await coins.textContent()) ?? '')?.[0]);
}

describe('buying coins', () => {
  it('buys the 250-coin pack with Orange Money and sees 275 pièces more, then the order', async () => {
    const member = await createMemberViaApi('Awa');
    const page = await signedInPage(member);
    await page.goto('/home');
    const before = await topBarCoins(page);

    await page.getByLabel('Mes pièces').click();
    await page.waitForURL('**/buy-coins');
    await page.getByText('Populaire').waitFor();
    await page.getByTestId('pack-3').click();
    await expect.poll(() => page.getByTestId('pack-3').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Acheter maintenant' }).click();

    const modal = page.getByTestId('mobile-money-modal');
    await modal.waitFor();
    await expect.poll(() => modal.getByTestId('ussd-code').textContent()).toBe('*144*4*6*1000#');
    await modal.getByLabel('Orange Money').check();
    await modal.getByLabel('Numéro de téléphone').fill('70 12 34 56');
    await modal.getByLabel('Chiffre 1 du code OTP').click();
    await page.keyboard.type('482915');
    await modal.getByRole('button', { name: 'Confirmer le paiement' }).click();

    const overlay = page.getByTestId('payment-overlay');
    await overlay.getByText('Paiement en cours').waitFor();
    await overlay.getByText('Votre paiement est en cours de traitement...').waitFor();
    await overlay.getByText('Paiement réussi').waitFor({ timeout: 15_000 });
    // What was credited, bonus included, and the balance it made.
    await overlay.getByText('Votre achat a réussi ! Vous avez reçu 275 pièces.').waitFor();
    await overlay.getByText('250 pièces + 25 pièces de bonus').waitFor();
    await overlay.getByText(`Nouveau solde : ${before + 275} pièces`).waitFor();
    await overlay.getByRole('button', { name: "Retour à l'accueil" }).click();

    await page.waitForURL('**/home');
    await expect.poll(() => topBarCoins(page), { timeout: 10_000 }).toBe(before + 275);

    await page.goto('/buying');
    const purchase = page.getByTestId('purchase').first();
    await purchase.getByText(/^Achat #\d+$/).waitFor();
    await purchase.getByText('Réussi').waitFor();
    await expect
      .poll(async () => (await purchase.textContent())?.replace(/\s/g, ' '))
      .toMatch(/Montant1 000 FCFAPièces275Date/);
  }, 60_000);

  it("shows a failed payment's reason in French, its order number and Réessayer, until the member chooses", async () => {
    const member = await createMemberViaApi('Fatim');
    const page = await signedInPage(member);
    await page.goto('/buy-coins');
    await page.getByTestId('pack-1').click();
    await page.getByRole('button', { name: 'Acheter maintenant' }).click();
    const modal = page.getByTestId('mobile-money-modal');
    await modal.getByLabel('Orange Money').check();
    // The simulator fails a number ending in 0 at the first check, for an empty balance.
    await modal.getByLabel('Numéro de téléphone').fill('70 12 34 50');
    await modal.getByLabel('Chiffre 1 du code OTP').click();
    await page.keyboard.type('482915');
    await modal.getByRole('button', { name: 'Confirmer le paiement' }).click();

    const overlay = page.getByTestId('payment-overlay');
    await overlay.getByText('Votre paiement a échoué').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => overlay.getByTestId('payment-failed-reason').textContent())
      .toBe('Solde insuffisant sur votre compte mobile money.');
    expect(await overlay.getByTestId('payment-order-id').textContent()).toMatch(/\S{8,}/);
    // It stays: no toast that vanishes.
    await page.waitForTimeout(6_000);
    await overlay.getByRole('button', { name: 'Réessayer' }).waitFor();
    await overlay.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByTestId('mobile-money-modal').waitFor();
  }, 60_000);

  it('resumes a card payment when the browser comes back from the payment page', async () => {
    const member = await createMemberViaApi('Kadi');
    const paymentId = `${Date.now()}`.slice(-9).padStart(9, '7') + '1';
    const init = await callApi(
      '/init-cinet',
      { payment_id: paymentId, amount: 500, pack_id: 2 },
      member.token,
    );
    const page = await signedInPage(member);
    // The simulator's payment page is our return URL, which sends the browser to /buy-coins.
    await page.goto(String(init.data?.payment_url));
    await page.waitForURL(`**/buy-coins?payment_id=${paymentId}`);
    const overlay = page.getByTestId('payment-overlay');
    await overlay.getByText('Vérification du paiement en cours...').waitFor();
    await overlay.getByText('Votre achat a réussi ! Vous avez reçu 100 pièces.').waitFor({
      timeout: 15_000,
    });
    await page.goto('/buying');
    await page.getByTestId('purchase').first().getByText('Réussi').waitFor();
  }, 60_000);
});
