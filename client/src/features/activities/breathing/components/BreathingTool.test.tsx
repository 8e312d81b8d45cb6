import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityBySlug } from '../../../../../../course/syllabus';
import { fakeActivityStore, InActivity } from '../../../../testing/activity-store';
import { BreathingTool } from './BreathingTool';

const activity = activityBySlug('herramienta-respiracion-guiada')!;

function renderTool() {
  return render(
    <InActivity store={fakeActivityStore()}>
      <BreathingTool activity={activity} done={false} goNext={() => {}} hasNext />
    </InActivity>,
  );
}

const circle = () => screen.getByTestId('breath-circle');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function reducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BreathingTool', () => {
  it('paces the breath: Inhala, Sostén, Exhala, Sostén, growing and shrinking the circle', () => {
    reducedMotion(false);
    renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar' }));

    advance(2000);
    expect(circle().getAttribute('data-phase')).toBe('inhale');
    expect(screen.getAllByText('Inhala').length).toBeGreaterThan(0);
    const halfway = Number(/scale\(([\d.]+)\)/.exec(circle().style.transform)![1]);
    expect(halfway).toBeGreaterThan(0.6);
    expect(halfway).toBeLessThan(0.95);

    advance(2500);
    expect(circle().getAttribute('data-phase')).toBe('holdIn');
    expect(circle().style.transform).toBe('scale(1)');
    expect(screen.getAllByText('Sostén').length).toBeGreaterThan(0);

    advance(4000);
    expect(circle().getAttribute('data-phase')).toBe('exhale');
    expect(screen.getAllByText('Exhala').length).toBeGreaterThan(0);
    advance(4000);
    expect(circle().getAttribute('data-phase')).toBe('holdOut');
    advance(4000);
    expect(screen.getByText('Ciclo 2 de 6 · quedan 5 ciclos')).toBeTruthy();
  });

  it('pauses and goes on from where it was', () => {
    reducedMotion(false);
    renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar' }));
    advance(5000);
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    advance(60_000);
    expect(circle().getAttribute('data-phase')).toBe('holdIn');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    advance(3500);
    expect(circle().getAttribute('data-phase')).toBe('exhale');
  });

  it('ends after the chosen cycles of the chosen rhythm', () => {
    reducedMotion(false);
    renderTool();
    fireEvent.click(screen.getByRole('radio', { name: /Coherencia cardíaca/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Ciclos' }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar' }));

    advance(5500);
    expect(circle().getAttribute('data-phase')).toBe('exhale');
    advance(35_000);
    expect(screen.getByText(/¡Bien hecho! Completaste 4 ciclos/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Respirar de nuevo' })).toBeTruthy();
  });

  it('with reduced motion the circle stays still and the words and countdown lead', () => {
    reducedMotion(true);
    renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar' }));
    advance(1200);
    expect(circle().style.transform).toBe('scale(1)');
    expect(screen.getAllByText('Inhala').length).toBeGreaterThan(0);
    expect(screen.getByText('3')).toBeTruthy();
    advance(4000);
    expect(circle().style.transform).toBe('scale(1)');
    expect(screen.getAllByText('Sostén').length).toBeGreaterThan(0);
  });
});
