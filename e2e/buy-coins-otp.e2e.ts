/**
 * The mobile-money modal of /buy-coins in detail (the run's local addresses are in Burkina Faso,
 * and the payment simulator stands in for the operators): the six Orange OTP boxes take a
 * pasted code and backspace moves back; a code short of six digits and a malformed phone number are refused with
 * the spec's French messages; the USSD code is copied with its toast; a Moov payment opens the
 * overlay asking to follow the SMS steps.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './support/harness.js';
import { createMemberViaApi } from './support/members.js';
import { quietPage } from './support/quiet-page.js';
import { RESULTS_DIR } from './support/paths.js';

/** Pack 2: 100 pièces for 500 FCFA. */
const PACK = { id: 2, price: 500 };

/** The member's /buy-coins with pack 2 chosen and the mobile-money modal open. */
async function mobileModal(name: string): Promise<{ page: Page; modal: Locator }> {
  const page = await quietPage(await createMemberViaApi(name));
  await page.goto('/buy-coins');
  await page.getByText('Populaire').waitFor();
  await page.getByTestId(`pack-${PACK.id}`).click();
  await page.getByRole('button', { name: 'Acheter maintenant' }).click();
  const modal = page.getByTestId('mobile-money-modal');
  await modal.waitFor();
  return { page, modal };
}

/** What the six OTP boxes hold, in order. */
function otpDigits(modal: Locator): Promise<string[]> {
  return Promise.all(
    [1, 2, 3, 4, 5, 6].map((i) => modal.getByLabel(`Chiffre ${i} du code OTP`).inputValue()),
  );
}

/** Pastes `text` into the first OTP box as a phone's paste would (a paste event with data). */
async function pasteIntoFirstBox(page: Page, text: string) {
  await page.getByLabel('Chiffre 1 du code OTP').focus();
  await page.evaluate(`(() => {
    const box = document.querySelector('[aria-label="Chiffre 1 du code OTP"]');
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(text)});
    box.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  })()`);
}

const focusedLabel = (page: Page) =>
  page.evaluate(`document.activeElement && document.activeElement.getAttribute('aria-label')`);

describe('buying coins with mobile money', () => {
  it(
    'fills the OTP boxes from a paste, moves back on backspace, refuses five digits and a bad number, copies the USSD code',
    {
      timeout: 60_000,
    },
    async () => {
      const { page, modal } = await mobileModal('Mariam');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: baseUrl,
      });

      // A pasted code fills all six boxes and leaves the focus on the last one.
      await pasteIntoFirstBox(page, '482 915');
      await expect.poll(() => otpDigits(modal)).toEqual(['4', '8', '2', '9', '1', '5']);
      expect(await focusedLabel(page)).toBe('Chiffre 6 du code OTP');

      // Backspace empties the last box, then, in the empty box, empties and focuses the one before.
      await page.keyboard.press('Backspace');
      await expect.poll(() => otpDigits(modal)).toEqual(['4', '8', '2', '9', '1', '']);
      await page.keyboard.press('Backspace');
      await expect.poll(() => otpDigits(modal)).toEqual(['4', '8', '2', '9', '', '']);
      expect(await focusedLabel(page)).toBe('Chiffre 5 du code OTP');

      // The hint says what the rule is: six digits. Five are refused before anything is sent.
      expect(
        await modal.getByText('Le code doit contenir 6 chiffres', { exact: true }).count(),
      ).toBe(1);
      const alert = modal.getByRole('alert');
      await modal.getByLabel('Numéro de téléphone').fill('70 12 34 56');
      await pasteIntoFirstBox(page, '12345');
      await expect.poll(() => otpDigits(modal)).toEqual(['1', '2', '3', '4', '5', '']);
      await modal.getByRole('button', { name: 'Confirmer le paiement' }).click();
      await expect
        .poll(() => alert.textContent())
        .toBe('Veuillez entrer un code OTP valide à 6 chiffres');

      // A number that is not 8 digits is refused with the French phone message.
      await pasteIntoFirstBox(page, '482915');
      await modal.getByLabel('Numéro de téléphone').fill('70 12 34 5');
      await modal.getByRole('button', { name: 'Confirmer le paiement' }).click();
      await expect
        .poll(() => alert.textContent())
        .toBe(
          'Numéro de téléphone invalide : entrez un numéro du Burkina Faso à 8 chiffres (ex. 70 12 34 56).',
        );
      expect(await page.getByTestId('payment-overlay').count()).toBe(0);

      // The USSD code with the pack's price is copied, with its toast.
      const ussd = `*144*4*6*${PACK.price}#`;
      expect(await modal.getByTestId('ussd-code').textContent()).toBe(ussd);
      await modal.getByRole('button', { name: 'Copier le code USSD' }).click();
      await page.getByText('Code USSD copié !').waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(ussd);
    },
  );

  it(
    'shows an Orange refusal where the eye is: in view, above the buttons, nothing over it',
    { timeout: 60_000 },
    async () => {
      const { page, modal } = await mobileModal('Fatou');
      await modal.getByLabel('Numéro de téléphone').fill('70 12 34 56');
      // The simulator refuses the code 000000, as the operator refuses a spent one.
      await pasteIntoFirstBox(page, '000000');
      await modal.getByRole('button', { name: 'Confirmer le paiement' }).click();
      const alert = modal.getByRole('alert');
      await expect.poll(() => alert.textContent()).toBe('OTP invalide ou paiement expiré');
      // The refused code is spent: the boxes are emptied for a new one.
      await expect.poll(() => otpDigits(modal)).toEqual(['', '', '', '', '', '']);

      // Fully inside the window, above the confirm button, and the topmost thing at its centre.
      const seen = await page.evaluate(`(() => {
        const alert = document.querySelector('[data-testid="mobile-money-modal"] [role="alert"]');
        const confirm = [...document.querySelectorAll('[data-testid="mobile-money-modal"] button')]
          .find((b) => b.textContent === 'Confirmer le paiement');
        const a = alert.getBoundingClientRect();
        const c = confirm.getBoundingClientRect();
        const top = document.elementFromPoint(a.left + a.width / 2, a.top + a.height / 2);
        return {
          inView: a.top >= 0 && a.bottom <= window.innerHeight && a.height > 0,
          aboveButton: a.bottom <= c.top,
          onTop: top === alert || alert.contains(top),
        };
      })()`);
      expect(seen).toEqual({ inView: true, aboveButton: true, onTop: true });
      await page.screenshot({ path: path.join(RESULTS_DIR, 'edge-2-orange-refusal.png') });
    },
  );

  it(
    'pays with Moov Money: the overlay asks to follow the SMS steps',
    {
      timeout: 60_000,
    },
    async () => {
      const { page, modal } = await mobileModal('Ramatou');
      // The radio itself is hidden under its label, which is what a finger taps.
      await modal.getByText('Moov Money', { exact: true }).click();
      expect(await modal.getByLabel('Moov Money').isChecked()).toBe(true);
      expect(await modal.getByLabel('Chiffre 1 du code OTP').count()).toBe(0);
      await modal.getByLabel('Numéro de téléphone').fill('76 12 34 56');
      await modal.getByRole('button', { name: 'Confirmer le paiement' }).click();

      const overlay = page.getByTestId('payment-overlay');
      await overlay.getByText('Paiement en cours').waitFor();
      await overlay
        .getByText('Veuillez valider votre paiement en suivant les procédures SMS')
        .waitFor();
      await overlay.getByText('Paiement réussi').waitFor({ timeout: 15_000 });
      await overlay.getByText('Votre achat a réussi ! Vous avez reçu 100 pièces.').waitFor();
    },
  );
});
