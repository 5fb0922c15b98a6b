/**
 * The conversation's header shows the other member's 40 px avatar from the 160 px thumbnail,
 * not the 480 px card the answer names (issue 26: the card cost 13 KB of mobile data for a
 * small circle); a tap still opens the full photo.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api } from '../../test/msw';
import { chatDetails, chatMessage, ok, ownProfile } from '../../test/contract';
import { pngFile } from '../../test/images';
import { renderScreen } from '../../test/render';
import ChatPage from './ChatPage';

const CARD = '/uploads/photos/u2/brice-card.webp';

describe('the conversation header', () => {
  it('draws the avatar from the thumbnail and opens the full photo', async () => {
    const base = chatDetails({ messages: [chatMessage({ id: 1, content: 'Salut Awa' })] });
    const details = {
      ...base,
      participants: base.participants.map((p) => (p.is_current_user ? p : { ...p, photo: CARD })),
    };
    const png = await pngFile('p.png', 8, 8).arrayBuffer();
    api.use(
      http.post('/api/profile', () => ok(ownProfile())),
      http.post('/api/chats/7', () => ok(details)),
      http.post('/api/chats/7/read', () => ok({ message_ids: [] })),
      http.post('/api/realtime/heartbeat', () => ok({})),
      http.get('/uploads/*', () =>
        HttpResponse.arrayBuffer(png, { headers: { 'content-type': 'image/png' } }),
      ),
      http.all('/socket.io/', () => HttpResponse.error()),
    );
    renderScreen('/chat/7', '/chat/:id', <ChatPage />);

    await screen.findByText('Salut Awa');
    const avatar = screen.getByRole('button', { name: /Brice/ });
    await waitFor(() =>
      expect(avatar.querySelector('img')?.getAttribute('src')).toBe(
        '/uploads/photos/u2/brice-thumb.webp',
      ),
    );
    await userEvent.click(avatar);
    const viewer = await screen.findByRole('img', { name: /Brice/ });
    expect(viewer.getAttribute('src')).toBe('/uploads/photos/u2/brice-full.webp');
  });
});
