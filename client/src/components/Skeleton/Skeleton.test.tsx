import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SHAPES, skeletonMarkup, type SkeletonShape } from './shapes';
import { Skeleton } from './Skeleton';

const shapes = Object.keys(SHAPES) as SkeletonShape[];

describe('Skeleton', () => {
  it.each(shapes)('%s: React draws exactly the HTML the server sends before the app starts (no jump on take-over)', (shape) => {
    for (const options of [{}, { part: 'body' as const }, { label: 'Verificando tu acceso...', showLabel: true }]) {
      expect(renderToStaticMarkup(<Skeleton shape={shape} {...options} />)).toBe(skeletonMarkup(shape, options));
    }
  });

  it("tells screen readers 'Cargando...' by default, and nothing else: the shapes are hidden from them", () => {
    const { container } = render(<Skeleton shape="activity" />);
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
    expect(screen.getByRole('status').className).toBe('sr-only');
    for (const frame of container.querySelectorAll('.sk-frame')) expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toBe('Cargando...');
  });

  it('shows the text where the words matter', () => {
    render(<Skeleton shape="activity" part="body" label="Verificando tu acceso..." showLabel />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Verificando tu acceso...');
    expect(status.className).not.toContain('sr-only');
  });

  it('paints something a browser counts as content at once (an SVG bone), as the loading text did', () => {
    for (const shape of shapes) expect(skeletonMarkup(shape)).toMatch(/<svg class="sk-bone sk-title/);
  });

  it('escapes its text in the server HTML', () => {
    expect(skeletonMarkup('generic', { label: '<b>&' })).toContain('>&#60;b&#62;&#38;</p>');
  });
});
