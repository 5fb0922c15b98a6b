import { describe, expect, it } from 'vitest';
import { formatData, formatDay, formatSigned, roundMax } from './format';
import { sectionOf } from './sections';

describe('roundMax', () => {
  it('gives a round top to a chart, never below its largest value', () => {
    expect(roundMax(0)).toBe(1);
    expect(roundMax(1)).toBe(1);
    expect(roundMax(3)).toBe(5);
    expect(roundMax(15)).toBe(20);
    expect(roundMax(20)).toBe(20);
    expect(roundMax(41_500)).toBe(50_000);
    expect(roundMax(60_000)).toBe(100_000);
  });
});

describe('sectionOf', () => {
  it('finds the section of a nested address, the dashboard only at /admin itself', () => {
    expect(sectionOf('/admin')?.path).toBe('/admin');
    expect(sectionOf('/admin/')?.path).toBe('/admin');
    expect(sectionOf('/admin/membres/12')?.path).toBe('/admin/membres');
    expect(sectionOf('/admin/paiements')?.adminOnly).toBe(true);
    expect(sectionOf('/admin/inconnu')).toBeUndefined();
  });
});

describe('console formats', () => {
  it('writes a series day in French and signs coin amounts', () => {
    expect(formatDay('2025-05-12')).toBe('12 mai');
    expect(formatSigned(30)).toBe('+30');
    expect(formatSigned(-50)).toBe('-50');
  });

  it('shows an audit entry’s data, or nothing for an empty object', () => {
    expect(formatData({})).toBe('');
    expect(formatData(null)).toBe('');
    expect(formatData({ amount: 50 })).toBe('{"amount":50}');
  });
});
