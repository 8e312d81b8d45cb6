// The funnel as horizontal bars, one per stage (views → leads → … → payments), each with its count and its
// share of the visits. d3 does the scales; React draws. One image for assistive technology, with a summary.
import { scaleBand, scaleLinear } from 'd3';
import { useRef } from 'react';
import { formatCount, formatRate } from '../lib/format';
import { STAGES, type Counts } from '../lib/funnel';
import { useElementWidth } from '../lib/useElementWidth';
import styles from './charts.module.css';

const FALLBACK_WIDTH = 640;
const ROW = 40;

export function funnelSummary(name: string, counts: Counts): string {
  const parts = STAGES.map((s) => `${formatCount(counts[s.key])} ${s.label.toLocaleLowerCase('es')}`);
  return `Embudo de ${name}: ${parts.join(', ')}. Registros: ${formatRate(counts.signups, counts.views)} de las visitas.`;
}

export function FunnelChart({ name, counts }: { name: string; counts: Counts }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame, FALLBACK_WIDTH);
  // Narrow screens: shorter room for the stage names and the numbers.
  const labelWidth = width < 420 ? 118 : 132;
  const valueRoom = width < 420 ? 90 : 130;
  const height = STAGES.length * ROW + 8;
  const y = scaleBand<string>()
    .domain(STAGES.map((s) => s.key))
    .range([4, height - 4])
    .padding(0.2);
  const most = Math.max(1, ...STAGES.map((s) => counts[s.key]));
  const x = scaleLinear()
    .domain([0, most])
    .range([0, Math.max(40, width - labelWidth - valueRoom)]);

  return (
    <div ref={frame} className={styles.funnel}>
      <svg className={styles.chart} viewBox={`0 0 ${width} ${height}`} height={height} role="img" aria-label={funnelSummary(name, counts)}>
        {STAGES.map((stage, i) => {
          const value = counts[stage.key];
          const top = y(stage.key) ?? 0;
          const barWidth = Math.max(value > 0 ? 2 : 0, x(value));
          return (
            <g key={stage.key} data-stage={stage.key} data-value={value}>
              <text className={styles.axisLabel} x={labelWidth - 10} y={top + y.bandwidth() / 2} dy="0.35em" textAnchor="end">
                {stage.label}
              </text>
              <rect className={styles.bar} data-step={i} x={labelWidth} y={top} width={barWidth} height={y.bandwidth()} rx={4} />
              <text className={styles.value} x={labelWidth + barWidth + 8} y={top + y.bandwidth() / 2} dy="0.35em">
                {formatCount(value)}
                {i > 0 ? ` · ${formatRate(value, counts.views)}` : ''}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
