/**
 * `call`: the route table decides the method and path, the input is typed from the request
 * schema (a wrong field does not compile) and the answer's data from the response schema.
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  TOKEN_STORAGE_KEY,
  type ApiErrorCode,
  type TPagination,
  type TSupportTicket,
} from '@app/shared';
import { call } from './call';

let sent: { url: string; init: RequestInit }[];

beforeEach(() => {
  sent = [];
  const storage = new Map<string, string>([[TOKEN_STORAGE_KEY, 'jeton-123']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const body = { success: false, message: 'Trop de tentatives.', error: 'rate_limited' };
    return new Response(JSON.stringify(body), { status: 429 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('posts the input as JSON to the path of the table, with the token', async () => {
    await call('support.myTickets', { page: 2, per_page: 20 });
    expect(sent[0]?.url).toBe('/api/support/my-tickets');
    expect(sent[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      token: 'jeton-123',
      page: 2,
      per_page: 20,
    });
  });

  it('sends a GET without a body', async () => {
    await call('support.reasons', {});
    expect(sent[0]?.url).toBe('/api/support/reasons');
    expect(sent[0]?.init).toMatchObject({ method: 'GET', body: undefined });
  });

  it("reads the error code and shows the app's French text for it", async () => {
    const res = await call('support.create', { reason: 'bug', description: 'Rien ne marche.' });
    expect(res).toMatchObject({
      success: false,
      error: 'rate_limited',
      message: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
    });
  });

  it('is typed from the route table, in and out', () => {
    const typeOnly = async () => {
      const created = await call('support.create', { reason: 'bug', description: 'x' });
      if (created.success) expectTypeOf(created.data).toEqualTypeOf<TSupportTicket | undefined>();
      else expectTypeOf(created.error).toEqualTypeOf<ApiErrorCode | undefined>();
      const mine = await call('support.myTickets', {});
      if (mine.success) expectTypeOf(mine.pagination).toEqualTypeOf<TPagination>();
      // The spec's extra top-level fields are typed on their branch, `undefined` on the other.
      const viewed = await call('stories.view', { id: 1 });
      if (viewed.success) expectTypeOf(viewed.views).toEqualTypeOf<number>();
      else expectTypeOf(viewed.retry_after).toEqualTypeOf<number | undefined>();
      expectTypeOf(viewed.views).toEqualTypeOf<number | undefined>();
      // @ts-expect-error: the answer is read through its typed fields, not an untyped copy
      void viewed.raw;
      // @ts-expect-error: the request schema has no such field
      void call('support.create', { wrong: 'x' });
      // @ts-expect-error: the description is required
      void call('support.create', { reason: 'bug' });
      // @ts-expect-error: not a route of the table
      void call('support.delete', {});
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
