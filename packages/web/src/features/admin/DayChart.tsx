/**
 * A 30-day chart drawn in inline SVG (no chart library): bars or a line, the y axis from 0 to a
 * round maximum, three day labels, and each day's value on hover (SVG <title>). It scales to
 * its card's width.
 */
import type { TDayCount } from '../../api/useAdmin';
import { formatCompact, formatDay, formatNumber, roundMax } from './format';
import { ADMIN_TEXT } from './texts';

const W = 400;
const H = 160;
const PAD = { left: 40, right: 8, top: 10, bottom: 22 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

export function DayChart({
  title,
  series,
  kind = 'bar',
  format = formatNumber,
}: {
  title: string;
  series: TDayCount[];
  kind?: 'bar' | 'line';
  format?: (n: number) => string;
}) {
  const top = roundMax(Math.max(0, ...series.map((d) => d.n)));
  const slot = PLOT_W / Math.max(1, series.length);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const y = (n: number) => PAD.top + PLOT_H - (n / top) * PLOT_H;
  const total = series.reduce((sum, d) => sum + d.n, 0);
  const today = series.at(-1)?.n ?? 0;
  const ticks = Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top];
  const labelled = [0, Math.floor((series.length - 1) / 2), series.length - 1];
  const summary = ADMIN_TEXT.chartSummary(title, format(total), format(today));

  return (
    <figure className="adm-chart card">
      <figcaption>
        <h3>{title}</h3>
        <p className="muted">
          {ADMIN_TEXT.total} : <strong>{format(total)}</strong> · {ADMIN_TEXT.today} :{' '}
          <strong>{format(today)}</strong>
        </p>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        {ticks.map((t) => (
          <g key={t} className="adm-chart-grid">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {formatCompact(t)}
            </text>
          </g>
        ))}
        {kind === 'bar' ? (
          series.map((d, i) => (
            <rect
              key={d.day}
              className="adm-chart-bar"
              x={x(i) - slot * 0.35}
              width={slot * 0.7}
              y={y(d.n)}
              height={Math.max(0, PAD.top + PLOT_H - y(d.n))}
            >
              <title>{`${formatDay(d.day)} : ${format(d.n)}`}</title>
            </rect>
          ))
        ) : (
          <>
            <polyline
              className="adm-chart-line"
              points={series.map((d, i) => `${x(i)},${y(d.n)}`).join(' ')}
            />
            {series.map((d, i) => (
              <circle key={d.day} className="adm-chart-dot" cx={x(i)} cy={y(d.n)} r={2.5}>
                <title>{`${formatDay(d.day)} : ${format(d.n)}`}</title>
              </circle>
            ))}
          </>
        )}
        {labelled.map((i, k) => {
          const d = series[i];
          if (!d) return null;
          const anchor = k === 0 ? 'start' : k === 2 ? 'end' : 'middle';
          const at = k === 0 ? PAD.left : k === 2 ? W - PAD.right : x(i);
          return (
            <text key={d.day} className="adm-chart-day" x={at} y={H - 6} textAnchor={anchor}>
              {formatDay(d.day)}
            </text>
          );
        })}
      </svg>
    </figure>
  );
}
