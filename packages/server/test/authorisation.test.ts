/**
 * Every write is authorised: walks every operation of the OpenAPI description and proves that
 * nothing but the public calls answers without a session (401 with the envelope and
 * redirect_login), and that a revoked token is refused the same way. A new route lands in
 * PUBLIC only on purpose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The calls anyone may make, as the OpenAPI description names them. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/register',
  'POST /api/login',
  'POST /api/verify-otp',
  'POST /api/resend-otp',
  'POST /api/password/forgot',
  'POST /api/password/reset',
  'GET /api/auth/google',
  'POST /api/auth/google/callback',
  'GET /api/geo/locate',
  'GET /api/announcements',
  'GET /api/histoires',
  'POST /api/histoires/{id}/view',
  'POST /api/histoires/{id}/like',
  // Fixed lists and the VAPID public key: the same for everyone, nothing personal.
  'GET /api/support/reasons',
  'GET /api/report-reasons',
  'GET /api/passions',
  'GET /api/push/public-key',
]);

/** Routes that take a form (photos, voice): the token travels as a form field. */
const MULTIPART = new Set([
  'POST /api/complete-profile',
  'POST /api/profile/update',
  'POST /api/messages/image',
  'POST /api/messages/audio',
  'POST /api/profile/photos/add',
  'POST /api/profile/photos/{id}/replace',
  'POST /api/verification/selfies',
]);

async function formPayload(token: string | undefined) {
  const form = new FormData();
  form.set('chat_id', '1');
  if (token) form.set('token', token);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

async function operations() {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => ({ method: m.toUpperCase() as Method, path })),
  );
}

/** A concrete url: every {param} becomes 1. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('authorisation', () => {
  it('refuses every non-public call without a session, and with a revoked one', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(80);
    const names = new Set(ops.map((o) => `${o.method} ${o.path}`));
    // The lists above name real routes, so a renamed one cannot slip through unchecked.
    for (const known of [...PUBLIC, ...MULTIPART]) expect(names, known).toContain(known);
    const member = await createMember(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { token: member.token },
    });
    const open: string[] = [];
    for (const { method, path } of ops) {
      const name = `${method} ${path}`;
      if (PUBLIC.has(name)) continue;
      for (const token of [undefined, member.token]) {
        const res = await t.app.inject({
          method,
          url: urlOf(path),
          ...(MULTIPART.has(name)
            ? await formPayload(token)
            : method === 'GET' || method === 'DELETE'
              ? { headers: token ? { authorization: `Bearer ${token}` } : {} }
              : { payload: token ? { token } : {} }),
        });
        if (res.statusCode !== 401) open.push(`${name} → ${res.statusCode}`);
        else expect(res.json(), name).toMatchObject({ success: false });
      }
    }
    expect(open).toEqual([]);
  });
});
