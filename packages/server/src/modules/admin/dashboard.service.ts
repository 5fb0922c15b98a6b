/**
 * The console's dashboard: new members, daily active members, messages, matches and revenue in
 * FCFA over the last 30 days, revenue also per provider (a series each, for a stacked chart),
 * and the pending count of each queue.
 */
import type { Deps } from '../../deps.js';
import * as repo from './dashboard.repository.js';
import type { DayCount, RevenueRow } from './dashboard.repository.js';

interface ProviderRevenue {
  provider: string;
  /** FCFA over the window. */
  amount: number;
  orders: number;
  /** FCFA per day, one entry per window day. */
  series: DayCount[];
}

/**
 * Revenue rows spread over the window's days: the total per day and, per provider (largest
 * first), its total and its own series. Each day's total is the sum of the providers' days.
 */
function spreadRevenue(days: string[], rows: RevenueRow[]) {
  const slot = new Map(days.map((day, i) => [day, i]));
  const total: DayCount[] = days.map((day) => ({ day, n: 0 }));
  const byProvider = new Map<string, ProviderRevenue>();
  for (const r of rows) {
    const i = slot.get(r.day);
    if (i === undefined) continue;
    let p = byProvider.get(r.provider);
    if (!p) {
      p = {
        provider: r.provider,
        amount: 0,
        orders: 0,
        series: days.map((day) => ({ day, n: 0 })),
      };
      byProvider.set(r.provider, p);
    }
    p.amount += r.amount;
    p.orders += r.orders;
    const [providerDay, totalDay] = [p.series[i], total[i]];
    if (providerDay) providerDay.n += r.amount;
    if (totalDay) totalDay.n += r.amount;
  }
  const providers = [...byProvider.values()].sort(
    (a, b) => b.amount - a.amount || a.provider.localeCompare(b.provider),
  );
  return { total, providers };
}

export async function getDashboard(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  const [days, newMembers, active, messages, matches, revenueRows] = await Promise.all([
    repo.windowDays(db),
    repo.newMembersPerDay(db),
    repo.activeMembersPerDay(db),
    repo.messagesPerDay(db),
    repo.matchesPerDay(db),
    repo.revenuePerDayAndProvider(db),
  ]);
  const revenue = spreadRevenue(days, revenueRows);
  return {
    series: {
      new_members: newMembers,
      active_members: active,
      messages,
      matches,
      revenue_fcfa: revenue.total,
    },
    revenue_by_provider: revenue.providers,
    pending: await repo.pendingCounts(db),
  };
}
