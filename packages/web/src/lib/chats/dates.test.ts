import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, listTimeLabel, timeLabel } from './dates';

// Local-time dates, so the tests hold in any time zone.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const now = at(2025, 3, 5, 9, 30).getTime(); // Wednesday 5 March 2025

describe('day separator labels', () => {
  it("says Aujourd'hui for any time today, even just after midnight", () => {
    expect(dayLabel(at(2025, 3, 5, 0, 1).toISOString(), now)).toBe("Aujourd'hui");
    expect(dayLabel(at(2025, 3, 5, 23, 59).toISOString(), now)).toBe("Aujourd'hui");
  });

  it('says Hier for yesterday, including late in the evening', () => {
    expect(dayLabel(at(2025, 3, 4, 23, 59).toISOString(), now)).toBe('Hier');
    expect(dayLabel(at(2025, 3, 4, 0, 0).toISOString(), now)).toBe('Hier');
  });

  it('names older days in French with the weekday, and the year only for another year', () => {
    expect(dayLabel(at(2025, 3, 3).toISOString(), now)).toBe('lundi 3 mars');
    expect(dayLabel(at(2024, 12, 31).toISOString(), now)).toBe('mardi 31 décembre 2024');
  });

  it('gives nothing for an unreadable date', () => {
    expect(dayLabel('pas une date', now)).toBe('');
  });

  it('keys the same local day identically', () => {
    expect(dayKey(at(2025, 3, 5, 0, 1))).toBe(dayKey(at(2025, 3, 5, 23, 59)));
    expect(dayKey(at(2025, 3, 5))).not.toBe(dayKey(at(2025, 3, 4)));
  });
});

describe('times', () => {
  it('shows a message time as hours and minutes', () => {
    expect(timeLabel(at(2025, 3, 5, 14, 5).toISOString())).toBe('14:05');
  });

  it('shows the list time as a clock today, Hier, a short day, then a numeric date', () => {
    expect(listTimeLabel(at(2025, 3, 5, 8, 7).toISOString(), now)).toBe('08:07');
    expect(listTimeLabel(at(2025, 3, 4, 8, 7).toISOString(), now)).toBe('Hier');
    expect(listTimeLabel(at(2025, 1, 20).toISOString(), now)).toBe('20 janv.');
    expect(listTimeLabel(at(2024, 3, 3).toISOString(), now)).toBe('03/03/24');
  });
});
