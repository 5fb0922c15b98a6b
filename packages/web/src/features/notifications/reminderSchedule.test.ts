import { describe, expect, it } from 'vitest';
import {
  batchDelays,
  computeReminderSchedule,
  dayKey,
  isBatchDue,
  seededRandom,
  upcomingSlots,
} from './reminderSchedule';

/** A random source that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};
const hm = (ms: number) => {
  const d = new Date(ms);
  return `${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe('computeReminderSchedule', () => {
  const first = new Date(2025, 8, 8, 15, 42); // 8 September, 15:42 local time

  it('gives 4 reminders a day for 7 days from the first visit', () => {
    const slots = computeReminderSchedule(first, sequence(0.5));
    expect(slots).toHaveLength(28);
    expect(new Set(slots.map((s) => dayKey(new Date(s.at))))).toEqual(
      new Set([
        '2025-09-08',
        '2025-09-09',
        '2025-09-10',
        '2025-09-11',
        '2025-09-12',
        '2025-09-13',
        '2025-09-14',
      ]),
    );
    expect(new Set(slots.map((s) => s.key)).size).toBe(28);
  });

  it('places them at 8h, 13h, 20h and a random time between 9h and 22h', () => {
    const day1 = computeReminderSchedule(first, sequence(0, 0.5, 0.9999)).slice(0, 4);
    expect(day1.map((s) => hm(s.at))).toEqual(['8:00', '9:00', '13:00', '20:00']);
    const day2 = computeReminderSchedule(first, sequence(0, 0.5)).slice(4, 8);
    expect(day2.map((s) => hm(s.at))).toEqual(['8:00', '13:00', '15:30', '20:00']);
    const late = computeReminderSchedule(first, sequence(0.9999)).find((s) =>
      s.key.endsWith('random'),
    );
    expect(late && hm(late.at)).toBe('21:59');
  });

  it('keeps the same random times for the same seed', () => {
    const a = computeReminderSchedule(first, seededRandom(42));
    const b = computeReminderSchedule(first, seededRandom(42));
    expect(a).toEqual(b);
  });

  it('crosses a month end', () => {
    const slots = computeReminderSchedule(new Date(2025, 8, 28, 10), sequence(0.1));
    expect(dayKey(new Date(slots[slots.length - 1]?.at ?? 0))).toBe('2025-10-04');
  });
});

describe('upcomingSlots', () => {
  it('keeps only future slots not shown yet', () => {
    const first = new Date(2025, 8, 8, 12, 0);
    const slots = computeReminderSchedule(first, sequence(0.99));
    const upcoming = upcomingSlots(slots, first.getTime(), new Set(['2025-09-08@13h']));
    expect(upcoming[0]?.key).toBe('2025-09-08@20h');
    expect(upcoming.some((s) => s.key === '2025-09-08@8h')).toBe(false);
  });
});

describe('the immediate batch', () => {
  it('has 3 reminders between 5 and 30 s, in order', () => {
    expect(batchDelays(sequence(0.9, 0, 0.5))).toEqual([5_000, 17_500, 27_500]);
    for (const d of batchDelays(Math.random)) {
      expect(d).toBeGreaterThanOrEqual(5_000);
      expect(d).toBeLessThan(30_000);
    }
  });

  it('is due once a day, during the 7 days only', () => {
    const first = new Date(2025, 8, 8, 9);
    expect(isBatchDue(first, null, new Date(2025, 8, 8, 10))).toBe(true);
    expect(isBatchDue(first, '2025-09-08', new Date(2025, 8, 8, 18))).toBe(false);
    expect(isBatchDue(first, '2025-09-08', new Date(2025, 8, 14, 23))).toBe(true);
    expect(isBatchDue(first, '2025-09-08', new Date(2025, 8, 15, 0, 1))).toBe(false);
  });
});
