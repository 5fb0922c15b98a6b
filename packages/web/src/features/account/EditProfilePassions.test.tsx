/**
 * /edit-profile's passions: the member's passions show as pressed chips, a change is sent with
 * the other fields as a JSON list of keys, and the server's French refusal shows under the grid.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { expect, it } from 'vitest';
import { PASSION_MSG } from '@app/shared';
import { api } from '../../test/msw';
import { ok, ownProfile, refusal } from '../../test/contract';
import { renderScreen } from '../../test/render';
import EditProfilePage from './EditProfilePage';

const me = ownProfile({ name: 'Awa', passions: ['voyage', 'cinema'], profile_complete: true });

it("sends the chosen passions with the profile, and shows the server's refusal", async () => {
  const sent: (string | null)[] = [];
  let refuse = true;
  api.use(
    http.post('/api/profile', () => ok(me)),
    http.post('/api/profile/photos', () => ok([])),
    http.post('/api/profile/update', async ({ request }) => {
      const passions = (await request.formData()).get('passions');
      sent.push(typeof passions === 'string' ? passions : null);
      if (refuse) {
        const message = PASSION_MSG.unknown('cinema');
        return refusal(400, message, { error: 'validation', errors: { passions: [message] } });
      }
      return ok({ ...me, passions: ['cinema', 'danse'] });
    }),
  );
  const user = userEvent.setup();
  renderScreen('/edit-profile', '/edit-profile', <EditProfilePage />);

  const voyage = await screen.findByRole('button', { name: 'Voyage' });
  expect(voyage).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Cinéma' })).toHaveAttribute('aria-pressed', 'true');
  await user.click(voyage);
  await user.click(screen.getByRole('button', { name: 'Danse' }));
  const save = screen.getByRole('button', { name: /Sauvegarder/ });

  await user.click(save);
  await waitFor(() => expect(sent).toEqual(['["cinema","danse"]']));
  expect(
    await screen.findByText(PASSION_MSG.unknown('cinema'), { selector: '.field-error' }),
  ).toBeVisible();

  refuse = false;
  await user.click(save);
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toBe('["cinema","danse"]');
  expect(await screen.findByRole('heading', { name: 'Page /profile' })).toBeVisible();
});
