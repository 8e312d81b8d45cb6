import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

const VIEW_ROUTE = { 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) };
const PHOTO = {
  src: `/media/${'a'.repeat(64)}.jpg`,
  width: 900,
  height: 900,
  sources: [
    { type: 'image/avif', srcset: `/media/${'b'.repeat(64)}.avif 320w` },
    { type: 'image/webp', srcset: `/media/${'c'.repeat(64)}.webp 320w` },
  ],
};
const TWO = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Lucía M.', text: 'Llegué sin saber qué quería y salí con un plan.', photo: PHOTO },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Jorge', text: 'Aprendí a escucharme.', photo: null },
];

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

describe('testimonials on the sales pages', () => {
  beforeAll(() => Promise.all([import('./ReprogramaPage'), import('./CoachingPage')]));

  it("shows the page's own testimonials, asked for by its slug", async () => {
    const api = stubApi({ ...VIEW_ROUTE, 'GET /api/testimonials': () => envelope(200, 'Testimonios.', TWO) });
    renderRoute('/reprograma');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lo que cuentan quienes ya lo vivieron' })).toBeTruthy();
    expect(screen.getByText(TWO[0]!.text)).toBeTruthy();
    expect(screen.getByText('Jorge')).toBeTruthy();
    // (React's strict mode runs the effect twice in tests.)
    expect(new Set(api.callsTo('GET /api/testimonials').map((c) => c.url.searchParams.get('page')))).toEqual(new Set(['reprograma']));
  });

  it('shows a testimonial’s photo as a round <picture>, and the initial where there is none', async () => {
    stubApi({ ...VIEW_ROUTE, 'GET /api/testimonials': () => envelope(200, 'Testimonios.', TWO) });
    const { container } = renderRoute('/reprograma');
    const lucia = (await screen.findByText('Lucía M.')).closest('figure')!;
    const img = lucia.querySelector('picture > img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual([PHOTO.src, '900', '900', '']);
    expect([...lucia.querySelectorAll('picture > source')].map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual(
      PHOTO.sources.map((s) => [s.type, s.srcset]),
    );
    // No initial stands in for her: the photo does.
    expect(lucia.querySelector('[aria-hidden="true"]')).toBeNull();

    const jorge = screen.getByText('Jorge').closest('figure')!;
    expect(jorge.querySelector('picture')).toBeNull();
    expect(jorge.querySelector('[aria-hidden="true"]')?.textContent).toBe('J');
    expect(container.querySelectorAll('picture')).toHaveLength(1);
  });

  it('shows no section and no heading when the page has none', async () => {
    const api = stubApi({ ...VIEW_ROUTE, 'GET /api/testimonials': () => envelope(200, 'Testimonios.', []) });
    renderRoute('/coaching');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.callsTo('GET /api/testimonials').length).toBeGreaterThan(0));
    expect(new Set(api.callsTo('GET /api/testimonials').map((c) => c.url.searchParams.get('page')))).toEqual(new Set(['coaching']));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Testimonios')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Lo que cuentan quienes ya lo vivieron' })).toBeNull();
  });

  it('shows nothing when the list cannot be fetched', async () => {
    stubApi({ ...VIEW_ROUTE, 'GET /api/testimonials': () => envelope(503, 'No disponible.') });
    renderRoute('/reprograma');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByRole('heading', { name: 'Lo que cuentan quienes ya lo vivieron' })).toBeNull();
  });
});
