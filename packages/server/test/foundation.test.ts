import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, freshDb, testConfig, type TestApp } from './helpers.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { AppError } from '../src/errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that needs a user, and one that throws, to exercise the shared machinery.
});
afterAll(() => t.close());

describe('health', () => {
  it('answers db ok and redis absent without REDIS_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { db: 'ok', redis: 'absent' } });
  });
});

describe('envelope and errors', () => {
  it('answers an unknown API path with a French 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: "Cette adresse n'existe pas." });
  });

  it('answers malformed JSON with 400 in French', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "awa@exemple.bf", oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Requête mal formée.',
      error: 'invalid_json',
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      message: 'Requête mal formée.',
      error: 'invalid_json',
    });
  });

  it('serves the history fallback for app routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/chat/12' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('describes every operation: its body, the envelope, its error statuses and its auth', async () => {
    type Op = {
      requestBody?: { content: Record<string, { schema: { properties?: object } }> };
      responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
      security?: unknown[];
    };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Op>>;
    }>();
    const ops = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ url, method, op })),
    );
    expect(ops.length).toBeGreaterThan(80);
    for (const { url, method, op } of ops) {
      // A creation registered from the route table documents its 201 instead.
      const success = op.responses['200'] ?? op.responses['201'];
      const ok = success?.content?.['application/json']?.schema.properties;
      expect(ok, `${method} ${url}`).toHaveProperty('success');
      expect(op.responses, `${method} ${url}`).toHaveProperty('400');
    }
    const find = (method: string, url: string) => {
      const op = doc.paths[url]?.[method];
      if (!op) throw new Error(`${method} ${url} missing`);
      return op;
    };
    const login = find('post', '/api/login');
    expect(login.requestBody?.content['application/json']?.schema.properties).toHaveProperty(
      'email',
    );
    expect(login.security).toBeUndefined();
    expect(login.responses).not.toHaveProperty('401');
    const chats = find('post', '/api/chats');
    expect(chats.security).toEqual([{ bearer: [] }]);
    expect(chats.responses['401']?.content?.['application/json']?.schema.properties).toHaveProperty(
      'errors',
    );
    // Uploads: their multipart fields, the file parts as binary, and the token they need.
    type Form = { required?: string[]; properties: Record<string, { format?: string }> };
    const form = (url: string) => {
      const op = find('post', url);
      expect(op.security, url).toEqual([{ bearer: [] }]);
      expect(op.responses, url).toHaveProperty('401');
      const schema = op.requestBody?.content['multipart/form-data']?.schema as Form | undefined;
      if (!schema) throw new Error(`${url}: no multipart body`);
      expect(schema.properties, url).toHaveProperty('token');
      return schema;
    };
    const image = form('/api/messages/image');
    expect(image.properties.image?.format).toBe('binary');
    expect(image.required).toEqual(expect.arrayContaining(['chat_id', 'image']));
    expect(form('/api/messages/audio').properties.audio?.format).toBe('binary');
    const complete = form('/api/complete-profile');
    expect(complete.required).toEqual(
      expect.arrayContaining(['photo', 'name', 'gender', 'birth_date', 'locality']),
    );
    const update = form('/api/profile/update');
    expect(update.properties.photo?.format).toBe('binary');
    expect(update.required ?? []).toEqual([]);
  });
});

describe('authentication hook', () => {
  let probe: TestApp;
  beforeAll(async () => {
    probe = await createTestApp();
  });
  afterAll(() => probe.close());

  it('reads the token from the body or the bearer header, refuses a missing or bad one', async () => {
    // A throwaway route registered on a separate app instance is not possible after ready();
    // /api/logout style calls come later, so check the hook through the decorator directly.
    const member = await createMember(probe);
    const blocked = await createMember(probe, { blocked: true });
    const call = async (headers: Record<string, string>, body?: object) => {
      const req = { headers, body, user: null as { id: number } | null };
      try {
        await probe.app.authenticate(req as never);
        return { userId: req.user?.id, err: null };
      } catch (e) {
        return { userId: undefined, err: e as AppError };
      }
    };
    expect((await call({}, { token: member.token })).userId).toBe(member.id);
    expect((await call({ authorization: `Bearer ${member.token}` })).userId).toBe(member.id);
    expect((await call({})).err?.status).toBe(401);
    expect((await call({ authorization: 'Bearer nope' })).err?.status).toBe(401);
    const isBlocked = await call({}, { token: blocked.token });
    expect(isBlocked.err?.status).toBe(403);
    expect(isBlocked.err?.extra).toMatchObject({ account_blocked: true });
  });
});

describe('unexpected errors', () => {
  it('answers 500 with a generic French message, never the stack or the SQL', async () => {
    const fresh = await freshDb();
    const app = await buildApp(testConfig(), { db: fresh.db });
    app.get('/api/boom', async () => {
      await app.deps.sql.query('SELECT * FROM table_that_does_not_exist');
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Une erreur est survenue.',
      error: 'internal',
    });
    expect(res.body).not.toMatch(/table_that_does_not_exist|at .*\.ts/);
    await app.close();
    await fresh.drop();
  });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.demoSeed).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });
  it('names the variable of an invalid value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO_SEED: 'maybe' })).toThrow(/DEMO_SEED/);
  });
  it('reads a relative DATA_DIR from the folder npm was run in, not the workspace', () => {
    // `npm start` at the root runs the server in packages/server with INIT_CWD at the root.
    const root = path.resolve('/srv/rencontre');
    expect(loadConfig({ INIT_CWD: root }).dataDir).toBe(path.join(root, 'data'));
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: '/var/lib/x' }).dataDir).toBe('/var/lib/x');
    expect(loadConfig({}).dataDir).toBe(path.resolve('data'));
  });
  it('turns the demo seed off in production', () => {
    expect(testConfig({ NODE_ENV: 'production' }).demoSeed).toBe(false);
  });
});
