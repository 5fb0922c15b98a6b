/** Dates and numbers as the console shows them (French, the viewer's clock). */

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dayMonth = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** '12/05/2025 14:03', or '—' when there is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}

const compact = new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 });

/** An axis label: '950', '2,5 k', '50 k'. */
export const formatCompact = (n: number) => compact.format(n);

/** '1 234' */
export const formatNumber = (n: number) => number.format(n);

/** A series day ('2025-05-12', a UTC calendar day from the server) as '12 mai'. */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayMonth.format(d);
}

/** A signed coin amount: '+30', '-50'. */
export const formatSigned = (n: number) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n));

/** Compact JSON of an audit entry's extra data, without the empty object. */
export function formatData(data: Record<string, unknown> | null): string {
  if (!data || Object.keys(data).length === 0) return '';
  return JSON.stringify(data);
}

/** A chart's top: the smallest 1, 2 or 5 × 10^k at or above `max` (1 for an empty series). */
export function roundMax(max: number): number {
  if (max <= 1) return 1;
  const exp = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * exp).find((v) => v >= max) ?? 10 * exp;
}
