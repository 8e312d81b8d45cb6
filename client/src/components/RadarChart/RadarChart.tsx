// The wheel's radar chart, drawn with d3 (scale 0–10, a ring every 2, 350 px high, one point
// per area coloured by its score). The SVG is one image for assistive technology, summarised in its label;
// the 12 values are also in a table that only screen readers see. A drawing failure is only logged.
import { curveLinearClosed, lineRadial, range, scaleLinear, select } from 'd3';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { LIFE_AREAS, MAX_SCORE, scoreColour, strongestAreas, weakestAreas, type Ratings } from '../../../../course/areas';
import styles from './RadarChart.module.css';

export const CHART_HEIGHT = 350;
const RING_STEP = 2;
/** Width used before the container can be measured (and in tests, where nothing has a layout). */
const FALLBACK_WIDTH = 560;
const POINT_RADIUS = 6;

/** The chart's colour for a score: the token of scoreColour(). */
export const scoreFill = (score: number) => `var(--color-score-${scoreColour(score)})`;

/** The container's width, following it as it resizes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const measured = element.clientWidth;
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A label broken into lines of about `max` characters, on word boundaries. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

type Point = { id: string; title: string; angle: number; score: number | undefined };

/** An earlier picture drawn beneath the ratings, dashed (the coach's replay: first ratings against a moment). */
export type RadarComparison = {
  ratings: Ratings;
  /** The legend's and the table's names: of `ratings` above, and of the chart's own ratings. */
  label: string;
  currentLabel: string;
};

/** The dashed outline's colour: the accent, apart from the teal shape of the current ratings. */
const COMPARE_STROKE = 'var(--accent)';

function draw(svgElement: SVGSVGElement, ratings: Ratings, width: number, height: number, enter: boolean, compare?: Ratings): void {
  // Room beside the outer ring for the longest wrapped label: smaller type and shorter lines on phones.
  const { labelRoom, fontSize, lineLength } =
    width < 360
      ? { labelRoom: 68, fontSize: 10, lineLength: 10 }
      : width < 440
        ? { labelRoom: 78, fontSize: 11, lineLength: 10 }
        : { labelRoom: 110, fontSize: 12, lineLength: 16 };
  const radius = Math.max(48, Math.min(height / 2 - 36, width / 2 - labelRoom));
  const r = scaleLinear().domain([0, MAX_SCORE]).range([0, radius]);
  const points: Point[] = LIFE_AREAS.map((area, i) => ({
    id: area.id,
    title: area.title,
    angle: (i / LIFE_AREAS.length) * 2 * Math.PI,
    score: ratings[area.id],
  }));
  // Angle 0 at twelve o'clock, clockwise (d3's radial convention).
  const x = (angle: number, length: number) => Math.sin(angle) * length;
  const y = (angle: number, length: number) => -Math.cos(angle) * length;

  const svg = select(svgElement);
  svg.selectAll('*').remove();
  svg.attr('viewBox', `0 0 ${width} ${height}`);
  const chart = svg.append('g').attr('transform', `translate(${width / 2},${height / 2})`);

  const grid = chart.append('g').attr('class', styles.grid ?? null);
  grid
    .selectAll('circle')
    .data(range(RING_STEP, MAX_SCORE + 1, RING_STEP))
    .join('circle')
    .attr('r', (d) => r(d))
    .attr('data-ring', (d) => d);
  grid
    .selectAll('line')
    .data(points)
    .join('line')
    .attr('x1', 0)
    .attr('y1', 0)
    .attr('x2', (p) => x(p.angle, r(MAX_SCORE)))
    .attr('y2', (p) => y(p.angle, r(MAX_SCORE)));
  // The ring values run between the first two spokes, clear of the first area's label.
  const ringAngle = Math.PI / LIFE_AREAS.length;
  chart
    .append('g')
    .attr('class', styles.ringLabels ?? null)
    .selectAll('text')
    .data(range(RING_STEP, MAX_SCORE + 1, RING_STEP))
    .join('text')
    .attr('x', (d) => x(ringAngle, r(d)) + 2)
    .attr('y', (d) => y(ringAngle, r(d)) - 2)
    .text((d) => d);

  const rated = points.filter((p): p is Point & { score: number } => p.score !== undefined);
  const outline = lineRadial<Point & { score: number }>()
    .angle((p) => p.angle)
    .radius((p) => r(p.score))
    .curve(curveLinearClosed);
  if (compare) {
    const earlier = points.map((p) => ({ ...p, score: compare[p.id] })).filter((p): p is Point & { score: number } => p.score !== undefined);
    const group = chart.append('g').attr('data-series', 'compare');
    if (earlier.length > 2) {
      group
        .append('path')
        .attr('d', outline(earlier))
        .attr('fill', 'none')
        .attr('stroke', COMPARE_STROKE)
        .attr('stroke-width', 2)
        .attr('stroke-dasharray', '6 4');
    }
    group
      .selectAll('circle')
      .data(earlier)
      .join('circle')
      .attr('data-compare-area', (p) => p.id)
      .attr('data-score', (p) => p.score)
      .attr('cx', (p) => x(p.angle, r(p.score)))
      .attr('cy', (p) => y(p.angle, r(p.score)))
      .attr('r', POINT_RADIUS - 2)
      .attr('fill', 'var(--bg-surface)')
      .attr('stroke', COMPARE_STROKE)
      .attr('stroke-width', 2);
  }
  if (rated.length > 2) {
    // It grows in on the first drawing only, not again on every resize.
    chart
      .append('path')
      .attr('class', [styles.shape, enter ? styles.enter : ''].join(' ').trim())
      .attr('d', outline(rated));
  }

  chart
    .append('g')
    .attr('class', styles.points ?? null)
    .selectAll('circle')
    .data(rated)
    .join('circle')
    .attr('data-area', (p) => p.id)
    .attr('data-score', (p) => p.score)
    .attr('data-colour', (p) => scoreColour(p.score))
    .attr('cx', (p) => x(p.angle, r(p.score)))
    .attr('cy', (p) => y(p.angle, r(p.score)))
    .attr('r', POINT_RADIUS)
    .attr('fill', (p) => scoreFill(p.score));

  const labelGap = 14;
  const labels = chart
    .append('g')
    .attr('class', styles.areaLabels ?? null)
    .selectAll('text')
    .data(points)
    .join('text')
    .attr('data-area', (p) => p.id)
    .attr('font-size', fontSize)
    .attr('text-anchor', (p) => (Math.abs(Math.sin(p.angle)) < 0.2 ? 'middle' : Math.sin(p.angle) > 0 ? 'start' : 'end'))
    .attr('x', (p) => x(p.angle, r(MAX_SCORE) + labelGap))
    .attr('y', (p) => y(p.angle, r(MAX_SCORE) + labelGap));
  labels.each(function (p) {
    const lines = wrap(p.title, lineLength);
    // Side labels are centred on their spoke; the ones near the top grow upwards, near the bottom downwards.
    const sideways = Math.abs(Math.sin(p.angle)) > 0.6;
    const cos = Math.cos(p.angle);
    const first = sideways ? -(lines.length - 1) / 2 + 0.35 : cos > 0 ? -(lines.length - 1) : 0.8;
    select(this)
      .selectAll('tspan')
      .data(lines)
      .join('tspan')
      .attr('x', x(p.angle, r(MAX_SCORE) + labelGap))
      .attr('dy', (_, i) => `${i === 0 ? first : 1.1}em`)
      .text((line) => line);
  });
}

/** "Tu rueda de la vida: ..." — what a sighted visitor takes in at a glance. */
export function chartSummary(ratings: Ratings): string {
  const best = strongestAreas(ratings, 1)[0];
  const worst = weakestAreas(ratings, 1)[0];
  const count = LIFE_AREAS.filter((a) => ratings[a.id] !== undefined).length;
  const parts = [`Gráfico de radar de tu Rueda de la Vida: ${count} de ${LIFE_AREAS.length} áreas en una escala del 0 al 10.`];
  if (best) parts.push(`La más alta es ${best.title}, con ${best.score}.`);
  if (worst) parts.push(`La más baja es ${worst.title}, con ${worst.score}.`);
  return parts.join(' ');
}

type RadarChartProps = {
  ratings: Ratings;
  /** Draws an earlier picture beneath, with a legend and a column of its own in the table. */
  compare?: RadarComparison;
  /** For assistive technology: the image's summary and the table's caption (the learner's own words by default). */
  summary?: string;
  caption?: string;
};

/** The legend's sample of one series: a short stroke as the chart draws it. */
function Swatch({ dashed }: { dashed: boolean }) {
  return (
    <svg width="28" height="12" aria-hidden="true" style={{ flex: 'none' }}>
      <line
        x1="2"
        y1="6"
        x2="26"
        y2="6"
        strokeWidth="3"
        stroke={dashed ? COMPARE_STROKE : 'var(--color-teal-600)'}
        strokeDasharray={dashed ? '6 4' : undefined}
      />
    </svg>
  );
}

export function RadarChart({ ratings, compare, summary, caption = 'Tus calificaciones por área' }: RadarChartProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const width = useWidth(frameRef);
  const drawn = useRef(false);
  const earlier = compare?.ratings;

  useEffect(() => {
    if (!svgRef.current) return;
    try {
      draw(svgRef.current, ratings, width, CHART_HEIGHT, !drawn.current, earlier);
      drawn.current = true;
    } catch (error) {
      console.error('No se pudo crear el gráfico de tu Rueda de la Vida.', error);
    }
  }, [ratings, width, earlier]);

  return (
    <figure className={styles.chart}>
      <div ref={frameRef} className={styles.chartFrame}>
        <svg ref={svgRef} role="img" aria-label={summary ?? chartSummary(ratings)} width="100%" height={CHART_HEIGHT} />
      </div>
      {compare ? (
        <figcaption style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 'var(--space-2) var(--space-5)' }}>
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-2)' }}>
            <Swatch dashed />
            {compare.label}
          </span>
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-2)' }}>
            <Swatch dashed={false} />
            {compare.currentLabel}
          </span>
        </figcaption>
      ) : null}
      {/* The wrapper hides it: a table ignores the 1px width of .sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Área</th>
              {compare ? <th scope="col">{compare.label}</th> : null}
              <th scope="col">{compare ? compare.currentLabel : 'Calificación'}</th>
            </tr>
          </thead>
          <tbody>
            {LIFE_AREAS.map((area) => (
              <tr key={area.id}>
                <th scope="row">{area.title}</th>
                {compare ? <td>{compare.ratings[area.id] ?? 'Sin calificar'}</td> : null}
                <td>{ratings[area.id] ?? 'Sin calificar'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
