import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CONSCIOUSNESS_LEVELS } from '../../../../../../course/consciousness';
import { activityBySlug } from '../../../../../../course/syllabus';
import { fakeActivityStore, InActivity } from '../../../../testing/activity-store';
import { ConsciousnessLevels } from './ConsciousnessLevels';

const activity = activityBySlug('niveles-conciencia-hawkins')!;
const COUNT = CONSCIOUSNESS_LEVELS.length;

/** `random` picks the first level shown: 9.5/18 → index 9, the 10th level, Coraje. */
function renderLevels({ random = () => 9.5 / COUNT, done = false, hasNext = true } = {}) {
  const store = fakeActivityStore('browser');
  const goNext = vi.fn();
  render(
    <MemoryRouter>
      <InActivity store={store}>
        <ConsciousnessLevels activity={activity} done={done} goNext={goNext} hasNext={hasNext} random={random} />
      </InActivity>
    </MemoryRouter>,
  );
  return { complete: store.complete, goNext };
}

const carousel = () => screen.getByRole('region', { name: 'Recorre los niveles' });
const slide = () => within(carousel()).getByRole('group');
const shows = (name: string, position: number) => {
  expect(within(slide()).getByRole('heading', { level: 3 }).textContent).toBe(name);
  expect(within(carousel()).getByText(`${position} / ${COUNT}`)).toBeTruthy();
};

describe('ConsciousnessLevels', () => {
  it('has the 18 levels, and the carousel starts at the level the random source picks', () => {
    expect(COUNT).toBe(18);
    renderLevels();
    expect(carousel().getAttribute('aria-roledescription')).toBe('carrusel');
    shows('Coraje', 10);
    const card = slide();
    expect(card.getAttribute('data-category')).toBe('Poder');
    expect(card.textContent).toContain('200');
    expect(within(card).getByText('Afirmación')).toBeTruthy();
    expect(within(card).getByText('Posible')).toBeTruthy();
    expect(card.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
  });

  it.each([
    [0, 'Vergüenza', 1],
    [0.999_999, 'Iluminación', 18],
  ])('random %s starts at %s', (value, name, position) => {
    renderLevels({ random: () => value });
    shows(name, position);
  });

  it('the arrows step through the levels and wrap around both ends', () => {
    renderLevels({ random: () => 0 });
    const previous = screen.getByRole('button', { name: 'Nivel anterior' });
    const next = screen.getByRole('button', { name: 'Nivel siguiente' });

    fireEvent.click(previous);
    shows('Iluminación', 18);
    expect(slide().getAttribute('data-category')).toBe('Poder');
    fireEvent.click(next);
    shows('Vergüenza', 1);
    expect(slide().getAttribute('data-category')).toBe('Fuerza');
    expect(within(slide()).getByText('Humillación')).toBeTruthy();
    fireEvent.click(next);
    shows('Culpa', 2);
    fireEvent.click(next);
    fireEvent.click(next);
    // No level is left out: Melancolía (60) sits between Apatía and Nostalgia.
    shows('Melancolía', 4);
    expect(slide().textContent).toContain('60');
    fireEvent.click(next);
    shows('Nostalgia', 5);
  });

  it('← and → move the carousel from anywhere inside it, and the slide keeps the focus', () => {
    renderLevels();
    const card = slide();
    card.focus();
    fireEvent.keyDown(card, { key: 'ArrowRight' });
    shows('Neutralidad', 11);
    fireEvent.keyDown(card, { key: 'ArrowLeft' });
    fireEvent.keyDown(card, { key: 'ArrowLeft' });
    shows('Orgullo', 9);
    expect(document.activeElement).toBe(slide());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Nivel siguiente' }), { key: 'ArrowRight' });
    shows('Coraje', 10);
  });

  it('opens the whole scale as a table in a modal, and closes it', async () => {
    renderLevels();
    fireEvent.click(screen.getByRole('button', { name: 'Ver la tabla completa' }));

    const dialog = await screen.findByRole('dialog', { name: 'Los niveles de conciencia' });
    const table = within(dialog).getByRole('table');
    expect(table.querySelector('caption')?.textContent).toMatch(/18 niveles/);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nivel', 'Calibración', 'Emoción', 'Visión de la vida']);
    // One row per level, in two groups: Fuerza (below 200) and Poder (from 200).
    const rows = table.querySelectorAll('tbody tr:has(th[scope="row"])');
    expect(rows).toHaveLength(18);
    expect([...rows].map((row) => row.querySelector('th')?.textContent)).toEqual(CONSCIOUSNESS_LEVELS.map((l) => l.name));
    const groups = table.querySelectorAll('tbody');
    expect([...groups].map((group) => group.querySelector('th[scope="rowgroup"]')?.textContent)).toEqual(['Fuerza: por debajo de 200', 'Poder: desde 200']);
    expect(groups[0]!.querySelectorAll('th[scope="row"]')).toHaveLength(9);
    expect(groups[1]!.querySelector('th[scope="row"]')?.textContent).toBe('Coraje');
    expect([...rows[9]!.children].map((cell) => cell.textContent)).toEqual(['Coraje', '200', 'Afirmación', 'Posible']);
    expect(rows[9]!.getAttribute('data-category')).toBe('Poder');
    expect(rows[8]!.getAttribute('data-category')).toBe('Fuerza');
    expect(rows[3]!.querySelector('th')?.textContent).toBe('Melancolía');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("explains the pyramid from its base, and 'El Salto al Poder' at Coraje (200)", () => {
    renderLevels();
    const pyramid = screen.getByRole('figure', { name: /pirámide de la creación/ });
    const tiers = within(pyramid).getAllByRole('listitem');
    expect(tiers.map((tier) => tier.getAttribute('data-tier'))).toEqual(['beliefs', 'emotions', 'thoughts-actions']);
    expect(tiers[0]!.textContent).toMatch(/Creencias.*El inconsciente/);
    expect(tiers[1]!.textContent).toMatch(/Emociones.*El subconsciente/);
    expect(tiers[2]!.textContent).toMatch(/Pensamientos y acciones.*El consciente/);

    const leap = screen.getByRole('region', { name: 'El Salto al Poder' });
    expect(leap.textContent).toContain('Coraje (200)');
    expect(leap.textContent).toMatch(/primer nivel de Poder/);
  });

  it('completes and goes on, with a way back to the syllabus', async () => {
    const { complete, goNext } = renderLevels();
    expect(screen.getByRole('link', { name: 'Volver al Temario' }).getAttribute('href')).toBe('/cursos/manifiesta');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como completada' }));
    await waitFor(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('once completed, offers the next activity', () => {
    const { goNext } = renderLevels({ done: true });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente Actividad' }));
    expect(goNext).toHaveBeenCalledTimes(1);
  });
});
