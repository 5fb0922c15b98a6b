/**
 * The dialog primitives: named by their title, described by their text, Escape and a tap on the
 * dim layer close them (unless the caller forbids the tap), the focus goes back to the opener,
 * and the topmost of two open dialogs is the one Escape closes.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { Dialog } from './Dialog';
import { Sheet } from './Sheet';

function Harness({ closeOnBackdrop }: { closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open && (
        <Dialog
          labelledBy="t"
          describedBy="d"
          closeOnBackdrop={closeOnBackdrop}
          onClose={() => setOpen(false)}
        >
          <h2 id="t">Titre du dialogue</h2>
          <p id="d">Le texte qui explique.</p>
          <button type="button" onClick={() => setInner(true)}>
            Voir la photo
          </button>
        </Dialog>
      )}
      {inner && (
        <Sheet label="Photo" onClose={() => setInner(false)}>
          <p>La photo</p>
        </Sheet>
      )}
    </>
  );
}

it('is labelled by its title, closes on Escape and gives the focus back', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Ouvrir' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Titre du dialogue' });
  expect(dialog.tagName).toBe('DIALOG');
  expect(dialog).toHaveAttribute('open');
  expect(dialog).toHaveAccessibleDescription('Le texte qui explique.');
  expect(dialog).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(opener).toHaveFocus();
});

it('closes on a tap on the dim layer, not on one inside the panel', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
  await user.click(screen.getByText('Le texte qui explique.'));
  const dialog = screen.getByRole('dialog', { name: 'Titre du dialogue' });
  await user.click(dialog);
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('stays open on a tap on the dim layer when the caller needs an answer', async () => {
  const user = userEvent.setup();
  render(<Harness closeOnBackdrop={false} />);
  await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
  await user.click(screen.getByRole('dialog', { name: 'Titre du dialogue' }));
  expect(screen.getByRole('dialog', { name: 'Titre du dialogue' })).toBeInTheDocument();
});

it('closes only the topmost of two open dialogs on Escape', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
  const photoButton = screen.getByRole('button', { name: 'Voir la photo' });
  await user.click(photoButton);
  expect(screen.getByRole('dialog', { name: 'Photo' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Photo' })).toBeNull();
  expect(screen.getByRole('dialog', { name: 'Titre du dialogue' })).toBeInTheDocument();
  expect(photoButton).toHaveFocus();
});
