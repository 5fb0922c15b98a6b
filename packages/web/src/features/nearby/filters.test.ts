import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, clampZoom, parseFilters } from './filters';

describe('map settings', () => {
  it('clamps the zoom between 1 and 20', () => {
    expect([0, 1, 13, 20, 25, 12.6].map(clampZoom)).toEqual([1, 1, 13, 20, 20, 13]);
  });

  it('starts at 50 km and ages 18 to 99', () => {
    expect(DEFAULT_FILTERS).toEqual({ radius: 50, min_age: 18, max_age: 99 });
  });

  it('parses the ages as numbers, keeps the previous value when not a number, swaps them if reversed', () => {
    expect(parseFilters(30, '25', '40', DEFAULT_FILTERS)).toEqual({
      radius: 30,
      min_age: 25,
      max_age: 40,
    });
    expect(parseFilters(30, 'abc', '', DEFAULT_FILTERS)).toEqual({
      radius: 30,
      min_age: 18,
      max_age: 99,
    });
    expect(parseFilters(30, '45', '30', DEFAULT_FILTERS)).toEqual({
      radius: 30,
      min_age: 30,
      max_age: 45,
    });
  });

  it('keeps the distance within 1 to 100 km', () => {
    expect(parseFilters(0.2, '18', '99', DEFAULT_FILTERS).radius).toBe(50);
    expect(parseFilters(140, '18', '99', DEFAULT_FILTERS).radius).toBe(100);
    expect(parseFilters(1, '18', '99', DEFAULT_FILTERS).radius).toBe(1);
  });
});
