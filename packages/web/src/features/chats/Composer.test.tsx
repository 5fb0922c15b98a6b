/**
 * The composer on its own, as the member uses it (spec 2 §4, §5): what is typed is kept as the
 * chat's draft until sent, typing is announced to the other member and stopped by the send, a
 * file that is not a photo is refused, and a locked chat asks for the unlock instead of
 * attaching or recording. The typing calls go to MSW at the fetch level.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonOf, ok } from '../../test/contract';
import { api } from '../../test/msw';
import { renderScreen } from '../../test/render';
import { Composer } from './Composer';

const typing: unknown[] = [];
beforeEach(() => {
  typing.length = 0;
  localStorage.clear();
  api.use(
    http.post('/api/chats/7/typing', async ({ request }) => {
      typing.push((await jsonOf(request)).is_typing);
      return ok({});
    }),
  );
});

function openComposer(locked = false) {
  const props = { onText: vi.fn(), onImage: vi.fn(), onVoice: vi.fn(), onLocked: vi.fn() };
  const view = renderScreen(
    '/chat/7',
    '/chat/:id',
    <Composer chatId={7} locked={locked} busy={false} {...props} />,
  );
  return { ...props, view };
}
const messageBox = () => screen.getByRole('textbox', { name: 'Votre message...' });

describe('the composer', () => {
  it("keeps what was typed as the chat's draft when left, and forgets it once sent", async () => {
    const user = userEvent.setup();
    const first = openComposer();
    await user.type(messageBox(), 'On se voit au maquis ?');
    first.view.unmount();

    const again = openComposer();
    expect(messageBox()).toHaveValue('On se voit au maquis ?');
    await user.type(messageBox(), '{Enter}');
    expect(again.onText).toHaveBeenCalledWith('On se voit au maquis ?');
    expect(messageBox()).toHaveValue('');
    again.view.unmount();

    openComposer();
    expect(messageBox()).toHaveValue('');
  });

  it('announces typing once while the box fills, and stops it when the message is sent', async () => {
    const user = userEvent.setup();
    openComposer();
    await user.type(messageBox(), 'Salut');
    await waitFor(() => expect(typing).toEqual([true]));
    await user.type(messageBox(), '{Enter}');
    await waitFor(() => expect(typing).toEqual([true, false]));
  });

  it('refuses a file that is not a photo, and attaches one that is', async () => {
    openComposer();
    const input = screen.getByTestId('image-input');
    const notes = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [notes] } });
    expect(await screen.findByText('Veuillez sélectionner une image valide')).toBeVisible();
    expect(screen.queryByRole('button', { name: "Retirer l'image" })).not.toBeInTheDocument();

    const photo = new File(['jpeg'], 'marche.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(await screen.findByRole('button', { name: "Retirer l'image" })).toBeVisible();
    expect(messageBox()).toHaveAttribute('placeholder', 'Ajouter une légende...');
  });

  it('asks for the unlock in a locked chat instead of attaching, recording or sending', async () => {
    const user = userEvent.setup();
    const { onLocked, onText } = openComposer(true);
    await user.click(screen.getByRole('button', { name: 'Joindre une photo' }));
    await user.click(screen.getByRole('button', { name: 'Message vocal' }));
    await user.type(messageBox(), 'Tu es là ?{Enter}');
    expect(onLocked).toHaveBeenCalledTimes(3);
    expect(onText).not.toHaveBeenCalled();
    expect(screen.queryByTestId('recorder')).not.toBeInTheDocument();
  });
});
