/**
 * Ownership on every id route: reads the OpenAPI description, finds every id a member route
 * takes (path parameter, *_id body or query field) and checks it against MATRIX
 * (authorisation-matrix.ts). For each member-owned thing, A makes it, B calls the route on it and
 * is refused (403/404) with no row changed, then the rightful member reaches it. A new id route
 * without an entry fails here. Staff routes are covered by authorisation-admin.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { EXTRA_ID_FIELDS, MATRIX, type Scene } from './authorisation-matrix.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
}

/** Every "METHOD path id" of the member API, as the OpenAPI description tells it. */
async function idsOfRoutes() {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const keys: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/admin/')) continue;
    for (const [m, op] of Object.entries(methods)) {
      const route = `${m.toUpperCase()} ${path}`;
      const fields = new Set<string>(EXTRA_ID_FIELDS[route] ?? []);
      for (const p of path.match(/\{[^}]+\}/g) ?? []) fields.add(p);
      for (const p of op.parameters ?? []) if (p.name.endsWith('_id')) fields.add(p.name);
      for (const c of Object.values(op.requestBody?.content ?? {}))
        for (const f of Object.keys(c.schema?.properties ?? {}))
          if (f.endsWith('_id')) fields.add(f);
      for (const f of fields) keys.push(`${route} ${f}`);
    }
  }
  return keys;
}

/** The rows a refused call must leave as they were. */
async function snapshot() {
  const tables = [
    'chats',
    'chat_participants',
    'messages',
    'notifications',
    'announcements',
    'payment_orders',
    'reports',
    'coin_movements',
    'blocks',
  ];
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = await t.db.query(`SELECT * FROM ${table} ORDER BY 1`);
  out.users = await t.db.query(`SELECT id, coins, blocked_at, deleted_at FROM users ORDER BY id`);
  return out;
}

async function scene(): Promise<Scene> {
  return {
    t,
    a: await createMember(t, { coins: 500 }),
    b: await createMember(t, { coins: 500 }),
    c: await createMember(t, { coins: 500 }),
  };
}

describe('authorisation matrix', () => {
  it('has an entry for every id a member route takes, and none for a route that is gone', async () => {
    const keys = await idsOfRoutes();
    expect(keys.length).toBeGreaterThan(30);
    const missing = keys.filter((k) => !(k in MATRIX));
    expect(missing, 'id routes without an authorisation entry').toEqual([]);
    const stale = Object.keys(MATRIX).filter((k) => !keys.includes(k));
    expect(stale, 'entries naming no route').toEqual([]);
  });

  const owned = Object.entries(MATRIX).flatMap(([k, e]) => ('owned' in e ? [[k, e] as const] : []));
  it.each(owned)("%s: B is refused on A's thing, nothing changes", async (_key, entry) => {
    const s = await scene();
    const thing = await entry.owned(s);
    const before = await snapshot();
    const res = await t.app.inject(await thing.request(s.b));
    expect(entry.refused ?? [403, 404], res.body).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ success: false });
    expect(await snapshot()).toEqual(before);
    // The same call by the member it belongs to gets through, so the refusal above was about B.
    const rightful = await t.app.inject(await thing.request(thing.rightful === 'a' ? s.a : s.c));
    expect([403, 404], rightful.body).not.toContain(rightful.statusCode);
  });

  const checks = Object.entries(MATRIX).flatMap(([k, e]) =>
    'check' in e ? [[k, e] as const] : [],
  );
  it.each(checks)("%s: a reference to another's thing is not followed", async (_key, entry) => {
    await entry.check(await scene());
  });
});
