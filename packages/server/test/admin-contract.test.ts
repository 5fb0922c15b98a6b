/**
 * The console's calls answer through the route table: a field the contract does not name never
 * leaves the server (an order's phone number and payment link), dates are ISO strings, and a
 * filter outside its values is refused in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let buyer: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createMember(t, { name: 'Admin' });
  buyer = await createMember(t, { name: 'Acheteur' });
  await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
  const init = await t.app.inject({
    method: 'POST',
    url: '/api/init-bf-payment',
    headers: { authorization: `Bearer ${buyer.token}` },
    payload: { amount: 1000, phone: '70123456', payment_method: 'moov' },
  });
  expect(init.statusCode, init.body).toBe(200);
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${admin.token}` },
  });

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('console answers from the route table', () => {
  it("lists a member's orders without the phone number or the payment link", async () => {
    const res = await get(`/admin/members/${buyer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const member = res.json().data;
    expect(member.created_at).toMatch(ISO);
    expect(member.orders).toHaveLength(1);
    const [order] = member.orders;
    expect(order).toMatchObject({ user_id: buyer.id, amount: 1000, status: 'pending' });
    expect(order.created_at).toMatch(ISO);
    expect(order).not.toHaveProperty('phone');
    expect(order).not.toHaveProperty('payment_url');
    expect(order).not.toHaveProperty('next_check_at');
  });

  it('lists the payments queue with each member, and nothing the contract does not name', async () => {
    const res = await get('/admin/payments?status=pending');
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data.find((o: { user_id: number }) => o.user_id === buyer.id);
    expect(order).toMatchObject({ user_name: 'Acheteur', provider: expect.any(String) });
    expect(order).not.toHaveProperty('phone');
    expect(res.json().pagination).toEqual({ page: 1, per_page: 25, has_more: false });
  });

  it('refuses a filter outside its values in French', async () => {
    const res = await get('/admin/payments?provider=paypal');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'validation' });
    expect(res.body).toContain('Fournisseur invalide');
  });
});
