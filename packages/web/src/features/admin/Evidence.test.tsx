/**
 * A report's attached messages on its card: the count comes with the report, the messages are
 * read (and the reading written to the audit log by the server) only when the staff member opens
 * them, once; each is marked with its side, shown while loading, and a refusal is said in French.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TAdminReport, TEvidenceMessage } from '@app/shared';
import { api } from '../../test/msw';
import { ok, refusal } from '../../test/contract';
import { renderScreen } from '../../test/render';
import { Evidence } from './Evidence';

const REPORTED = 41;
const REPORTER = 12;

function report(over: Partial<TAdminReport> = {}): TAdminReport {
  return {
    id: 7,
    reason: 'scam',
    reason_label: 'Arnaque',
    details: null,
    evidence_count: 2,
    status: 'open',
    created_at: '2026-05-19T08:00:00.000Z',
    chat_id: 300,
    earlier_reports: 0,
    reporter: { id: REPORTER, name: 'Awa' },
    reported: {
      id: REPORTED,
      name: 'Koffi',
      email: 'koffi@test.bf',
      photo: null,
      blocked: false,
      announcements: 0,
    },
    ...over,
  };
}

const evidence: TEvidenceMessage[] = [
  // Newest first, as the server keeps them.
  {
    id: 2,
    sender_id: REPORTED,
    type: 'text',
    content: 'Envoie 5000 F',
    created_at: '2026-05-19T07:59:00.000Z',
  },
  {
    id: 1,
    sender_id: REPORTER,
    type: 'image',
    content: null,
    created_at: '2026-05-19T07:58:00.000Z',
  },
];

const show = (r: TAdminReport) =>
  renderScreen('/admin/signalements', '/admin/signalements', <Evidence report={r} />);

describe('Evidence', () => {
  it('reads the messages only once opened, once, in chat order with their sides', async () => {
    const readings: string[] = [];
    // The server answers once the loading state has been seen.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.use(
      http.get('/api/admin/reports/:id/evidence', async ({ params }) => {
        readings.push(String(params.id));
        await answered;
        return ok(evidence);
      }),
    );
    const user = userEvent.setup();
    show(report());
    const summary = screen.getByText('Messages joints (2)');
    // Time for a query started on render to reach the server.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(readings).toEqual([]);

    await user.click(summary);
    expect(screen.getByText('Chargement des messages...')).toBeInTheDocument();
    answer();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual([
      'adm-msg adm-msg-reporter',
      'adm-msg adm-msg-reported',
    ]);
    expect(within(items[0] as HTMLElement).getByText('[Photo]')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(/^Membre signalé · /)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Envoie 5000 F')).toBeInTheDocument();
    expect(readings).toEqual(['7']);

    await user.click(summary);
    await user.click(summary);
    expect(screen.getByText('Envoie 5000 F')).toBeInTheDocument();
    expect(readings).toEqual(['7']);
  });

  it('says so when nothing came with the report, without asking the server', () => {
    show(report({ evidence_count: 0 }));
    expect(screen.getByText('Aucun message joint.')).toBeInTheDocument();
    expect(screen.queryByText(/Messages joints/)).toBeNull();
  });

  it("shows the server's refusal in French and reads again on « Réessayer »", async () => {
    let calls = 0;
    api.use(
      http.get('/api/admin/reports/:id/evidence', () => {
        calls += 1;
        return calls === 1 ? refusal(404, 'Signalement introuvable') : ok(evidence);
      }),
    );
    const user = userEvent.setup();
    show(report());
    await user.click(screen.getByText('Messages joints (2)'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Signalement introuvable');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Envoie 5000 F')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
