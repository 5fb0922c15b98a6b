import { afterEach, describe, expect, it, vi } from 'vitest';
import { newClientId, uuidFromBytes } from './clientId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('message client ids', () => {
  it('are version 4 UUIDs the server accepts', () => {
    expect(newClientId()).toMatch(UUID);
    expect(uuidFromBytes(new Uint8Array(16).fill(255))).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
    expect(uuidFromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('are still made where crypto.randomUUID is missing (old Android WebViews)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    const a = newClientId();
    const b = newClientId();
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it('are still made without any crypto at all', () => {
    vi.stubGlobal('crypto', undefined);
    expect(newClientId()).toMatch(UUID);
  });
});
