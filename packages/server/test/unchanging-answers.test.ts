/**
 * Answers written out once (http/unchanging-answers.ts): an answer marked unchanging is checked
 * and written by the route's serializer the first time only, then its text is reused; it cannot
 * be changed afterwards, inner objects included; any other answer is written each time, so a
 * change to it always shows.
 */
import { describe, expect, it } from 'vitest';
import type { FastifySerializerCompiler } from 'fastify';
import { unchangingAnswer, writingUnchangingOnce } from '../src/http/unchanging-answers.js';

/** A route serializer that counts its runs and keeps only the `data` key (as a schema would). */
function countingSerializer() {
  const runs = { n: 0 };
  const compile = writingUnchangingOnce<unknown>(() => (data: { data?: unknown }) => {
    runs.n += 1;
    return JSON.stringify({ data: data.data });
  });
  const route = {} as Parameters<FastifySerializerCompiler<unknown>>[0];
  return { serialize: compile(route), runs };
}

describe('answers written out once', () => {
  it("writes a marked answer once, through the route's serializer, and reuses its text", () => {
    const { serialize, runs } = countingSerializer();
    const answer = unchangingAnswer({ data: { name: 'Awa' }, secret: 'dropped by the schema' });
    expect(serialize(answer)).toBe('{"data":{"name":"Awa"}}');
    expect(serialize(answer)).toBe('{"data":{"name":"Awa"}}');
    expect(runs.n).toBe(1);
  });

  it('freezes a marked answer whole, so its text cannot go stale', () => {
    const answer = unchangingAnswer({ data: { stats: { likes_received: 1 } } });
    expect(() => {
      answer.data.stats.likes_received = 2;
    }).toThrow(TypeError);
  });

  it('writes any other answer each time, so a change shows', () => {
    const { serialize, runs } = countingSerializer();
    const answer = { data: { name: 'Awa' } };
    expect(serialize(answer)).toBe('{"data":{"name":"Awa"}}');
    answer.data.name = 'Awa Sanou';
    expect(serialize(answer)).toBe('{"data":{"name":"Awa Sanou"}}');
    expect(serialize(Object.freeze({ data: 1 }))).toBe('{"data":1}');
    expect(serialize(Object.freeze({ data: 1 }))).toBe('{"data":1}');
    expect(runs.n).toBe(4);
  });

  it('keeps the texts of each route apart', () => {
    const a = countingSerializer();
    const b = countingSerializer();
    const answer = unchangingAnswer({ data: 'x' });
    a.serialize(answer);
    b.serialize(answer);
    expect([a.runs.n, b.runs.n]).toEqual([1, 1]);
  });
});
