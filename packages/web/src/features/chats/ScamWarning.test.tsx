/**
 * The scam shield as the receiving member meets it in a chat: a warning above each received
 * message the server flagged (never above the member's own), one tap on « Signaler » reports
 * the sender for 'scam' with the chat attached, « Ignorer » hides the warning for good on this
 * device, and a flagged message arriving live keeps its warning. The network is MSW; the
 * realtime socket is replaced by a hand that delivers events.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_REASONS, SCAM_TEXT, type TChatMessage } from '@app/shared';
import { api } from '../../test/msw';
import { chatDetails, chatMessage, jsonOf, ME, ok, ownProfile, refusal } from '../../test/contract';
import { renderScreen } from '../../test/render';
import ChatPage from './ChatPage';

const realtime = vi.hoisted(() => new Map<string, Set<(payload: unknown) => void>>());
vi.mock('../../realtime/socket', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../realtime/socket')>();
  return {
    ...real,
    connectRealtime: () => undefined,
    onRealtimeEvent: (event: string, handler: (payload: unknown) => void) => {
      const set = realtime.get(event) ?? new Set();
      set.add(handler);
      realtime.set(event, set);
      return () => void set.delete(handler);
    },
  };
});
const deliver = (event: string, payload: unknown) =>
  act(() => realtime.get(event)?.forEach((handler) => handler(payload)));

const BRICE = 22;
const SCAM = 'Envoie-moi 5000 F de crédit au 70 12 34 56, je te rembourse demain';

interface ReportServer {
  /** The path and body of each POST /users/{id}/report, in order. */
  reports: { path: string; body: Record<string, unknown> }[];
  /** When set, the next report is refused with this French message. */
  refuseWith: string | null;
  /** When set, answers wait for it (a slow network). */
  held: Promise<void> | null;
}

/** Chat 7 between the member (Awa) and Brice, who asked her for credit twice. */
function serveChat(messages: TChatMessage[], scamReported = false): ReportServer {
  const s: ReportServer = { reports: [], refuseWith: null, held: null };
  api.use(
    http.post('/api/profile', () => ok(ownProfile())),
    http.post('/api/chats/7', () => ok(chatDetails({ messages, scam_reported: scamReported }))),
    http.post('/api/chats/7/read', () => ok({ message_ids: [] })),
    http.post('/api/chats/7/typing', () => ok({})),
    http.post('/api/realtime/heartbeat', () => ok({})),
    http.get('/api/report-reasons', () =>
      ok(Object.entries(REPORT_REASONS).map(([id, label]) => ({ id, label }))),
    ),
    http.post('/api/users/:id/report', async ({ request }) => {
      s.reports.push({ path: new URL(request.url).pathname, body: await jsonOf(request) });
      await s.held;
      if (s.refuseWith) return refusal(422, s.refuseWith);
      return ok({}, { message: 'Signalement envoyé' }, 201);
    }),
    http.all('/socket.io/', () => HttpResponse.error()),
  );
  return s;
}

const flagged = (id: number, content = SCAM) =>
  chatMessage({ id, sender_id: BRICE, content, safety_warning: true });
const openChat = () => renderScreen('/chat/7', '/chat/:id', <ChatPage />);
const warnings = () => screen.queryAllByRole('note', { name: SCAM_TEXT.warning });
const warningAt = (i: number) => {
  const warning = warnings()[i];
  if (!warning) throw new Error(`no warning ${i}`);
  return warning;
};
/** The ids of the messages shown right under a warning. */
const warnedIds = () =>
  warnings().map((w) => w.nextElementSibling?.getAttribute('data-message-id'));
const reportButtons = () => screen.queryAllByRole('button', { name: SCAM_TEXT.report });

describe('the scam warning', () => {
  it("shows above a received flagged message, and never above the member's own", async () => {
    serveChat([
      chatMessage({ id: 1, content: 'Salut Awa' }),
      flagged(2),
      // Awa's own message says the same words: the server never flags the sender's side.
      chatMessage({ id: 3, sender_id: ME, content: SCAM, safety_warning: false }),
    ]);
    openChat();

    // Only one: findByRole refuses several.
    const warning = await screen.findByRole('note', { name: SCAM_TEXT.warning });
    expect(within(warning).getByText(SCAM_TEXT.notice)).toBeVisible();
    expect(within(warning).getByRole('button', { name: SCAM_TEXT.report })).toBeVisible();
    expect(within(warning).getByRole('button', { name: SCAM_TEXT.ignore })).toBeVisible();
    // Just above Brice's flagged message, not above his greeting or Awa's message.
    expect(warnedIds()).toEqual(['2']);
  });

  it('reports the sender for scam in one tap, with the chat, and thanks the member', async () => {
    const server = serveChat([flagged(2), flagged(3, 'Clique sur ce lien: bit.ly/cadeau')]);
    const user = userEvent.setup();
    openChat();

    await waitFor(() => expect(reportButtons()).toHaveLength(2));
    const report = within(warningAt(0)).getByRole('button', { name: SCAM_TEXT.report });
    // On a slow network, a second tap while the report is on its way sends nothing more.
    let answer: () => void = () => undefined;
    server.held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await user.click(report);
    await user.click(report);
    await waitFor(() => expect(server.reports).toHaveLength(1));
    answer();

    expect(await screen.findByText(SCAM_TEXT.reported)).toBeVisible();
    expect(server.reports).toMatchObject([
      { path: `/api/users/${BRICE}/report`, body: { reason: 'scam', chat_id: 7 } },
    ]);
    expect(server.reports[0]?.body).not.toHaveProperty('details');
    // The chat is reported: its other warning still warns, without a second « Signaler ».
    expect(warnings()).toHaveLength(1);
    expect(reportButtons()).toHaveLength(0);
    expect(screen.queryByText(SCAM_TEXT.notice)).not.toBeInTheDocument();
  });

  it('offers no « Signaler » on a device other than the one that reported: the server says so', async () => {
    // Nothing remembered on this phone; the member reported the chat from another one.
    localStorage.clear();
    const server = serveChat([flagged(2)], true);
    openChat();

    const warning = await screen.findByRole('note', { name: SCAM_TEXT.warning });
    expect(within(warning).queryByRole('button', { name: SCAM_TEXT.report })).toBeNull();
    expect(within(warning).queryByText(SCAM_TEXT.notice)).toBeNull();
    // It still warns, and can still be set aside.
    expect(within(warning).getByRole('button', { name: SCAM_TEXT.ignore })).toBeVisible();
    expect(server.reports).toHaveLength(0);
  });

  it("shows the server's refusal and keeps the buttons to try again", async () => {
    const server = serveChat([flagged(2)]);
    server.refuseWith = 'Trop de signalements, réessayez plus tard.';
    const user = userEvent.setup();
    openChat();

    await user.click(await screen.findByRole('button', { name: SCAM_TEXT.report }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de signalements, réessayez plus tard.',
    );
    expect(screen.queryByText(SCAM_TEXT.reported)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SCAM_TEXT.ignore })).toBeVisible();

    server.refuseWith = null;
    await user.click(screen.getByRole('button', { name: SCAM_TEXT.report }));
    expect(await screen.findByText(SCAM_TEXT.reported)).toBeVisible();
    expect(server.reports).toHaveLength(2);
  });

  it('is hidden by « Ignorer », still after the chat is opened again from scratch', async () => {
    const server = serveChat([flagged(2), flagged(3, 'Écris-moi sur WhatsApp')]);
    const user = userEvent.setup();
    const first = openChat();

    await waitFor(() => expect(warnedIds()).toEqual(['2', '3']));
    await user.click(within(warningAt(0)).getByRole('button', { name: SCAM_TEXT.ignore }));
    expect(warnedIds()).toEqual(['3']);

    first.unmount();
    const second = openChat();
    expect(await screen.findByText('Écris-moi sur WhatsApp')).toBeVisible();
    expect(warnedIds()).toEqual(['3']);
    expect(server.reports).toEqual([]);

    // The device's storage is what remembers: without it (another phone) the warning is back.
    second.unmount();
    localStorage.clear();
    openChat();
    await waitFor(() => expect(warnedIds()).toEqual(['2', '3']));
  });

  it('keeps the warning of a flagged message that arrives live, and after its edit', async () => {
    serveChat([chatMessage({ id: 1, content: 'Salut Awa' })]);
    openChat();
    await screen.findByText('Salut Awa');
    expect(warnings()).toHaveLength(0);

    deliver('message.sent', flagged(2));
    expect(await screen.findByRole('note', { name: SCAM_TEXT.warning })).toBeVisible();
    deliver('message.updated', {
      ...flagged(2, 'Envoie 2000 F seulement'),
      edited_at: '2026-11-20T10:05:00.000Z',
    });
    expect(await screen.findByText('Envoie 2000 F seulement')).toBeVisible();
    expect(warnings()).toHaveLength(1);
  });
});

describe('the report sheet', () => {
  it('says that reports go to the moderation team, above its button', async () => {
    serveChat([chatMessage({ id: 1, content: 'Salut Awa' })]);
    const user = userEvent.setup();
    openChat();

    await user.click(await screen.findByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Signaler' }));
    const sheet = await screen.findByRole('dialog', { name: 'Signaler ce membre' });
    const notice = within(sheet).getByText(SCAM_TEXT.notice);
    const send = within(sheet).getByRole('button', { name: 'Envoyer le signalement' });
    expect(notice.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("quiets the chat's scam warnings once the member reported it for scam there", async () => {
    const server = serveChat([flagged(2)]);
    const user = userEvent.setup();
    openChat();
    expect(await screen.findByRole('button', { name: SCAM_TEXT.report })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Signaler' }));
    const sheet = await screen.findByRole('dialog', { name: 'Signaler ce membre' });
    await user.click(await within(sheet).findByRole('radio', { name: REPORT_REASONS.scam }));
    await user.click(within(sheet).getByRole('button', { name: 'Envoyer le signalement' }));

    expect(await screen.findByText('Signalement envoyé')).toBeVisible();
    expect(server.reports).toMatchObject([{ body: { reason: 'scam', chat_id: 7 } }]);
    expect(warnings()).toHaveLength(1);
    expect(reportButtons()).toHaveLength(0);
  });
});
