/**
 * The wizard's photo step (spec 1 §2, §5) as the member uses it: a file that is not an image or
 * is too large is refused in French, an image opens the crop editor on a centred square of 90 %,
 * and applying it makes the JPEG to upload (quality 0.9, at most 1080 px) and opens 'Suivant'.
 * On step 2, a failed IP lookup leaves the locality empty with a hint, and the town list fills it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '@app/shared';
import { api } from '../../test/msw';
import { ok, ownProfile } from '../../test/contract';
import { pngFile, recordCanvases } from '../../test/images';
import { renderScreen } from '../../test/render';
import WizardPage from './WizardPage';

afterEach(() => {
  vi.restoreAllMocks();
});

function serveWizard() {
  const incomplete = ownProfile({ name: null, age: null, locality: null, photo: null });
  api.use(
    http.post('/api/profile', () => ok(incomplete)),
    http.get('/api/geo/locate', () => ok({ locality: 'Ouagadougou, Burkina Faso' })),
  );
}

/** The page's file picker (what 'Choisir une photo' opens). */
function filePicker(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

it('refuses what is not a usable photo, crops an image square and centred, and only then opens the next step', async () => {
  serveWizard();
  const canvases = recordCanvases();
  // Phones' pickers can offer any file despite accept="image/*".
  const user = userEvent.setup({ applyAccept: false });
  renderScreen('/step1', '/step1', <WizardPage />);

  expect(await screen.findByRole('heading', { name: 'Étape 1 sur 3' })).toBeVisible();
  const next = screen.getByRole('button', { name: 'Suivant' });
  expect(next).toBeDisabled();

  await user.upload(filePicker(), new File(['bonjour'], 'notes.txt', { type: 'text/plain' }));
  expect(screen.getByText('Veuillez sélectionner une image valide')).toBeVisible();
  const huge = new File([new Uint8Array(PHOTO_MAX_BYTES)], 'grande.png', { type: 'image/png' });
  await user.upload(filePicker(), huge);
  expect(screen.getByText("L'image doit faire moins de 5MB")).toBeVisible();
  expect(next).toBeDisabled();

  // A 4000 × 3000 phone photo: the editor starts on a square of 90 % of its height, centred.
  await user.upload(filePicker(), pngFile('visage.png', 4000, 3000));
  expect(await screen.findByText('Ajustez le cadre sur votre visage, puis validez.')).toBeVisible();
  expect(screen.getByRole('img', { name: 'Photo à recadrer' })).toBeVisible();
  expect(screen.queryByText("L'image doit faire moins de 5MB")).not.toBeInTheDocument();
  const apply = screen.getByRole('button', { name: 'Valider le recadrage' });
  await waitFor(() => expect(apply).toBeEnabled());
  expect(next).toBeDisabled();

  await user.click(apply);
  expect(await screen.findByText(/Photo prête/)).toBeVisible();
  expect(screen.getByRole('img', { name: 'Aperçu de votre photo de profil' })).toBeVisible();
  expect(next).toBeEnabled();

  // What will be uploaded: the 2700 px square from (650, 150), scaled to 1080 px, JPEG 0.9.
  expect(canvases).toHaveLength(1);
  const [jpeg] = canvases;
  expect(jpeg).toMatchObject({ width: 1080, height: 1080, type: 'image/jpeg', quality: 0.9 });
  const expected = [650, 150, 2700, 2700, 0, 0, 1080, 1080];
  jpeg?.drawn.forEach((value, i) => expect(value).toBeCloseTo(expected[i] ?? NaN, 3));
  expect(jpeg?.drawn).toHaveLength(expected.length);

  // The member can still go back to the editor, and move on.
  expect(screen.getByRole('button', { name: 'Recadrer' })).toBeVisible();
  await user.click(next);
  expect(await screen.findByRole('heading', { name: 'Étape 2 sur 3' })).toBeVisible();
  // The IP lookup placed the member: the locality is pre-filled, with no hint and no list.
  const locality = screen.getByRole('combobox', { name: 'Localité *' });
  await waitFor(() => expect(locality).toHaveValue('Ouagadougou, Burkina Faso'));
  expect(screen.queryByText(/pas pu deviner votre ville/)).not.toBeInTheDocument();
  expect(locality).toHaveAttribute('aria-expanded', 'false');
});

it('says when the IP lookup could not guess the town, and lets the member pick one from the list', async () => {
  const incomplete = ownProfile({ name: null, age: null, locality: null, photo: null });
  // Offline: the lookup never reaches the server.
  api.use(
    http.post('/api/profile', () => ok(incomplete)),
    http.get('/api/geo/locate', () => HttpResponse.error()),
  );
  recordCanvases();
  const user = userEvent.setup();
  renderScreen('/step1', '/step1', <WizardPage />);

  await user.upload(await waitFor(filePicker), pngFile('visage.png', 800, 800));
  const apply = await screen.findByRole('button', { name: 'Valider le recadrage' });
  await waitFor(() => expect(apply).toBeEnabled());
  await user.click(apply);
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  expect(await screen.findByRole('heading', { name: 'Étape 2 sur 3' })).toBeVisible();

  const locality = screen.getByRole('combobox', { name: 'Localité *' });
  expect(locality).toHaveValue('');
  expect(
    await screen.findByText(
      "Nous n'avons pas pu deviner votre ville : commencez à taper pour la choisir.",
    ),
  ).toBeVisible();

  await user.click(screen.getByText('Femme', { exact: true }));
  await user.type(locality, 'bobo');
  expect(screen.getAllByRole('option')[0]).toHaveTextContent('Bobo-Dioulasso, Burkina Faso');
  await user.keyboard('{ArrowDown}{Enter}');
  expect(locality).toHaveValue('Bobo-Dioulasso, Burkina Faso');
  expect(screen.getByRole('button', { name: 'Suivant' })).toBeEnabled();
});
