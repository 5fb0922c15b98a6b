/**
 * A 30-day chart drawn in inline SVG (no chart library): bars, a line, or bars stacked by layer
 * (revenue per provider, with a legend), the y axis from 0 to a round maximum, three day
 * labels, and each day's value on hover (SVG <title>). It scales to its card's width.
 */
import type { ReactNode } from 'react';
import type { TDayCount } from '@app/shared';
import { stackByDay, stackTotal, type ChartStack } from './chart';
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
  stacks,
  format = formatNumber,
}: {
  title: string;
  /** The day totals (with stacks: the sum of the layers' days). */
  series: TDayCount[];
  kind?: 'bar' | 'line';
  /** Bars split by layer, bottom to top in this order. */
  stacks?: ChartStack[];
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
  const bar = (i: number, from: number, to: number) => ({
    x: x(i) - slot * 0.35,
    width: slot * 0.7,
    y: y(to),
    height: Math.max(0, y(from) - y(to)),
  });

  let marks: ReactNode;
  if (stacks) {
    const days = series.map((d) => d.day);
    marks = stackByDay(stacks, days).flatMap((segments, i) =>
      segments.map((s) => (
        <rect key={`${s.day}-${s.key}`} className={stackClass(s.key)} {...bar(i, s.from, s.to)}>
          <title>{`${formatDay(s.day)} · ${s.label} : ${format(s.n)}`}</title>
        </rect>
      )),
    );
  } else if (kind === 'bar') {
    marks = series.map((d, i) => (
      <rect key={d.day} className="adm-chart-bar" {...bar(i, 0, d.n)}>
        <title>{`${formatDay(d.day)} : ${format(d.n)}`}</title>
      </rect>
    ));
  } else {
    marks = (
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
    );
  }

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
        {marks}
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
      {stacks && <Legend stacks={stacks} format={format} />}
    </figure>
  );
}

/** A layer's colour: its own for the known providers, a neutral one otherwise. */
const stackClass = (key: string) => `adm-stack adm-stack-${key.replace(/[^a-z0-9_-]/gi, '')}`;

function Legend({ stacks, format }: { stacks: ChartStack[]; format: (n: number) => string }) {
  if (stacks.length === 0) return <p className="muted">{ADMIN_TEXT.noRevenue}</p>;
  return (
    <ul className="adm-legend">
      {stacks.map((s) => (
        <li key={s.key}>
          <svg viewBox="0 0 10 10" aria-hidden>
            <rect className={stackClass(s.key)} width="10" height="10" rx="2" />
          </svg>
          <span>{s.label}</span>
          <strong>{format(stackTotal(s))}</strong>
          {s.detail && <span className="muted">{s.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
