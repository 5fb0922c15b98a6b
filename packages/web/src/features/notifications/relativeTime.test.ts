import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const now = Date.parse('2025-09-08T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it("reads 'À l'instant' under a minute, and for a date slightly in the future", () => {
    expect(relativeTime(ago(0), now)).toBe("À l'instant");
    expect(relativeTime(ago(59_999), now)).toBe("À l'instant");
    expect(relativeTime(ago(-30_000), now)).toBe("À l'instant");
  });

  it('counts whole minutes under an hour', () => {
    expect(relativeTime(ago(60_000), now)).toBe('Il y a 1min');
    expect(relativeTime(ago(59 * 60_000 + 59_000), now)).toBe('Il y a 59min');
  });

  it('counts whole hours under a day', () => {
    expect(relativeTime(ago(3_600_000), now)).toBe('Il y a 1h');
    expect(relativeTime(ago(23 * 3_600_000 + 3_599_000), now)).toBe('Il y a 23h');
  });

  it('counts whole days beyond', () => {
    expect(relativeTime(ago(86_400_000), now)).toBe('Il y a 1j');
    expect(relativeTime(ago(45 * 86_400_000), now)).toBe('Il y a 45j');
  });

  it('says nothing for a date it cannot read', () => {
    expect(relativeTime('pas une date', now)).toBe('');
  });
});
