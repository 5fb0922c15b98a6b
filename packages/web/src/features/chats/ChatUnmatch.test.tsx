/**
 * « Ne plus voir ce profil » on the chat screen (issue 29): the menu asks first, then the chat
 * is left for the list; and the member on the other side finds a chat to read, not to write.
 * The network is MSW at the fetch level, answering from the shared contract.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHAT_MSG } from '@app/shared';
import { api } from '../../test/msw';
import { chatDetails, chatMessage, ok, ownProfile } from '../../test/contract';
import { renderScreen } from '../../test/render';
import ChatPage from './ChatPage';

/** Chat 7 with Brice; `closed` when Brice stopped seeing the member. Counts the unmatch calls. */
function serveChat(closed: boolean) {
  const calls = { unmatch: 0 };
  api.use(
    http.post('/api/profile', () => ok(ownProfile())),
    http.post('/api/chats/7', () =>
      ok(chatDetails({ messages: [chatMessage({ id: 1, content: 'Salut Awa' })], closed })),
    ),
    http.post('/api/chats/7/read', () => ok({ message_ids: [] })),
    http.post('/api/chats/7/unmatch', () => {
      calls.unmatch += 1;
      return ok(undefined, { message: CHAT_MSG.unmatched });
    }),
    http.post('/api/realtime/heartbeat', () => ok({})),
    http.all('/socket.io/', () => HttpResponse.error()),
  );
  return calls;
}

const openChat = () => renderScreen('/chat/7', '/chat/:id', <ChatPage />);

describe('« Ne plus voir ce profil »', () => {
  it('asks first, then leaves the chat for the list with a French confirmation', async () => {
    const calls = serveChat(false);
    const user = userEvent.setup();
    openChat();
    await screen.findByText('Salut Awa');

    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Ne plus voir ce profil' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ne plus voir ce profil ?' });
    expect(confirm).toHaveTextContent('Il pourra relire la discussion, mais plus vous écrire.');
    expect(calls.unmatch).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Ne plus voir' }));
    expect(await screen.findByRole('heading', { name: 'Page /chats' })).toBeVisible();
    expect(calls.unmatch).toBe(1);
    expect(await screen.findByText(CHAT_MSG.unmatched)).toBeVisible();
  });

  it('gives the other member the chat to read, with the reason in place of the composer', async () => {
    serveChat(true);
    openChat();
    expect(await screen.findByText('Salut Awa')).toBeVisible();
    await waitFor(() => expect(screen.getByText(CHAT_MSG.closed)).toBeVisible());
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Appeler' })).toBeNull();
  });
});
