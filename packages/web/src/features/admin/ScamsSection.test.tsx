/**
 * The « Arnaques » queue as a staff member sees it: a card per flagged member (age of the
 * account, flagged chats, devices and the other accounts seen on them), the flagged messages read
 * only when « Voir les messages signalés » is opened (a reading the server writes to the audit
 * log), a page at a time, and the decisions offered by the member's state.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ZAdminReasonRequest, type TAdminFlaggedMessage, type TAdminScamMember } from '@app/shared';
import { api } from '../../test/msw';
import { jsonOf, ok } from '../../test/contract';
import { renderScreen } from '../../test/render';
import ScamsSection from './ScamsSection';

const DAY = 24 * 3_600_000;
/** The card's own badges (an account seen on its devices may be « Bloqué » too). */
const HEAD_BADGE = '.adm-card-head > .adm-badge';

function scamMember(over: Partial<TAdminScamMember> = {}): TAdminScamMember {
  return {
    id: 41,
    name: 'Koffi',
    email: 'koffi@test.bf',
    photo: null,
    created_at: new Date(Date.now() - 3 * DAY - 60_000).toISOString(),
    blocked: false,
    held_at: '2026-05-19T08:30:00.000Z',
    flagged_chats_24h: 3,
    flagged_chats: 4,
    flagged_messages: 3,
    last_flagged_at: '2026-05-19T08:29:00.000Z',
    devices: [
      {
        hash: 'abc123',
        first_seen_at: '2026-05-16T09:00:00.000Z',
        last_seen_at: '2026-05-19T08:00:00.000Z',
        accounts: [{ id: 57, name: 'Moussa', email: 'moussa@test.bf', blocked: true }],
      },
    ],
    ...over,
  };
}

function flagged(id: number, over: Partial<TAdminFlaggedMessage> = {}): TAdminFlaggedMessage {
  return {
    id,
    chat_id: 900 + id,
    sender_id: 41,
    type: 'text',
    content: `Envoie-moi du crédit ${id}`,
    created_at: '2026-05-19T08:00:00.000Z',
    ...over,
  };
}

const page = (n: number, hasMore: boolean) => ({
  pagination: { page: n, per_page: 2, has_more: hasMore },
});

/** The queue with `members`, and the flagged messages in two pages; records each reading. */
function serveQueue(members: TAdminScamMember[]) {
  const readings: string[] = [];
  const statuses: string[] = [];
  api.use(
    http.get('/api/admin/scams', ({ request }) => {
      statuses.push(new URL(request.url).searchParams.get('status') ?? '');
      return ok(members, page(1, false));
    }),
    http.get('/api/admin/scams/:id/messages', ({ params, request }) => {
      const n = Number(new URL(request.url).searchParams.get('page') ?? '1');
      readings.push(`${String(params.id)}:${n}`);
      return n === 1
        ? ok([flagged(3), flagged(2, { type: 'image', content: null })], page(1, true))
        : ok([flagged(1, { type: 'audio', content: null })], page(2, false));
    }),
  );
  return { readings, statuses };
}

const show = () => renderScreen('/admin/arnaques', '/admin/arnaques', <ScamsSection />);

describe('ScamsSection', () => {
  it("shows a held member's card: account age, flagged chats, devices, other accounts", async () => {
    const { statuses } = serveQueue([scamMember()]);
    show();
    const card = await screen.findByTestId('admin-scam');
    expect(statuses).toEqual(['held']);
    expect(within(card).getByRole('link', { name: /Koffi/ })).toHaveAttribute(
      'href',
      '/admin/membres/41',
    );
    expect(within(card).getByText('koffi@test.bf')).toBeInTheDocument();
    expect(within(card).getByText(/^Retenu le /)).toBeInTheDocument();
    expect(within(card).getByText('Compte créé il y a 3 jours')).toBeInTheDocument();
    expect(within(card).getByText('3 discussions signalées en 24 h')).toBeInTheDocument();
    expect(
      within(card).getByText('4 discussions / 3 messages signalés au total'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Moussa/ })).toHaveAttribute(
      'href',
      '/admin/membres/57',
    );
    expect(within(card).queryByText('Bloqué', { selector: HEAD_BADGE })).toBeNull();
    const buttons = within(card)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Avertir', 'Bloquer le compte', 'Lever la retenue']);
  });

  it('reads the flagged messages only once they are opened, then the next page on demand', async () => {
    const { readings } = serveQueue([scamMember()]);
    const user = userEvent.setup();
    show();
    const card = await screen.findByTestId('admin-scam');
    expect(readings).toEqual([]);

    await user.click(within(card).getByText('Voir les messages signalés (3)'));
    expect(
      within(card).getByText(
        'Seuls les messages signalés sont visibles. Chaque lecture est inscrite au journal.',
      ),
    ).toBeInTheDocument();
    expect(await within(card).findByText('Envoie-moi du crédit 3')).toBeInTheDocument();
    expect(within(card).getByText('[Photo]')).toBeInTheDocument();
    expect(within(card).getByText(/^Discussion #903 · /)).toBeInTheDocument();
    expect(readings).toEqual(['41:1']);

    await user.click(within(card).getByRole('button', { name: 'Voir plus' }));
    expect(await within(card).findByText('[Message vocal]')).toBeInTheDocument();
    expect(readings).toEqual(['41:1', '41:2']);
    expect(within(card).queryByRole('button', { name: 'Voir plus' })).toBeNull();

    // Closed and opened again: the messages are still there, not read a second time.
    await user.click(within(card).getByText('Voir les messages signalés (3)'));
    await user.click(within(card).getByText('Voir les messages signalés (3)'));
    expect(within(card).getByText('Envoie-moi du crédit 3')).toBeInTheDocument();
    expect(readings).toEqual(['41:1', '41:2']);
  });

  it('offers neither block for a blocked member nor release for one not held', async () => {
    serveQueue([scamMember({ blocked: true, held_at: null, flagged_chats_24h: 1 })]);
    show();
    const card = await screen.findByTestId('admin-scam');
    expect(within(card).getByText('Bloqué', { selector: HEAD_BADGE })).toBeInTheDocument();
    expect(within(card).queryByText(/^Retenu le /)).toBeNull();
    expect(within(card).getByText('1 discussion signalée en 24 h')).toBeInTheDocument();
    const buttons = within(card)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Avertir']);
  });

  it('releases the hold with the reason given, without reading the messages again', async () => {
    const { readings, statuses } = serveQueue([scamMember()]);
    const released: unknown[] = [];
    api.use(
      http.post('/api/admin/scams/:id/release', async ({ params, request }) => {
        released.push([params.id, ZAdminReasonRequest.parse(await jsonOf(request)).reason]);
        return ok(undefined, { message: 'Retenue levée.' });
      }),
    );
    const user = userEvent.setup();
    show();
    const card = await screen.findByTestId('admin-scam');
    await user.click(within(card).getByText('Voir les messages signalés (3)'));
    await within(card).findByText('Envoie-moi du crédit 3');
    await user.click(within(card).getByRole('button', { name: 'Lever la retenue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lever la retenue' });
    await user.type(within(dialog).getByLabelText('Raison'), 'Vendeur connu, faux positif');
    await user.click(within(dialog).getByRole('button', { name: 'Lever la retenue' }));
    await waitFor(() => expect(released).toEqual([['41', 'Vendeur connu, faux positif']]));
    expect(await screen.findByText('Retenue levée.')).toBeInTheDocument();
    // The queue is asked again after the action; the messages already read are not.
    await waitFor(() => expect(statuses).toEqual(['held', 'held']));
    expect(readings).toEqual(['41:1']);
  });
});
