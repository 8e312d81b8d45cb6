import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIFE_AREAS } from '../../../../course/areas';
import { chartSummary, RadarChart } from './RadarChart';

// love 9, friendships 2, finances 5, quality 7, health 1, intellectual 10, emotional 4, spiritual 6, career 3,
// character 8, family 0, vision 6.
const SCORES = [9, 2, 5, 7, 1, 10, 4, 6, 3, 8, 0, 6];
const RATINGS = Object.fromEntries(LIFE_AREAS.map((a, i) => [a.id, SCORES[i]!]));

const svg = () => screen.getByRole('img');
const points = () => [...svg().querySelectorAll<SVGCircleElement>('circle[data-area]')];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RadarChart', () => {
  it('draws one point per area, coloured red (≤ 3), yellow (4–6) or green (≥ 7)', () => {
    render(<RadarChart ratings={RATINGS} />);

    expect(points()).toHaveLength(12);
    const colourOf = Object.fromEntries(points().map((p) => [p.getAttribute('data-area'), p.getAttribute('fill')]));
    expect(colourOf).toEqual({
      'love-relationship': 'var(--color-score-green)',
      friendships: 'var(--color-score-red)',
      finances: 'var(--color-score-yellow)',
      'quality-of-life': 'var(--color-score-green)',
      'health-fitness': 'var(--color-score-red)',
      'intellectual-life': 'var(--color-score-green)',
      'emotional-life': 'var(--color-score-yellow)',
      'spiritual-life': 'var(--color-score-yellow)',
      career: 'var(--color-score-red)',
      character: 'var(--color-score-green)',
      'family-parenting': 'var(--color-score-red)',
      'life-vision': 'var(--color-score-yellow)',
    });
  });

  it('places each point at its score on a 0–10 scale with a ring every 2, 350 px high', () => {
    render(<RadarChart ratings={RATINGS} />);

    expect(svg().getAttribute('height')).toBe('350');
    const rings = [...svg().querySelectorAll('circle[data-ring]')];
    expect(rings.map((r) => r.getAttribute('data-ring'))).toEqual(['2', '4', '6', '8', '10']);
    const outer = Number(rings.at(-1)!.getAttribute('r'));
    expect(Number(rings[0]!.getAttribute('r'))).toBeCloseTo(outer / 5);

    const distance = (p: SVGCircleElement) => Math.hypot(Number(p.getAttribute('cx')), Number(p.getAttribute('cy')));
    const byArea = Object.fromEntries(points().map((p) => [p.getAttribute('data-area'), p]));
    expect(distance(byArea['intellectual-life']!)).toBeCloseTo(outer);
    expect(distance(byArea['love-relationship']!)).toBeCloseTo(outer * 0.9);
    expect(distance(byArea['family-parenting']!)).toBeCloseTo(0);
    // The first area sits straight up from the centre.
    expect(Number(byArea['love-relationship']!.getAttribute('cx'))).toBeCloseTo(0);
    expect(Number(byArea['love-relationship']!.getAttribute('cy'))).toBeLessThan(0);
    expect(svg().querySelectorAll('text[data-area]')).toHaveLength(12);
  });

  it('is one image with a summary for screen readers, and the 12 values in a table', () => {
    render(<RadarChart ratings={RATINGS} />);

    expect(svg().getAttribute('aria-label')).toBe(
      'Gráfico de radar de tu Rueda de la Vida: 12 de 12 áreas en una escala del 0 al 10. La más alta es Vida Intelectual, con 10. La más baja es Familia y Crianza, con 0.',
    );
    const table = screen.getByRole('table', { name: 'Tus calificaciones por área' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]!.textContent).toBe('Amor y Pareja9');
    expect(rows[10]!.textContent).toBe('Familia y Crianza0');
  });

  it('only logs a drawing failure', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(SVGElement.prototype, 'appendChild').mockImplementation(() => {
      throw new Error('no se puede dibujar');
    });
    render(<RadarChart ratings={RATINGS} />);

    expect(svg()).toBeTruthy();
    expect(error).toHaveBeenCalledWith('No se pudo crear el gráfico de tu Rueda de la Vida.', expect.any(Error));
  });

  it('draws an earlier picture beneath when asked to compare, with a legend and a column of its own', () => {
    const first = { ...RATINGS, finances: 2 };
    render(
      <RadarChart
        ratings={RATINGS}
        compare={{ ratings: first, label: 'Primera calificación', currentLabel: 'En este momento' }}
        summary="La rueda de Ana"
        caption="Calificaciones de Ana por área"
      />,
    );

    expect(svg().getAttribute('aria-label')).toBe('La rueda de Ana');
    // The current points keep their selector; the earlier ones have their own.
    expect(points()).toHaveLength(12);
    expect(svg().querySelector('circle[data-area="finances"]')!.getAttribute('data-score')).toBe('5');
    expect(svg().querySelectorAll('circle[data-compare-area]')).toHaveLength(12);
    expect(svg().querySelector('circle[data-compare-area="finances"]')!.getAttribute('data-score')).toBe('2');
    expect(svg().querySelector('[data-series="compare"] path')!.getAttribute('stroke-dasharray')).toBe('6 4');
    expect(screen.getByText('Primera calificación', { selector: 'figcaption span' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Calificaciones de Ana por área' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Área', 'Primera calificación', 'En este momento']);
    expect(within(table).getAllByRole('row')[3]!.textContent).toBe('Finanzas25');
  });

  it('summarises a partial wheel too', () => {
    expect(chartSummary({ finances: 3 })).toBe(
      'Gráfico de radar de tu Rueda de la Vida: 1 de 12 áreas en una escala del 0 al 10. La más alta es Finanzas, con 3. La más baja es Finanzas, con 3.',
    );
  });
});
