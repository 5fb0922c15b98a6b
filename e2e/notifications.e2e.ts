/** A member's action reaches another member's bell live, without a reload. */
import { describe, expect, it } from 'vitest';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';

describe('notifications', () => {
  it('raises B’s badge when A writes to B, and the panel opens the chat', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Adama', 'homme'),
      createMemberViaApi('Bintou'),
    ]);
    const page = await signedInPage(b);
    await page.goto('/home');
    await page.getByLabel('Notifications').waitFor();
    await expect.poll(() => page.getByTestId('bell-badge').count()).toBe(0);

    const chat = await callApi('/chats/create', { other_user_id: b.id }, a.token);
    const chatId = Number(chat.data?.chat_id);
    await callApi('/messages/text', { chat_id: chatId, content: 'Bonjour Bintou !' }, a.token);

    await expect
      .poll(async () => (await page.getByTestId('bell-badge').textContent())?.trim(), {
        timeout: 10_000,
      })
      .toBe('1');
    await page.getByLabel('Notifications').click();
    await page.getByText('Voir le message').click();
    await page.waitForURL(`**/chat/${chatId}`);
  });
});
