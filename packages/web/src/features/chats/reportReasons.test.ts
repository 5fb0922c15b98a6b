/**
 * The report sheet's reasons come from GET /report-reasons, here answered by a real local HTTP
 * server; the page's relative '/api' calls are sent to it. When the call fails the sheet shows
 * 'Erreur de chargement' with 'Réessayer' instead of a built-in list.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, REPORT_REASONS } from '@app/shared';
import { fetchReportReasons, reportReasonsKey } from '../../api/useChatActions';
import ReportSheet from './ReportSheet';
import { CHAT_TEXT } from '../../lib/chats/texts';

const REASONS = Object.entries(REPORT_REASONS).map(([id, label]) => ({ id, label }));
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(req.url === '/api/report-reasons' ? answer.status : 404, {
      'Content-Type': 'application/json',
    });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  const realFetch = globalThis.fetch;
  // The browser resolves '/api/...' against the page's origin; here that origin is the server.
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(`${base}${url}`, init));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function sheetAfterLoad() {
  // No retry on mount: the markup is the sheet as it stands once the load has failed (in the
  // browser the mount would try once more, then land here).
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false } },
  });
  await client.prefetchQuery({ queryKey: reportReasonsKey, queryFn: fetchReportReasons });
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(ReportSheet, { chatId: 1, userId: 2, onClosed: () => undefined }),
    ),
  );
}

describe('report reasons', () => {
  it('lists the reasons the server gives', async () => {
    answer = { status: 200, body: { success: true, data: REASONS } };
    expect(await fetchReportReasons()).toEqual(REASONS);
    const html = await sheetAfterLoad();
    for (const r of REASONS) expect(html).toContain(`value="${r.id}"`);
    expect(html).not.toContain(CHAT_TEXT.loadError);
  });

  it('shows the load error with a retry, not a built-in list, when the server fails', async () => {
    answer = { status: 503, body: { success: false, message: 'Service indisponible' } };
    await expect(fetchReportReasons()).rejects.toThrow('Service indisponible');
    const html = await sheetAfterLoad();
    expect(html).toContain('Erreur de chargement');
    expect(html).toContain('Réessayer');
    expect(html).not.toContain('type="radio"');
  });

  it('fails in French when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    await expect(fetchReportReasons()).rejects.toThrow(MSG.network);
  });
});
