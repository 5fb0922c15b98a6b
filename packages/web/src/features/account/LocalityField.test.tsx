/**
 * /edit-profile's locality: the town list suggests as the member types, and when the locate
 * button's IP lookup fails (offline) or places no town, the field says it could not guess it;
 * a later lookup that works offers its place instead.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { api } from '../../test/msw';
import { ok } from '../../test/contract';
import { LocalityField } from './LocalityField';

const HINT = "Nous n'avons pas pu deviner votre ville : commencez à taper pour la choisir.";

afterEach(() => {
  vi.restoreAllMocks();
});

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="edit-locality">Localité</label>
      <LocalityField
        id="edit-locality"
        value={value}
        maxLength={200}
        invalid={false}
        onChange={setValue}
      />
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Localité' });

it('suggests towns as the member types and takes the one tapped', async () => {
  const user = userEvent.setup();
  render(<Harness initial="" />);
  await user.type(field(), 'koud');
  await user.click(screen.getByRole('option', { name: /Koudougou/ }));
  expect(field()).toHaveValue('Koudougou, Burkina Faso');
});

it('says it could not guess the town when the lookup fails or finds nothing', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  let answer: () => Response = () => HttpResponse.error();
  api.use(http.get('/api/geo/locate', () => answer()));
  const user = userEvent.setup();
  render(<Harness initial="Lyon, France" />);
  const locate = screen.getByRole('button', { name: 'Détecter ma position' });
  expect(screen.queryByText(HINT)).not.toBeInTheDocument();

  await user.click(locate);
  expect(await screen.findByText(HINT)).toBeVisible();
  expect(field()).toHaveValue('Lyon, France');

  answer = () =>
    ok({ locality: 'Koudougou, Burkina Faso', city: null, country: null, country_code: 'BF' });
  await user.click(locate);
  expect(await screen.findByText(/Position détectée : Koudougou/)).toBeVisible();
  expect(screen.queryByText(HINT)).not.toBeInTheDocument();

  answer = () => ok({ locality: null, city: null, country: null, country_code: null });
  await user.click(locate);
  expect(await screen.findByText(HINT)).toBeVisible();
});
