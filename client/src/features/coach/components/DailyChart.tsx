// Visits and signups per day over the chosen range, as two lines. d3 does the scales and the paths; React
// draws. One image for assistive technology, with a summary; the page's table carries the numbers.
import { line, max, scaleLinear, scaleUtc } from 'd3';
import { useRef } from 'react';
import type { Funnel } from '../api/coach-queries';
import { formatCount } from '../lib/format';
import { useElementWidth } from '../lib/useElementWidth';
import styles from './charts.module.css';

const FALLBACK_WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 44 };

type Day = Funnel['days'][number];
const SERIES = [
  { key: 'views', label: 'Visitas', className: styles.lineViews },
  { key: 'signups', label: 'Registros', className: styles.lineSignups },
] as const;

const dayName = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const tickName = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

export function dailySummary(days: readonly Day[]): string {
  if (days.length === 0) return 'Visitas y registros por día: no hay días en el rango.';
  const views = days.reduce((n, d) => n + d.views, 0);
  const signups = days.reduce((n, d) => n + d.signups, 0);
  const busiest = days.reduce((a, b) => (b.views > a.views ? b : a));
  const range = `del ${dayName.format(dateOf(days[0]!.day))} al ${dayName.format(dateOf(days.at(-1)!.day))}`;
  const peak = busiest.views > 0 ? ` El día con más visitas fue el ${dayName.format(dateOf(busiest.day))}, con ${formatCount(busiest.views)}.` : '';
  return `Visitas y registros por día, ${range}: ${formatCount(views)} visitas y ${formatCount(signups)} registros en total.${peak}`;
}

export function DailyChart({ days }: { days: readonly Day[] }) {
  const frame = useRef<HTMLElement>(null);
  const width = useElementWidth(frame, FALLBACK_WIDTH);
  const x = scaleUtc()
    .domain([dateOf(days[0]?.day ?? '1970-01-01'), dateOf(days.at(-1)?.day ?? '1970-01-01')])
    .range([MARGIN.left, width - MARGIN.right]);
  const y = scaleLinear()
    .domain([0, Math.max(4, max(days, (d) => Math.max(d.views, d.signups)) ?? 0)])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const yTicks = y.ticks(4).filter(Number.isInteger);
  const xTicks = x.ticks(Math.min(width < 480 ? 3 : 6, Math.max(days.length - 1, 1)));

  return (
    <figure ref={frame} className={styles.figure}>
      <svg className={styles.chart} viewBox={`0 0 ${width} ${HEIGHT}`} height={HEIGHT} role="img" aria-label={dailySummary(days)}>
        <g className={styles.grid}>
          {yTicks.map((t) => (
            <g key={t}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} />
              <text className={styles.tick} x={MARGIN.left - 8} y={y(t)} dy="0.35em" textAnchor="end">
                {formatCount(t)}
              </text>
            </g>
          ))}
          {xTicks.map((t) => (
            <text key={t.toISOString()} className={styles.tick} x={x(t)} y={HEIGHT - 8} textAnchor="middle">
              {tickName.format(t)}
            </text>
          ))}
        </g>
        {SERIES.map((series) => {
          const path = line<Day>()
            .x((d) => x(dateOf(d.day)))
            .y((d) => y(d[series.key]))(days as Day[]);
          return <path key={series.key} className={series.className} data-series={series.key} d={path ?? ''} />;
        })}
      </svg>
      <figcaption className={styles.legend}>
        {SERIES.map((series) => (
          <span key={series.key} className={styles.legendItem}>
            <svg width="28" height="12" aria-hidden="true">
              <line className={series.className} x1="2" x2="26" y1="6" y2="6" />
            </svg>
            {series.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
