import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXT_MSG, findHostileText, hostileProblemOf, zText } from './text.js';

describe('hostile text rule', () => {
  it('tells a NUL and a lone surrogate from clean text and surrogate pairs', () => {
    expect(hostileProblemOf('a\u0000b')).toBe('nul');
    expect(hostileProblemOf('a\ud800')).toBe('lone_surrogate');
    expect(hostileProblemOf('\udc00a')).toBe('lone_surrogate');
    expect(hostileProblemOf('Yo 😀 é')).toBeNull();
  });

  it('zText refuses them with the French message and keeps its options', () => {
    const schema = z.object({ name: zText({ error: 'Requis' }).trim().max(5) });
    const bad = schema.safeParse({ name: 'a\u0000' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(TEXT_MSG.inThisField('nul'));
    expect(bad.error?.issues[0]?.path).toEqual(['name']);
    expect(schema.safeParse({ name: 1 }).error?.issues[0]?.message).toBe('Requis');
    expect(schema.parse({ name: ' ok ' })).toEqual({ name: 'ok' });
  });

  it('finds the first hostile string or key anywhere in a payload, even a very deep one', () => {
    expect(findHostileText({ a: [{ b: 'ok' }, { c: 'x\ud800' }] })).toEqual({
      field: 'a.1.c',
      problem: 'lone_surrogate',
    });
    expect(findHostileText({ 'k\u0000': 1 })?.problem).toBe('nul');
    let deep: unknown = 'fin\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(findHostileText(deep, 100_000)?.problem).toBe('nul');
    expect(findHostileText({ n: 1, b: true, z: null })).toBeNull();
  });
});
