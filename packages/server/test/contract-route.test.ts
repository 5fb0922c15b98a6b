/**
 * Routes registered from the shared route table: the answer goes through the response schema
 * (a field the contract does not name never leaves the server), refusals carry their code as
 * `error`, and the OpenAPI docs describe the same envelope and codes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { presentTicket } from '../src/modules/support/support.presenter.js';

// The presenter of a ticket lets a stray column through, as a careless change would.
vi.mock('../src/modules/support/support.presenter.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/modules/support/support.presenter.js')>();
  return {
    presentTicket: (row: Parameters<typeof real.presentTicket>[0]) => ({
      ...real.presentTicket(row),
      user_id: 4242,
      internal_note: 'ne doit pas sortir',
    }),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

describe('the response schema', () => {
  it('strips a field the contract does not name, on creation and in the list', async () => {
    const at = new Date();
    const row = { id: 1, reason: 'bug', description: 'x', status: 'pending', reply: null } as const;
    expect(
      presentTicket({ ...row, replied_at: null, created_at: at, updated_at: at }),
    ).toHaveProperty('internal_note');
    const m = await createMember(t);
    const created = await post('/support/create', {
      token: m.token,
      reason: 'bug',
      description: "L'application se ferme toute seule.",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.reason).toBe('bug');
    expect(created.json().data).not.toHaveProperty('user_id');
    expect(created.body).not.toContain('ne doit pas sortir');

    const list = await post('/support/my-tickets', { token: m.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().pagination).toEqual({ page: 1, per_page: 20, has_more: false });
    expect(Object.keys(list.json().data[0]).sort()).toEqual(
      [
        'created_at',
        'description',
        'id',
        'reason',
        'reason_label',
        'replied_at',
        'reply',
        'status',
        'updated_at',
      ].sort(),
    );
  });
});

describe('refusals', () => {
  it('carry their code as error', async () => {
    const m = await createMember(t);
    const bad = await post('/support/create', { token: m.token, reason: 'bug', description: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'validation' });
    const anonymous = await post('/support/create', { reason: 'bug', description: 'x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'unauthenticated' });
  });
});

describe('OpenAPI', () => {
  it('documents the envelope and the error codes from the route table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = res.json().paths['/api/support/create'].post;
    expect(op.tags).toEqual(['support']);
    const ok = op.responses['201'].content['application/json'].schema;
    expect(ok.properties.data.properties).toHaveProperty('reason_label');
    expect(op.responses).not.toHaveProperty('200');
    const refused = op.responses['400'].content['application/json'].schema;
    expect(refused.properties.error.enum).toEqual(
      expect.arrayContaining(['validation', 'rate_limited']),
    );
  });
});
