import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReveal } from './reveal';

function Card({ index }: { index: number }) {
  const { ref, props } = useReveal<HTMLDivElement>(index);
  return (
    <div ref={ref} {...props} data-testid={`card-${index}`}>
      Tarjeta
    </div>
  );
}

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
let observers: Array<{ callback: Callback; options: IntersectionObserverInit }> = [];

function installObserver() {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback, options: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useReveal', () => {
  it('stays hidden until the element enters the viewport, with a 100 ms stagger per index', () => {
    installObserver();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    render(<Card index={2} />);
    const card = screen.getByTestId('card-2');
    expect(card.getAttribute('data-reveal')).toBe('hidden');
    expect(card.style.transitionDelay).toBe('200ms');
    expect(observers[0]!.options.threshold).toBeGreaterThanOrEqual(0.1);
    expect(observers[0]!.options.threshold).toBeLessThanOrEqual(0.2);
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(card.getAttribute('data-reveal')).toBe('shown');
  });

  it('shows everything at once under prefers-reduced-motion', () => {
    installObserver();
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(prefers-reduced-motion: reduce)' }));
    render(<Card index={1} />);
    expect(screen.getByTestId('card-1').getAttribute('data-reveal')).toBe('shown');
    expect(observers).toHaveLength(0);
  });
});
