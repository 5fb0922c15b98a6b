/**
 * /buy-coins (spec 2 "Buy coins", §4, §8) as the member sees it: whatever the region, both
 * mobile money and the card can be chosen (the region only picks the first); the waiting overlay
 * ('Paiement en cours' while the provider has not answered, checked every 5 s), then 'Paiement
 * réussi' with the coins, or the failure's result that stays: 'Votre paiement a échoué', the
 * reason, the order number and 'Réessayer'. Requests are read with the shared zod schemas;
 * answers are typed from the shared contract.
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

/**
 * Statuses the provider will give, one per check; the last one repeats. `failedReason`: the
 * message a failed check answers with (the provider's reason).
 */
function servePayments(
  region: TPaymentRegionData['region'],
  statuses: TPaymentStatus[],
  failedReason = '',
  pack = COIN_PACKS[1],
) {
  const s = { coins: 150, checks: 0, inits: [] as Record<string, unknown>[] };
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
      balance: s.coins,
    });
    return ok(data, { status, ...(status === 'failed' ? { message: failedReason } : {}) });
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

/** Chooses `pack` and taps 'Acheter maintenant'. */
async function buy(user: ReturnType<typeof userEvent.setup>, pack: { coins: number }) {
  await user.click(
    await screen.findByRole('button', { name: new RegExp(`^${pack.coins} pièces`) }),
  );
  await user.click(screen.getByRole('button', { name: 'Acheter maintenant' }));
}

/**
 * Timeouts on the fake clock too (which also follows the real one, for the requests and the
 * queries' waits), so that a minute can pass for anything that would close the failure's result
 * on its own, as the toast it replaces did after 5 s.
 */
function withFakeTimeouts() {
  vi.useFakeTimers({
    toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    shouldAdvanceTime: true,
  });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}
const aMinuteLater = () => act(() => vi.advanceTimersByTimeAsync(60_000));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the payment overlay', () => {
  it('back from the card provider: waits while pending, then shows the coins and leads home', async () => {
    // The popular pack: 250 pièces and a 25-piece bonus.
    const { server, pack } = servePayments(
      'international',
      ['pending', 'success'],
      '',
      COIN_PACKS[2],
    );
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
    // It names what was credited, bonus included, and the balance it made.
    expect(pack.bonus).toBeGreaterThan(0);
    expect(
      within(done).getByText(
        `Votre achat a réussi ! Vous avez reçu ${pack.coins + pack.bonus} pièces.`,
      ),
    ).toBeVisible();
    expect(
      within(done).getByText(`${pack.coins} pièces + ${pack.bonus} pièces de bonus`),
    ).toBeVisible();
    expect(
      within(done).getByText(`Nouveau solde : ${150 + pack.coins + pack.bonus} pièces`),
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

  it('Orange Money: refuses an incomplete form, waits on the payment, then keeps its failure on screen and retries', async () => {
    const reason = 'Solde Orange Money insuffisant';
    const { server, pack } = servePayments('burkina', ['pending', 'failed'], reason);
    const user = userEvent.setup();
    renderScreen('/buy-coins', '/buy-coins', <BuyCoinsPage />);

    await buy(user, pack);
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
    const failed = await screen.findByRole('alertdialog', { name: 'Votre paiement a échoué' });
    expect(within(failed).getByText(reason)).toBeVisible();
    expect(within(failed).getByText('Numéro de commande')).toBeVisible();
    expect(within(failed).getByText('jeton-orange-0001')).toBeVisible();
    expect(within(failed).getByRole('button', { name: 'Réessayer' })).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Paiement en cours' })).not.toBeInTheDocument();

    // It stays, polling stopped, until the member chooses.
    await nextCheck();
    await nextCheck();
    expect(server.checks).toBe(2);
    expect(screen.getByRole('alertdialog', { name: 'Votre paiement a échoué' })).toBeVisible();

    // 'Réessayer' reopens Orange Money for the same pack, and a second payment can start.
    await user.click(within(failed).getByRole('button', { name: 'Réessayer' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const again = await screen.findByRole('dialog', { name: 'Paiement mobile' });
    expect(within(again).getByText(`${pack.coins} pièces`)).toBeVisible();
    expect(within(again).getByLabelText('Orange Money')).toBeChecked();
    await user.type(within(again).getByLabelText('Numéro de téléphone'), '70 12 34 56');
    await user.type(within(again).getByLabelText('Chiffre 1 du code OTP'), '482915');
    await user.click(within(again).getByRole('button', { name: 'Confirmer le paiement' }));
    expect(await screen.findByRole('dialog', { name: 'Paiement en cours' })).toBeVisible();
    expect(server.inits).toHaveLength(2);
  });

  it('back from the card provider to a failure: a generic reason, the payment id, Réessayer opens the card for the pack paid', async () => {
    const { server, pack } = servePayments('burkina', ['failed']);
    const user = withFakeTimeouts();
    renderScreen('/buy-coins?payment_id=1234567890', '/buy-coins', <BuyCoinsPage />);

    await screen.findByRole('dialog', { name: 'Paiement en cours' });
    await nextCheck();
    const failed = await screen.findByRole('alertdialog', { name: 'Votre paiement a échoué' });
    expect(
      within(failed).getByText(/Le paiement n'a pas abouti : il a été refusé, annulé/),
    ).toBeVisible();
    expect(within(failed).getByText('1234567890')).toBeVisible();
    // It stays, polling stopped, until the member chooses.
    await aMinuteLater();
    expect(screen.getByRole('alertdialog', { name: 'Votre paiement a échoué' })).toBeVisible();
    expect(server.checks).toBe(1);

    // The pack is found from the order's amount; the card (the way it was paid) reopens.
    await user.click(within(failed).getByRole('button', { name: 'Réessayer' }));
    const card = await screen.findByRole('dialog', { name: 'Paiement international' });
    expect(within(card).getByText(`${pack.coins} pièces`)).toBeVisible();
    expect(
      screen.getByRole('button', { name: new RegExp(`^${pack.coins} pièces`) }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it("a failure's result goes back to the offers", async () => {
    servePayments('international', ['failed']);
    const user = userEvent.setup();
    renderScreen('/buy-coins?payment_id=1234567890', '/buy-coins', <BuyCoinsPage />);

    await screen.findByRole('dialog', { name: 'Paiement en cours' });
    await nextCheck();
    const failed = await screen.findByRole('alertdialog', { name: 'Votre paiement a échoué' });
    await user.click(within(failed).getByRole('button', { name: 'Retour aux offres' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Choisissez une offre de pièces.' })).toBeVisible();
  });
});

describe('choosing how to pay', () => {
  it('in Burkina Faso: mobile money first, and the card one tap away', async () => {
    const { pack } = servePayments('burkina', ['pending']);
    const user = userEvent.setup();
    renderScreen('/buy-coins', '/buy-coins', <BuyCoinsPage />);

    await buy(user, pack);
    const mobile = await screen.findByRole('dialog', { name: 'Paiement mobile' });
    await user.click(
      within(mobile).getByRole('button', { name: 'Payer par carte (international)' }),
    );

    const card = await screen.findByRole('dialog', { name: 'Paiement international' });
    expect(screen.queryByRole('dialog', { name: 'Paiement mobile' })).not.toBeInTheDocument();
    expect(within(card).getByText(`${pack.coins} pièces`)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Confirmer le paiement' })).toBeEnabled();
    // And back again.
    await user.click(
      within(card).getByRole('button', { name: 'Payer par Orange Money / Moov Money' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Paiement mobile' })).toBeVisible();
  });

  it('elsewhere (or when the region is unknown): the card first, and mobile money one tap away', async () => {
    const { server, pack } = servePayments('international', ['pending']);
    const user = userEvent.setup();
    renderScreen('/buy-coins', '/buy-coins', <BuyCoinsPage />);

    await buy(user, pack);
    const card = await screen.findByRole('dialog', { name: 'Paiement international' });
    await user.click(
      within(card).getByRole('button', { name: 'Payer par Orange Money / Moov Money' }),
    );

    const mobile = await screen.findByRole('dialog', { name: 'Paiement mobile' });
    expect(
      screen.queryByRole('dialog', { name: 'Paiement international' }),
    ).not.toBeInTheDocument();
    await user.click(within(mobile).getByText('Moov Money', { exact: true }));
    await user.type(within(mobile).getByLabelText('Numéro de téléphone'), '76 12 34 56');
    await user.click(within(mobile).getByRole('button', { name: 'Confirmer le paiement' }));
    const overlay = await screen.findByRole('dialog', { name: 'Paiement en cours' });
    expect(
      within(overlay).getByText('Veuillez valider votre paiement en suivant les procédures SMS'),
    ).toBeVisible();
    expect(server.inits).toMatchObject([
      { amount: pack.price, pack_id: pack.id, payment_method: 'moov' },
    ]);
  });
});
