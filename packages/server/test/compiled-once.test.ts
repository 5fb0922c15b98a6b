/**
 * compiledOnce (db/kysely.ts): a statement built and compiled once answers each value it is run
 * with as the same statement built anew would, and refuses a value it cannot place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/db/kysely.js';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('compiledOnce', () => {
  it('runs the one compiled statement with each new value, numbers and text alike', async () => {
    const db = t.app.deps.db;
    const [a, b] = await Promise.all([createMember(t, { name: 'Awa' }), createMember(t)]);
    await db.updateTable('users').set({ name: 'Bintou' }).where('id', '=', b.id).execute();
    const byId = compiledOnce(db, (id: number) =>
      db.selectFrom('users').select(['id', 'name']).where('id', '=', id).where('name', '<>', 'x'),
    );
    const byEmail = compiledOnce(db, (email: string) =>
      db.selectFrom('users').select('name').where('email', '=', email),
    );
    expect(await byId(a.id)).toEqual([{ id: a.id, name: 'Awa' }]);
    expect(await byId(b.id)).toEqual([{ id: b.id, name: 'Bintou' }]);
    expect(await byId(-1)).toEqual([]);
    expect(await byEmail(b.email)).toEqual([{ name: 'Bintou' }]);
    expect(await byEmail(a.email)).toEqual([{ name: 'Awa' }]);
  });

  it('refuses a statement that does not hold the value exactly once', () => {
    const db = t.app.deps.db;
    expect(() => compiledOnce(db, () => db.selectFrom('users').select('id'))).toThrow(/once/);
    expect(() =>
      compiledOnce(db, (email: string) =>
        db.selectFrom('users').select('id').where('email', '=', email).where('name', '=', email),
      ),
    ).toThrow(/once/);
  });
});
