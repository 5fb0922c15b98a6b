/**
 * Anonymous stories (spec 2 §7): publication (held when it carries a phone number or contact
 * words), the approved feed without authors, views and likes counted once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, MSG } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const feed = (page = 1, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/histoires?page=${page}`, headers });

async function publish(token: string, content: string) {
  return post('/histoires', { token, content, is_anonymous: true });
}

describe('POST /api/histoires', () => {
  it('publishes a clean story at once and keeps its author on the server only', async () => {
    const m = await createMember(t, { name: 'Auteur Secret' });
    const res = await publish(m.token, '  Nous nous sommes rencontrés à Ouaga.  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Histoire publiée !',
      data: { status: 'approved' },
    });
    const rows = await t.db.query('SELECT author_id, content, status FROM stories WHERE id = $1', [
      res.json().data.id,
    ]);
    expect(rows[0]).toEqual({
      author_id: m.id,
      content: 'Nous nous sommes rencontrés à Ouaga.',
      status: 'approved',
    });
    const page = (await feed()).json();
    const story = page.data.data.find((s: { id: number }) => s.id === res.json().data.id);
    expect(Object.keys(story).sort()).toEqual(
      ['content', 'created_at', 'id', 'liked', 'likes', 'views'].sort(),
    );
    expect(JSON.stringify(page)).not.toContain('Auteur Secret');
  });

  it('holds a story with a phone number or contact words and keeps it out of the feed', async () => {
    const m = await createMember(t);
    const phone = await publish(m.token, 'Appelez-moi au 70 12 34 56 ce soir');
    expect(phone.json()).toMatchObject({
      message: 'Votre histoire a été envoyée et est en cours de validation.',
      data: { status: 'pending' },
    });
    const words = await publish(m.token, 'Écris-moi sur WhatsApp pour la suite !');
    expect(words.json().data.status).toBe('pending');
    const held = await t.db.query<{ held_reason: string }>(
      'SELECT held_reason FROM stories WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[phone.json().data.id, words.json().data.id]],
    );
    expect(held.map((r) => r.held_reason)).toEqual(['phone', 'contact_words']);
    const ids = (await feed()).json().data.data.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(phone.json().data.id);
    expect(ids).not.toContain(words.json().data.id);
    expect((await post(`/histoires/${phone.json().data.id}/like`)).statusCode).toBe(404);
    expect((await post(`/histoires/${phone.json().data.id}/view`)).statusCode).toBe(404);
  });

  it('refuses a story under 10 or over 5000 characters, and one without a session', async () => {
    const m = await createMember(t);
    const short = await publish(m.token, '   court   ');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: "L'histoire doit contenir au moins 10 caractères",
      errors: { content: ["L'histoire doit contenir au moins 10 caractères"] },
    });
    const long = await publish(m.token, 'x'.repeat(5001));
    expect(long.json().message).toBe("L'histoire ne peut pas dépasser 5000 caractères");
    const missing = await post('/histoires', { token: m.token });
    expect(missing.statusCode).toBe(400);
    const anonymous = await post('/histoires', { content: 'Une histoire sans session.' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('story length counted in characters, as the database counts them', () => {
  it('refuses 5 emoji (10 UTF-16 units) with the French error, never a 500', async () => {
    const m = await createMember(t);
    const five = '😀🎉🙏🌍🔥';
    expect(five.length).toBe(10);
    expect([...five]).toHaveLength(5);
    const res = await publish(m.token, five);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: "L'histoire doit contenir au moins 10 caractères",
      errors: { content: ["L'histoire doit contenir au moins 10 caractères"] },
    });
    // 10 emoji are 10 characters: accepted, and saved as they are.
    const ten = five + five;
    const ok = await publish(m.token, ten);
    expect(ok.statusCode).toBe(201);
    const rows = await t.db.query<{ n: number }>(
      'SELECT char_length(content) AS n FROM stories WHERE id = $1',
      [ok.json().data.id],
    );
    expect(rows[0]?.n).toBe(10);
  });

  it('takes 5000 emoji (10 000 UTF-16 units) and refuses 5001 with the French error', async () => {
    const m = await createMember(t);
    const max = await publish(m.token, '🌍'.repeat(5000));
    expect(max.statusCode).toBe(201);
    const over = await publish(m.token, '🌍'.repeat(5001));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("L'histoire ne peut pas dépasser 5000 caractères");
  });
});

describe('GET /api/histoires', () => {
  it("pages approved stories 20 at a time, newest first, in the spec's shape", async () => {
    const m = await createMember(t);
    await t.db.query('DELETE FROM stories');
    await t.db.query(
      `INSERT INTO stories (author_id, content, created_at)
       SELECT $1, 'Histoire numéro ' || i, now() - (i || ' minutes')::interval
         FROM generate_series(1, 25) i`,
      [m.id],
    );
    await t.db.query(
      `INSERT INTO stories (author_id, content, status) VALUES ($1, 'En attente de validation', 'pending')`,
      [m.id],
    );
    const first = await feed(1);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(body.data.next_page_url).toMatch(/\/api\/histoires\?page=2$/);
    expect(body.data.data).toHaveLength(20);
    expect(body.data.data[0].content).toBe('Histoire numéro 1');
    const second = (await feed(2)).json().data;
    expect(second.data.map((s: { content: string }) => s.content)).toEqual([
      'Histoire numéro 21',
      'Histoire numéro 22',
      'Histoire numéro 23',
      'Histoire numéro 24',
      'Histoire numéro 25',
    ]);
    expect(second.next_page_url).toBeNull();
    expect((await feed(0)).statusCode).toBe(400);
  });
});

describe('views and likes', () => {
  it("counts a member's view once and a visitor's once per day", async () => {
    const author = await createMember(t);
    const viewer = await createMember(t);
    const id: number = (await publish(author.token, 'Une histoire à regarder.')).json().data.id;
    const bearer = { authorization: `Bearer ${viewer.token}` };
    expect((await post(`/histoires/${id}/view`, undefined, bearer)).json()).toEqual({
      success: true,
      views: 1,
    });
    expect((await post(`/histoires/${id}/view`, undefined, bearer)).json().views).toBe(1);
    const visitor = { 'user-agent': 'Mozilla/5.0 (Linux; Android 10)' };
    expect((await post(`/histoires/${id}/view`, undefined, visitor)).json().views).toBe(2);
    expect((await post(`/histoires/${id}/view`, undefined, visitor)).json().views).toBe(2);
    const keys = await t.db.query<{ viewer_key: string }>(
      'SELECT viewer_key FROM story_views WHERE story_id = $1 ORDER BY created_at',
      [id],
    );
    expect(keys[0]?.viewer_key).toBe(`m:${viewer.id}`);
    // The visitor is a keyed hash: no IP, no browser name.
    expect(keys[1]?.viewer_key).toMatch(/^v:[A-Za-z0-9_-]{43}$/);
    expect((await post('/histoires/999999/view')).statusCode).toBe(404);
  });

  it("counts a member's like once; a repeat answers the current count", async () => {
    const author = await createMember(t);
    const a = await createMember(t);
    const b = await createMember(t);
    const id: number = (await publish(author.token, 'Une histoire à aimer.')).json().data.id;
    const like = (m: { token: string }) =>
      post(`/histoires/${id}/like`, undefined, { authorization: `Bearer ${m.token}` });
    expect((await like(a)).json()).toEqual({ success: true, likes: 1, liked: true });
    expect((await like(a)).json().likes).toBe(1);
    const both = await Promise.all([like(b), like(b)]);
    expect(both.map((r) => r.json().likes).sort()).toEqual([2, 2]);
    const rows = await t.db.query<{ likes: number }>('SELECT likes FROM stories WHERE id = $1', [
      id,
    ]);
    expect(rows[0]?.likes).toBe(2);
    const mine = (await feed(1, { authorization: `Bearer ${a.token}` })).json().data.data;
    expect(mine.find((s: { id: number }) => s.id === id)).toMatchObject({ likes: 2, liked: true });
    const visitor = (await feed(1)).json().data.data;
    expect(visitor.find((s: { id: number }) => s.id === id).liked).toBe(false);
  });

  it('takes a like without a token once per visitor and day, and validates the id', async () => {
    const author = await createMember(t);
    const id: number = (await publish(author.token, 'Une histoire publique.')).json().data.id;
    const ua = { 'user-agent': 'Opera Mini' };
    expect((await post(`/histoires/${id}/like`, undefined, ua)).json().likes).toBe(1);
    expect((await post(`/histoires/${id}/like`, undefined, ua)).json().likes).toBe(1);
    expect((await post('/histoires/abc/like')).statusCode).toBe(400);
    expect((await post('/histoires/424242/like')).statusCode).toBe(404);
  });
});

describe('visitor limits behind carrier NAT', () => {
  const CARRIER_ADDRESS = '41.203.64.17';
  const fromCarrier = (url: string, agent: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      remoteAddress: CARRIER_ADDRESS,
      headers: { 'user-agent': agent },
    });

  it('lets 400 visitors behind one address view, and stops one visitor past 300 an hour', async () => {
    const author = await createMember(t);
    const id: number = (await publish(author.token, 'Une histoire très lue.')).json().data.id;
    // Once the whole address shared 300 views and likes an hour; now each visitor has them.
    const crowd: number[] = [];
    for (let i = 0; i < 400; i++)
      crowd.push((await fromCarrier(`/histoires/${id}/view`, `Android ${i}`)).statusCode);
    expect(crowd.every((s) => s === 200)).toBe(true);
    const rows = await t.db.query<{ views: number }>('SELECT views FROM stories WHERE id = $1', [
      id,
    ]);
    expect(rows[0]?.views).toBe(400);

    const mine: number[] = [];
    for (let i = 0; i < 300; i++) {
      const action = i % 2 ? 'like' : 'view';
      mine.push((await fromCarrier(`/histoires/${id}/${action}`, 'Tecno Spark 10')).statusCode);
    }
    expect(mine.every((s) => s === 200)).toBe(true);
    const stopped = await fromCarrier(`/histoires/${id}/like`, 'Tecno Spark 10');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ success: false, message: MSG.rateLimited });
    // The neighbour on the same carrier address is not held back by that one visitor.
    expect((await fromCarrier(`/histoires/${id}/like`, 'Itel A70')).statusCode).toBe(200);
  });
});

describe("formatCount (the cards' counts)", () => {
  it('abbreviates with one decimal, a French comma and K, M or B', () => {
    expect([0, 7, 999].map(formatCount)).toEqual(['0', '7', '999']);
    expect(formatCount(1000)).toBe('1 K');
    expect(formatCount(1234)).toBe('1,2 K');
    expect(formatCount(999_999)).toBe('999,9 K');
    expect(formatCount(3_400_000)).toBe('3,4 M');
    expect(formatCount(2_500_000_000)).toBe('2,5 B');
  });
});
