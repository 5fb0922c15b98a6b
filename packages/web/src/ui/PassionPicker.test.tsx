/**
 * The passion chip grid: every catalogue passion as a toggle with its state for screen readers,
 * at most 5 chosen (the others disabled until one is removed), the choice kept in order.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { PASSIONS } from '@app/shared';
import { PassionPicker } from './PassionPicker';
import { DEFAULT_PASSION_ICON, passionIcon } from './passionIcons';

let latest: string[] = [];
function Harness({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <PassionPicker
      value={value}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}

const chip = (name: string) => screen.getByRole('button', { name });

it('toggles passions with aria-pressed and stops at 5', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  expect(screen.getByRole('group', { name: 'Vos passions' })).toBeVisible();
  expect(screen.getAllByRole('button')).toHaveLength(PASSIONS.length);
  expect(chip('Voyage')).toHaveAttribute('aria-pressed', 'false');

  for (const name of ['Voyage', 'Cinéma', 'Danse', 'Football', 'Cuisine'])
    await user.click(chip(name));
  expect(latest).toEqual(['voyage', 'cinema', 'danse', 'football', 'cuisine']);
  expect(chip('Cinéma')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('5/5')).toBeVisible();
  expect(screen.getByText(/Vous avez choisi 5 passions/)).toBeVisible();

  // A sixth cannot be chosen.
  expect(chip('Mode')).toBeDisabled();
  await user.click(chip('Mode'));
  expect(latest).toHaveLength(5);
  expect(chip('Mode')).toHaveAttribute('aria-pressed', 'false');

  // Removing one frees a place.
  await user.click(chip('Danse'));
  expect(latest).toEqual(['voyage', 'cinema', 'football', 'cuisine']);
  expect(chip('Mode')).toBeEnabled();
  await user.click(chip('Mode'));
  expect(latest).toEqual(['voyage', 'cinema', 'football', 'cuisine', 'mode']);
});

it('shows the passions already chosen as pressed', () => {
  render(<Harness initial={['balades', 'lecture']} />);
  expect(chip('Balades')).toHaveAttribute('aria-pressed', 'true');
  expect(chip('Lecture')).toHaveAttribute('aria-pressed', 'true');
  expect(chip('Art')).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByText('2/5')).toBeVisible();
});

it('gives every catalogue passion its own icon, and the default one to anything else', () => {
  const icons = PASSIONS.map((p) => passionIcon(p.key));
  expect(icons).not.toContain(DEFAULT_PASSION_ICON);
  expect(new Set(icons).size).toBe(PASSIONS.length);
  expect(passionIcon('Musique')).toBe(passionIcon('musique'));
  expect(passionIcon('Cinéma')).toBe(passionIcon('cinema'));
  expect(passionIcon('Bricolage')).toBe(DEFAULT_PASSION_ICON);
});
