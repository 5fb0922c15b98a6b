/**
 * The locality combobox: suggestions from the shipped towns appear as the member types, arrow
 * keys and Enter or a tap pick one, Escape closes the list, free text stays allowed, and the
 * field says so when the IP lookup could not guess the town.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { TownInput } from './TownInput';
import { UI_TEXT } from './texts';

function Harness({
  initial = '',
  guessFailed = false,
}: {
  initial?: string;
  guessFailed?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="town">Localité</label>
      <TownInput id="town" value={value} onChange={setValue} guessFailed={guessFailed} />
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Localité' });

it('suggests Bobo-Dioulasso for "bobo" and picks it with ArrowDown and Enter', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  expect(field()).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

  await user.type(field(), 'bobo');
  const list = screen.getByRole('listbox', { name: UI_TEXT.townSuggestions });
  expect(field()).toHaveAttribute('aria-expanded', 'true');
  expect(field()).toHaveAttribute('aria-controls', list.id);
  const options = screen.getAllByRole('option');
  expect(options[0]).toHaveTextContent('Bobo-Dioulasso, Burkina Faso');
  expect(options.length).toBeGreaterThan(1);

  await user.keyboard('{ArrowDown}');
  expect(options[0]).toHaveAttribute('aria-selected', 'true');
  expect(field()).toHaveAttribute('aria-activedescendant', options[0]?.id);
  await user.keyboard('{Enter}');
  expect(field()).toHaveValue('Bobo-Dioulasso, Burkina Faso');
  expect(field()).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});

it('moves through the list with the arrows, wrapping round, and closes on Escape', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.type(field(), 'ouaga');
  const options = screen.getAllByRole('option');
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(options[1]).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowUp}{ArrowUp}');
  expect(options.at(-1)).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(field()).toHaveValue('ouaga');
});

it('picks a district with a tap, in the "district, town, country" form', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.type(field(), 'patte');
  await user.click(screen.getByRole('option', { name: /Patte d'Oie/ }));
  expect(field()).toHaveValue("Patte d'Oie, Ouagadougou, Burkina Faso");
  expect(field()).toHaveFocus();
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});

it('keeps free text, and Enter without a chosen suggestion picks nothing', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.type(field(), 'Lyon, France{Enter}');
  expect(field()).toHaveValue('Lyon, France');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});

it('does not open the list for a pre-filled value until the member types', async () => {
  const user = userEvent.setup();
  render(<Harness initial="Ouagadougou, Burkina Faso" />);
  await user.click(field());
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});

it('says why the field is empty when the lookup could not guess the town', () => {
  const { unmount } = render(<Harness />);
  expect(screen.queryByText(UI_TEXT.townNotGuessed)).not.toBeInTheDocument();
  unmount();
  render(<Harness guessFailed />);
  expect(screen.getByText(UI_TEXT.townNotGuessed)).toBeVisible();
  expect(field()).toHaveAccessibleDescription(UI_TEXT.townNotGuessed);
});
