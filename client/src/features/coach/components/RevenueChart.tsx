// Net revenue (approved minus reversed) per month of payment, one bar per product in each month. d3 does the
// scales; React draws. One image for assistive technology, with a summary that says the figures.
import { max, scaleBand, scaleLinear } from 'd3';
import { useRef } from 'react';
import type { Revenue } from '../api/coach-queries';
import { formatCount, formatUsd } from '../lib/format';
import { productLabel } from '../lib/sales';
import { useElementWidth } from '../lib/useElementWidth';
import styles from './charts.module.css';

const FALLBACK_WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 52 };
/** The products' bars in the order they first appear: the desk's teal, then terracotta, then sand. */
const BAR_CLASSES = [styles.barSeries0, styles.barSeries1, styles.barSeries2];

const monthName = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthTick = new Intl.DateTimeFormat('es', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** Only dollars are drawn (the catalogue's prices are in dollars); each product's net per month. */
export function revenueSeries(revenue: readonly Revenue[]) {
  const usd = revenue.filter((r) => r.currency === 'USD');
  const months = [...new Set(usd.map((r) => r.month))].sort();
  const products = [...new Set(usd.map((r) => r.productId))];
  const net = (month: string, productId: string) => usd.find((r) => r.month === month && r.productId === productId)?.net ?? 0;
  return { months, products, net };
}

export function revenueSummary(revenue: readonly Revenue[]): string {
  const { months, products, net } = revenueSeries(revenue);
  if (months.length === 0) return 'Ingresos por mes: no hay pagos en estas fechas.';
  const parts = months.map((m) => `${monthName.format(dateOf(m))}: ${products.map((p) => `${productLabel(p)} ${formatUsd(net(m, p))}`).join(', ')}`);
  return `Ingresos netos (pagado menos reembolsado) por mes y producto. ${parts.join('. ')}.`;
}

export function RevenueChart({ revenue }: { revenue: readonly Revenue[] }) {
  const frame = useRef<HTMLElement>(null);
  const width = useElementWidth(frame, FALLBACK_WIDTH);
  const { months, products, net } = revenueSeries(revenue);
  const x = scaleBand<string>()
    .domain(months)
    .range([MARGIN.left, width - MARGIN.right])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const inner = scaleBand<string>().domain(products).range([0, x.bandwidth()]).padding(0.08);
  const top = max(months.flatMap((m) => products.map((p) => net(m, p)))) ?? 0;
  const y = scaleLinear()
    .domain([0, Math.max(10, top)])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  // Fewer month names than bars on a narrow screen.
  const every = Math.max(1, Math.ceil(months.length / Math.max(1, Math.floor((width - MARGIN.left) / 64))));

  return (
    <figure ref={frame} className={styles.figure}>
      <svg className={styles.chart} viewBox={`0 0 ${width} ${HEIGHT}`} height={HEIGHT} role="img" aria-label={revenueSummary(revenue)}>
        <g className={styles.grid}>
          {y.ticks(4).map((t) => (
            <g key={t}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} />
              <text className={styles.tick} x={MARGIN.left - 8} y={y(t)} dy="0.35em" textAnchor="end">
                {formatCount(t)}
              </text>
            </g>
          ))}
          {months.map((m, i) =>
            i % every === 0 ? (
              <text key={m} className={styles.tick} x={(x(m) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle">
                {monthTick.format(dateOf(m))}
              </text>
            ) : null,
          )}
        </g>
        {months.map((m) =>
          products.map((p, i) => {
            const value = net(m, p);
            return (
              <rect
                key={`${m}-${p}`}
                className={BAR_CLASSES[i % BAR_CLASSES.length]}
                data-month={m}
                data-product={p}
                data-value={value}
                x={(x(m) ?? 0) + (inner(p) ?? 0)}
                width={inner.bandwidth()}
                y={y(value)}
                height={Math.max(0, y(0) - y(value))}
                rx={2}
              />
            );
          }),
        )}
      </svg>
      <figcaption className={styles.legend}>
        {products.map((p, i) => (
          <span key={p} className={styles.legendItem}>
            <svg width="14" height="14" aria-hidden="true">
              <rect className={BAR_CLASSES[i % BAR_CLASSES.length]} width="14" height="14" rx="2" />
            </svg>
            {productLabel(p)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
