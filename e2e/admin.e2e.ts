/**
 * The moderation console end to end (issue 10): a member publishes a story with a phone number
 * and is told it awaits validation; the console is closed to that member; an administrator (the
 * one the global setup seeds, signed in through POST /api/login) opens /admin on a phone, goes
 * to Histoires, sees why the story was held, approves it with a reason, and the member then
 * finds it in /histoires.
 */
import { describe, expect, it } from 'vitest';
import { STORY_MSG } from '@app/shared';
import { request } from './support/harness.js';
import { signInAdmin } from './support/admin.js';
import { createMemberViaApi, signedInPage } from './support/members.js';

async function feedText(): Promise<string> {
  return (await request('/api/histoires?page=1')).text();
}

describe('moderation console', () => {
  it('holds a story with a phone number until an admin approves it from /admin', async () => {
    const member = await createMemberViaApi('Salimata');
    const marker = `marché de Rood Woko ${Date.now()}`;
    const story = `Je l'ai rencontrée au ${marker}, appelez-moi au 70 12 34 56 pour la suite !`;

    const memberPage = await signedInPage(member);
    await memberPage.goto('/histoires/publier');
    await memberPage.getByLabel('Votre histoire').fill(story);
    await memberPage.getByRole('button', { name: 'Publier', exact: true }).click();
    await memberPage.getByText(STORY_MSG.pending).waitFor();
    await memberPage.waitForURL('**/histoires');
    expect(await feedText()).not.toContain(marker);

    // The console is staff only.
    await memberPage.goto('/admin');
    await memberPage.getByText("Accès réservé à l'équipe de modération.").waitFor();
    await memberPage.getByRole('link', { name: "Retour à l'accueil" }).waitFor();

    const admin = await signInAdmin();
    const page = await signedInPage(admin);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await page.getByText('Histoires en attente').waitFor();
    // A phone: the sections are a select.
    await page.getByRole('combobox', { name: 'Section' }).selectOption('/admin/histoires');
    await page.waitForURL('**/admin/histoires');

    const card = page.getByTestId('admin-story').filter({ hasText: marker });
    await card.getByText('Numéro de téléphone détecté').waitFor();
    await card.getByRole('button', { name: 'Approuver' }).click();

    const dialog = page.getByRole('dialog', { name: "Approuver l'histoire" });
    await dialog.getByRole('button', { name: 'Approuver' }).click();
    await dialog.getByText('La raison est requise').waitFor();
    await dialog.getByLabel('Raison').fill('Numéro fictif, histoire sincère');
    await dialog.getByRole('button', { name: 'Approuver' }).click();
    await page.getByText('Histoire publiée.').waitFor();
    await card.waitFor({ state: 'detached' });

    expect(await feedText()).toContain(marker);
    await memberPage.goto('/histoires');
    await memberPage.getByText(marker).waitFor();
  }, 60_000);
});
