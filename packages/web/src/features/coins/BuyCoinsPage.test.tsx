/**
 * The payment waiting overlay of /buy-coins (spec 2 "Buy coins", §4, §8) as the member sees
 * it: 'Paiement en cours' while the provider has not answered, checked every 5 s, then
 * 'Paiement réussi' with the coins, or closed with 'Votre paiement a échoué'. Requests are
 * read with the shared zod schemas; answers are typed from the shared contract.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COIN_PACKS,
  PAYMENT_POLL_INTERVAL_MS,
  ZCheckBfRequest,
  ZCheckCinetRequest,
  ZInitBfRequest,
  type TInitBfData,
  type TPaymentRegionData,
  type TPaymentStatus,
} from '@app/shared';
import { api } from '../../test/msw';
import { jsonOf, ok, ownProfile, paymentCheck } from '../../test/contract';
import { renderScreen } from '../../test/render';
import BuyCoinsPage from './BuyCoinsPage';

/** Statuses the provider will give, one per check; the last one repeats. */
function servePayments(region: TPaymentRegionData['region'], statuses: TPaymentStatus[]) {
  const s = { coins: 150, checks: 0, inits: [] as Record<string, unknown>[] };
  const pack = COIN_PACKS[1];
  if (!pack) throw new Error('no pack');
  const answer = (paymentId: string) => {
    const status = statuses[Math.min(s.checks, statuses.length - 1)] ?? 'pending';
    s.checks += 1;
    if (status === 'success' && s.checks === statuses.length) s.coins += pack.coins + pack.bonus;
    const data = paymentCheck({
      status,
      payment_id: paymentId,
      amount: pack.price,
      coins: pack.coins,
      bonus: pack.bonus,
    });
    return ok(data, { status });
  };
  const where: TPaymentRegionData = { region, country_code: region === 'burkina' ? 'BF' : 'FR' };
  api.use(
    http.post('/api/profile', () => ok(ownProfile({ coins: s.coins }))),
    http.get('/api/payments/region', () => ok(where)),
    http.post('/api/check-cinet-payment', async ({ request }) =>
      answer(ZCheckCinetRequest.parse(await jsonOf(request)).payment_id),
    ),
    http.post('/api/init-bf-payment', async ({ request }) => {
      const body = ZInitBfRequest.parse(await jsonOf(request));
      s.inits.push(body);
      const data: TInitBfData = { token: 'jeton-orange-0001', status: 'pending' };
      return ok(data, { token: data.token });
    }),
    http.post('/api/check-bf-payment', async ({ request }) =>
      answer(ZCheckBfRequest.parse(await jsonOf(request)).token),
    ),
  );
  return { server: s, pack };
}

/** Lets the overlay's 5 s check run once (only the polling interval runs on a fake clock). */
const nextCheck = () => act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the payment overlay', () => {
  it('back from the card provider: waits while pending, then shows the coins and leads home', async () => {
    const { server, pack } = servePayments('international', ['pending', 'success']);
    const user = userEvent.setup();
    renderScreen('/buy-coins?payment_id=1234567890', '/buy-coins', <BuyCoinsPage />);

    const overlay = await screen.findByRole('dialog', { name: 'Paiement en cours' });
    expect(within(overlay).getByText('Vérification du paiement en cours...')).toBeVisible();
    expect(server.checks).toBe(0);

    await nextCheck();
    await waitFor(() => expect(server.checks).toBe(1));
    expect(screen.getByRole('dialog', { name: 'Paiement en cours' })).toBeVisible();

    await nextCheck();
    const done = await screen.findByRole('dialog', { name: 'Paiement réussi' });
    expect(
      within(done).getByText(`Votre achat a réussi ! Vous avez reçu ${pack.coins} pièces.`),
    ).toBeVisible();
    // The balance behind the overlay is the new one.
    expect(
      await screen.findByText(`Solde actuel : ${150 + pack.coins + pack.bonus} pièces`),
    ).toBeInTheDocument();
    // Polling stopped with the success.
    await nextCheck();
    expect(server.checks).toBe(2);

    await user.click(within(done).getByRole('button', { name: "Retour à l'accueil" }));
    expect(await screen.findByRole('heading', { name: 'Page /home' })).toBeVisible();
  });

  it('Orange Money: refuses an incomplete form, then waits on the payment and closes on a failure', async () => {
    const { server, pack } = servePayments('burkina', ['pending', 'failed']);
    const user = userEvent.setup();
    renderScreen('/buy-coins', '/buy-coins', <BuyCoinsPage />);

    await user.click(
      await screen.findByRole('button', { name: new RegExp(`^${pack.coins} pièces`) }),
    );
    await user.click(screen.getByRole('button', { name: 'Acheter maintenant' }));
    const modal = await screen.findByRole('dialog', { name: 'Paiement mobile' });
    const confirm = within(modal).getByRole('button', { name: 'Confirmer le paiement' });

    await user.click(confirm);
    expect(within(modal).getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs');
    expect(server.inits).toEqual([]);

    await user.type(within(modal).getByLabelText('Numéro de téléphone'), '70 12 34 56');
    await user.type(within(modal).getByLabelText('Chiffre 1 du code OTP'), '482915');
    await user.click(confirm);

    const overlay = await screen.findByRole('dialog', { name: 'Paiement en cours' });
    expect(within(overlay).getByText('Votre paiement est en cours de traitement...')).toBeVisible();
    expect(server.inits).toMatchObject([
      { amount: pack.price, pack_id: pack.id, payment_method: 'orange', otp: '482915' },
    ]);

    await nextCheck();
    await waitFor(() => expect(server.checks).toBe(1));
    expect(screen.getByRole('dialog', { name: 'Paiement en cours' })).toBeVisible();
    await nextCheck();
    expect(await screen.findByText('Votre paiement a échoué')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
