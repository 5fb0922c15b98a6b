/** The arithmetic of the dashboard's stacked charts, apart from their drawing. */
import type { TAdminDashboard, TDayCount } from '@app/shared';
import { ADMIN_TEXT } from './texts';
import { labelOf, PROVIDER_LABELS } from './labels';

/** One layer of a stacked chart (a payment provider), with its 30-day series. */
export interface ChartStack {
  key: string;
  label: string;
  series: TDayCount[];
  /** Shown next to the label in the legend (e.g. the number of orders). */
  detail?: string;
}

export interface StackSegment {
  key: string;
  label: string;
  day: string;
  n: number;
  /** Where the segment starts and ends on the value axis. */
  from: number;
  to: number;
}

/**
 * For each day (in the series' order), its segments bottom to top in the stacks' order; days
 * and stacks without a value are left out, so a day with nothing has no segment.
 */
export function stackByDay(stacks: ChartStack[], days: string[]): StackSegment[][] {
  return days.map((day) => {
    let base = 0;
    const segments: StackSegment[] = [];
    for (const s of stacks) {
      const n = s.series.find((d) => d.day === day)?.n ?? 0;
      if (n <= 0) continue;
      segments.push({ key: s.key, label: s.label, day, n, from: base, to: base + n });
      base += n;
    }
    return segments;
  });
}

/** A stack's total over the window. */
export const stackTotal = (s: ChartStack) => s.series.reduce((sum, d) => sum + d.n, 0);

/** Revenue layers, one per provider, largest first (the server's order). */
export function providerStacks(rows: TAdminDashboard['revenue_by_provider']): ChartStack[] {
  return rows.map((r) => ({
    key: r.provider,
    label: labelOf(PROVIDER_LABELS, r.provider),
    series: r.series,
    detail: ADMIN_TEXT.ordersCount(r.orders),
  }));
}
