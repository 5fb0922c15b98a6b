/**
 * Two members chat in two browsers: a text and a photo reach the other page live, and the
 * sender's ticks turn blue once read. Then editing a message (seen live as '(modifié)'), the
 * search within the conversation, and unblocking from 'Membres bloqués'.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  messageWith,
  openChat,
  openConversation,
  sendPhoto,
  waitForPhotoShown,
} from './support/chats.js';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';

describe('chat', () => {
  it('delivers a text and a photo live to the other browser, and the ticks turn blue once read', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Adama', 'homme'),
      createMemberViaApi('Bintou'),
    ]);
    const chatId = await openChat(a, b, 'Bonjour Bintou', 'Bonjour Adama !');
    const [pageA, pageB] = await Promise.all([
      openConversation(a, chatId, 'Bonjour Adama !'),
      openConversation(b, chatId, 'Bonjour Adama !'),
    ]);
    await expect.poll(() => pageA.getByTestId('locked-hint').count()).toBe(0);

    // A text, typed and sent with Enter.
    const box = pageA.getByRole('textbox', { name: 'Votre message...' });
    await box.fill('On se voit samedi au maquis ?');
    await box.press('Enter');
    await messageWith(pageB, 'On se voit samedi au maquis ?').waitFor();
    // B's page is open and shown: it reads the message, and A's ticks turn blue.
    await messageWith(pageA, 'On se voit samedi au maquis ?')
      .getByRole('img', { name: 'Lu' })
      .waitFor();

    // A photo, attached, previewed, then sent.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#ff9f1c' },
    })
      .jpeg()
      .toBuffer();
    await sendPhoto(pageA, photo, 'maquis.jpg');
    // B really sees it: the signed link answered and the image decoded.
    await waitForPhotoShown(pageB);

    const photoOnA = pageA.getByTestId('message').filter({
      has: pageA.getByRole('img', { name: 'Photo', exact: true }),
    });
    await photoOnA.getByRole('img', { name: 'Lu' }).waitFor();
    await expect.poll(() => photoOnA.locator('[data-tick="read"]').count()).toBe(1);
    // Nothing of A's is left unread.
    await expect
      .poll(() => pageA.locator('.msg-row.mine [data-tick]:not([data-tick="read"])').count())
      .toBe(0);
  });

  it('shows an edit live as « (modifié) » and finds a message with the search', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Issa', 'homme'),
      createMemberViaApi('Kadi'),
    ]);
    const chatId = await openChat(a, b, 'Salut Kadi, rendez-vous au marché', 'Salut Issa');
    const [pageA, pageB] = await Promise.all([
      openConversation(a, chatId, 'Salut Issa'),
      openConversation(b, chatId, 'Salut Issa'),
    ]);

    // A taps their own message, then 'Modifier'.
    const mine = messageWith(pageA, 'rendez-vous au marché');
    await mine.getByText('rendez-vous au marché').click();
    await mine.getByRole('button', { name: 'Modifier' }).click();
    const sheet = pageA.getByRole('dialog', { name: 'Modifier le message' });
    await sheet.getByRole('textbox').fill('Salut Kadi, rendez-vous au grand marché de Rood Woko');
    await sheet.getByRole('button', { name: 'Enregistrer' }).click();
    await sheet.waitFor({ state: 'detached' });
    await messageWith(pageA, 'Rood Woko').getByText('(modifié)').waitFor();
    await messageWith(pageB, 'Rood Woko').getByText('(modifié)').waitFor();
    // Only one's own messages offer it.
    await expect
      .poll(() => messageWith(pageB, 'Rood Woko').getByRole('button', { name: 'Modifier' }).count())
      .toBe(0);

    // B searches the conversation; the result is loaded, so it scrolls to it.
    await pageB.getByRole('button', { name: 'Options' }).click();
    await pageB.getByRole('menuitem', { name: 'Rechercher dans la discussion' }).click();
    await pageB.getByRole('searchbox', { name: 'Rechercher un message' }).fill('rood');
    const result = pageB.getByTestId('search-result');
    await expect.poll(() => result.count()).toBe(1);
    await expect.poll(() => result.locator('mark').textContent()).toBe('Rood');
    await result.click();
    await expect
      .poll(() => pageB.getByRole('searchbox', { name: 'Rechercher un message' }).count())
      .toBe(0);
    await expect
      .poll(() => messageWith(pageB, 'Rood Woko').locator('.bubble.flash').count())
      .toBe(1);

    await pageB.getByRole('button', { name: 'Options' }).click();
    await pageB.getByRole('menuitem', { name: 'Rechercher dans la discussion' }).click();
    await pageB.getByRole('searchbox', { name: 'Rechercher un message' }).fill('introuvable');
    await pageB.getByText('Aucun message trouvé').waitFor();
  });

  it('lists blocked members and unblocks one after confirmation', async () => {
    const [a, b, c] = await Promise.all([
      createMemberViaApi('Moussa', 'homme'),
      createMemberViaApi('Nafi'),
      createMemberViaApi('Oumou'),
    ]);
    const page = await signedInPage(a);
    await page.goto('/blocked-members');
    await page.getByRole('heading', { name: 'Membres bloqués' }).waitFor();
    await page.getByText('Aucun membre bloqué').waitFor();

    await callApi(`/users/${b.id}/block`, {}, a.token);
    await callApi(`/users/${c.id}/block`, {}, a.token);
    await page.reload();
    const rows = page.getByTestId('blocked-member');
    await expect.poll(() => rows.count()).toBe(2);
    await rows
      .filter({ hasText: 'Nafi' })
      .getByText(/^Bloqué le /)
      .waitFor();

    await page.getByRole('button', { name: 'Débloquer Nafi' }).click();
    const sheet = page.getByRole('dialog', { name: 'Débloquer Nafi ?' });
    await sheet.getByRole('button', { name: 'Annuler' }).click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('button', { name: 'Débloquer Nafi' }).click();
    await sheet.getByRole('button', { name: 'Débloquer', exact: true }).click();
    await page.getByText('Membre débloqué.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.filter({ hasText: 'Oumou' }).waitFor();

    // The server agrees: Nafi can be written to again, Oumou is still blocked.
    const blocks = await callApi('/blocks', { page: 1 }, a.token);
    expect(JSON.stringify(blocks.data)).not.toContain('Nafi');
    const chat = await callApi('/chats/create', { other_user_id: b.id }, a.token);
    expect(Number(chat.data?.chat_id)).toBeGreaterThan(0);
  });
});
