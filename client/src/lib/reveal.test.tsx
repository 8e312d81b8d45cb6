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

type Entry = { isIntersecting: boolean; target: Element };
type Callback = (entries: Entry[]) => void;
type FakeObserver = { callback: Callback; options: IntersectionObserverInit; observed: Set<Element>; disconnected: boolean };
let observers: FakeObserver[] = [];

function installObserver() {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly fake: FakeObserver;
      constructor(callback: Callback, options: IntersectionObserverInit) {
        this.fake = { callback, options, observed: new Set(), disconnected: false };
        observers.push(this.fake);
      }
      observe(element: Element) {
        this.fake.observed.add(element);
      }
      unobserve(element: Element) {
        this.fake.observed.delete(element);
      }
      disconnect() {
        this.fake.disconnected = true;
        this.fake.observed.clear();
      }
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
    act(() => observers[0]!.callback([{ isIntersecting: false, target: card }]));
    expect(card.getAttribute('data-reveal')).toBe('hidden');
    act(() => observers[0]!.callback([{ isIntersecting: true, target: card }]));
    expect(card.getAttribute('data-reveal')).toBe('shown');
  });

  it('watches every card of a page with one observer, and lets it go once all are shown', () => {
    installObserver();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const { rerender } = render(
      <>
        <Card index={0} />
        <Card index={1} />
        <Card index={2} />
      </>,
    );
    expect(observers).toHaveLength(1);
    const [first, second, third] = [0, 1, 2].map((i) => screen.getByTestId(`card-${i}`));
    expect(observers[0]!.observed).toEqual(new Set([first, second, third]));

    act(() =>
      observers[0]!.callback([
        { isIntersecting: true, target: first! },
        { isIntersecting: true, target: second! },
      ]),
    );
    expect(first!.getAttribute('data-reveal')).toBe('shown');
    expect(second!.getAttribute('data-reveal')).toBe('shown');
    expect(observers[0]!.observed).toEqual(new Set([third]));

    // A re-render leaves a shown card shown: React never writes the attribute again.
    rerender(
      <>
        <Card index={0} />
        <Card index={1} />
        <Card index={2} />
      </>,
    );
    expect(first!.getAttribute('data-reveal')).toBe('shown');

    act(() => observers[0]!.callback([{ isIntersecting: true, target: third! }]));
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('shows everything at once under prefers-reduced-motion', () => {
    installObserver();
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(prefers-reduced-motion: reduce)' }));
    render(<Card index={1} />);
    expect(screen.getByTestId('card-1').getAttribute('data-reveal')).toBe('shown');
    expect(observers).toHaveLength(0);
  });
});
