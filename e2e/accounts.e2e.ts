/**
 * Sign-up end to end: the form, the code read from the mail that reached the local SMTP server,
 * the three-step wizard with a real photo, and the home screen with the 100-pièce signup gift.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { newPage, waitForMail } from './support/harness.js';

/** An address that the e2e server's offline city database (GEOIP_DATABASE) places in Ouagadougou. */
const OUAGADOUGOU_IP = '196.28.245.1';

const portrait = () =>
  sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r: 180, g: 90, b: 60 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="1200"><circle cx="450" cy="500" r="260" fill="#f3c9a5"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

describe('sign-up', () => {
  it('goes from the form to the home screen with the signup gift', async () => {
    const page = await newPage();
    // A phone on a Burkinabè mobile network (the e2e server trusts X-Forwarded-For): the wizard
    // suggests its town from the offline city database.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': OUAGADOUGOU_IP });
    const email = `awa.${Date.now()}@exemple.bf`;
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Karite-Soleil-2025');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/verify-otp', { timeout: 15_000 });

    const mail = await waitForMail(email);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Chiffre 1 sur 6').click();
    await page.keyboard.type(code ?? '');
    await page.waitForURL('**/step1', { timeout: 15_000 });

    await page.locator('input[type="file"]').setInputFiles({
      name: 'moi.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait(),
    });
    // At 360x740 the crop button shows above the wizard's sticky Précédent/Suivant bar, with
    // nothing scrolled (it used to sit half under it).
    const apply = page.getByRole('button', { name: 'Valider le recadrage' });
    await page.locator('.crop-image').evaluate(
      (img) =>
        new Promise((resolve) => {
          const el = img as unknown as { complete: boolean; onload: unknown };
          if (el.complete) resolve(null);
          else el.onload = resolve;
        }),
    );
    const applyBox = await apply.boundingBox();
    const barBox = await page.locator('.wizard-nav').boundingBox();
    if (!applyBox || !barBox) throw new Error('the crop button or the wizard bar is not laid out');
    expect(applyBox.y + applyBox.height).toBeLessThanOrEqual(barBox.y);
    await apply.click();
    await page.getByRole('button', { name: 'Suivant' }).click();

    await page.getByText('Femme', { exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Localité *').inputValue(), { timeout: 10_000 })
      .toBe('Ouagadougou, Burkina Faso');
    await page.getByRole('button', { name: 'Suivant' }).click();

    await page.getByLabel('Nom *').fill('Awa Kaboré');
    await page.getByLabel('Jour').fill('12');
    await page.getByLabel('Mois').fill('04');
    await page.getByLabel('Année').fill('1997');
    await page.getByRole('button', { name: 'Terminer' }).click();

    await page.waitForURL('**/home', { timeout: 20_000 });
    await expect
      .poll(async () => (await page.getByLabel('Mes pièces').textContent())?.trim(), {
        timeout: 10_000,
      })
      .toContain('100');
  });
});
