/**
 * The chat screen as a member uses it (spec 2 §2, §4): a locked chat asks for the unlock with
 * coins instead of sending, a too small balance leads to buying coins, and messages written
 * offline wait in the composer's outbox and leave once the phone is back online. The network
 * is MSW at the fetch level, answering from the shared contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MSG, CHAT_UNLOCK_COST, type TChatMessage } from '@app/shared';
import { api } from '../../test/msw';
import { chatDetails, chatMessage, jsonOf, ME, ok, ownProfile, refusal } from '../../test/contract';
import { renderScreen } from '../../test/render';
import ChatPage from './ChatPage';

interface ChatServer {
  locked: boolean;
  coins: number;
  /** Bodies of POST /messages/text, in order. */
  sent: Record<string, unknown>[];
  unlocks: number;
  /** A new chat: no message yet, and the first one sent locks it (the server's rule). */
  fresh: boolean;
  origin: 'contact' | 'match';
}

/** The API of one contact chat (id 7) where the member (Awa) started with Brice. */
function serveChat(start: Partial<ChatServer> = {}): ChatServer {
  const s: ChatServer = {
    locked: false,
    coins: 150,
    sent: [],
    unlocks: 0,
    fresh: false,
    origin: 'contact',
    ...start,
  };
  const messages: TChatMessage[] = s.fresh ? [] : [chatMessage({ id: 1, content: 'Salut Awa' })];
  const details = () =>
    chatDetails({
      messages,
      origin: s.origin,
      is_locked_for_user: s.locked,
      locked_sender: s.locked,
      user_coins: s.coins,
    });
  api.use(
    http.post('/api/profile', () => ok(ownProfile({ coins: s.coins }))),
    http.post('/api/chats/7', () => ok(details())),
    http.post('/api/chats/7/read', () => ok({ message_ids: [] })),
    http.post('/api/chats/7/typing', () => ok({})),
    http.post('/api/realtime/heartbeat', () => ok({})),
    http.post('/api/chats/7/unlock', () => {
      s.unlocks += 1;
      if (s.coins < 100) return refusal(422, CHAT_MSG.insufficient, { insufficient_coins: true });
      s.coins -= 100;
      s.locked = false;
      return ok({ chat: details(), user_coins: s.coins });
    }),
    http.post('/api/messages/text', async ({ request }) => {
      const body = await jsonOf(request);
      s.sent.push(body);
      if (s.locked) return refusal(403, CHAT_MSG.locked(100, true), { locked: true });
      const message = chatMessage({
        id: 100 + s.sent.length,
        sender_id: ME,
        content: String(body.content),
        status: 'sent',
        client_id: typeof body.client_id === 'string' ? body.client_id : null,
      });
      messages.push(message);
      if (s.fresh && s.origin === 'contact') s.locked = true;
      return ok(message, {}, 201);
    }),
    // The realtime socket has no server here: it stays down, the screen works without it.
    http.all('/socket.io/', () => HttpResponse.error()),
  );
  return s;
}

const openChat = () => renderScreen('/chat/7', '/chat/:id', <ChatPage />);
const messageBox = () => screen.getByRole('textbox', { name: 'Votre message...' });
const sendButton = () => screen.getByRole('button', { name: 'Envoyer' });

describe('a locked chat', () => {
  it('asks for the unlock instead of sending, then sends what was written once unlocked', async () => {
    const server = serveChat({ locked: true });
    const user = userEvent.setup();
    openChat();

    const lockedHint = CHAT_MSG.locked(100, true);
    expect(await screen.findByRole('button', { name: lockedHint })).toBeVisible();
    await user.type(messageBox(), 'Tu es là ?');
    await user.click(sendButton());

    const modal = await screen.findByRole('dialog', { name: 'Chat verrouillé' });
    expect(within(modal).getByText('Coût').nextElementSibling).toHaveTextContent('100 pièces');
    expect(within(modal).getByText('Votre solde').nextElementSibling).toHaveTextContent(
      '150 pièces',
    );
    expect(server.sent).toEqual([]);

    await user.click(within(modal).getByRole('button', { name: 'Déverrouiller (100 pièces)' }));
    expect(await screen.findByText('Chat déverrouillé avec succès !')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Chat verrouillé' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: lockedHint })).not.toBeInTheDocument();
    expect(server).toMatchObject({ unlocks: 1, coins: 50 });

    // Nothing written was lost: the text waited in the box and now leaves.
    expect(messageBox()).toHaveValue('Tu es là ?');
    await user.click(sendButton());
    await waitFor(() => expect(server.sent).toMatchObject([{ chat_id: 7, content: 'Tu es là ?' }]));
    expect(await screen.findByText('Tu es là ?')).toBeVisible();
    expect(messageBox()).toHaveValue('');
  });

  it('opens the insufficient-balance modal without calling the server, and leads to buying coins', async () => {
    const server = serveChat({ locked: true, coins: 40 });
    const user = userEvent.setup();
    openChat();

    await user.click(await screen.findByRole('button', { name: CHAT_MSG.locked(100, true) }));
    const modal = await screen.findByRole('dialog', { name: 'Chat verrouillé' });
    await user.click(within(modal).getByRole('button', { name: 'Déverrouiller (100 pièces)' }));

    const short = await screen.findByRole('dialog', { name: 'Solde Insuffisant' });
    expect(within(short).getByText('Pièces insuffisantes pour déverrouiller')).toBeVisible();
    expect(server.unlocks).toBe(0);
    await user.click(within(short).getByRole('button', { name: 'Acheter des pièces' }));
    expect(await screen.findByRole('heading', { name: 'Page /buy-coins' })).toBeVisible();
  });
});

describe('a new chat', () => {
  it('says before the first message that it is free, then what the lock costs and when it lifts', async () => {
    serveChat({ fresh: true });
    const user = userEvent.setup();
    openChat();

    const intro = await screen.findByRole('region', { name: 'Votre premier message est gratuit' });
    expect(
      within(intro).getByText(
        `Ensuite, le chat se verrouille jusqu'à ce que Brice vous réponde. Pour écrire à nouveau sans attendre, déverrouillez-le avec ${CHAT_UNLOCK_COST} pièces.`,
      ),
    ).toBeVisible();
    expect(
      within(intro).getByText('Dès que Brice répond, le verrou est levé gratuitement.'),
    ).toBeVisible();
    expect(within(intro).getByRole('link', { name: 'Conseils de sécurité' })).toHaveAttribute(
      'href',
      '/safety',
    );

    // The first message goes; the chat then shows it and the lock it announced.
    await user.type(messageBox(), 'Bonjour Brice');
    await user.click(sendButton());
    expect(await screen.findByText('Bonjour Brice')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('chat-intro')).toBeNull());
  });

  it('says nothing of a lock in a chat born of a match, which never locks', async () => {
    serveChat({ fresh: true, origin: 'match' });
    openChat();
    expect(await screen.findByRole('textbox', { name: 'Votre message...' })).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('chat-intro')).toBeNull());
  });
});

describe('the composer offline', () => {
  let online = true;
  const goOnline = (value: boolean) => {
    online = value;
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  };
  afterEach(() => {
    online = true;
    vi.restoreAllMocks();
  });

  it('keeps messages written offline, even when the chat is left, and sends them in order once back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const server = serveChat();
    const user = userEvent.setup();
    const first = openChat();
    await screen.findByText('Salut Awa');

    goOnline(false);
    await user.type(messageBox(), 'Premier message{Enter}');
    await user.type(messageBox(), 'Deuxième message{Enter}');
    const hint = 'Vos messages seront envoyés dès le retour de la connexion.';
    expect(await screen.findByText(hint)).toBeVisible();
    expect(screen.getByText('Premier message')).toBeVisible();
    expect(screen.getByText('Deuxième message')).toBeVisible();
    expect(screen.getAllByLabelText('En attente de connexion')).toHaveLength(2);
    expect(messageBox()).toHaveValue('');
    expect(server.sent).toEqual([]);

    // The member leaves the chat and comes back before the network does: nothing is lost.
    first.unmount();
    openChat();
    goOnline(true);
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent.map((b) => b.content)).toEqual(['Premier message', 'Deuxième message']);
    await waitFor(() =>
      expect(screen.queryByLabelText('En attente de connexion')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Premier message')).toBeVisible();
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  });
});
