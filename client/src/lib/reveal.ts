// Visibility animations for the public pages: an element fades and rises in the first time it enters the
// viewport (threshold 0.15), staggered 100 ms × its index. Under prefers-reduced-motion, or without
// IntersectionObserver, everything is simply visible.
//
// One IntersectionObserver watches every waiting element of the page, and it shows an element by setting its
// data-reveal attribute itself: the CSS does the rest (styles/tokens.css). No React state is involved, so a card
// coming into view re-renders nothing; React only ever writes 'hidden', and never again, since that prop never
// changes. A page of 30 cards used to make 30 observers and 30 re-renders right after its first paint.
import { useEffect, useRef, type CSSProperties, type RefObject } from 'react';

export const REVEAL_THRESHOLD = 0.15;
export const REVEAL_STAGGER_MS = 100;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface Reveal<T extends Element> {
  ref: RefObject<T | null>;
  /** Spread on the element: data-reveal for the CSS (the observer turns it to 'shown'), and the stagger delay. */
  props: { 'data-reveal': 'hidden'; style?: CSSProperties };
}

const show = (element: Element) => element.setAttribute('data-reveal', 'shown');

/** The page's one observer, with the elements still waiting; dropped when none is left. */
let shared: { observer: IntersectionObserver; waiting: Set<Element> } | null = null;

function watch(element: Element): () => void {
  if (!shared) {
    const waiting = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          show(entry.target);
          unwatch(entry.target);
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    shared = { observer, waiting };
  }
  shared.waiting.add(element);
  shared.observer.observe(element);
  return () => unwatch(element);
}

function unwatch(element: Element): void {
  if (!shared?.waiting.delete(element)) return;
  shared.observer.unobserve(element);
  if (shared.waiting.size > 0) return;
  shared.observer.disconnect();
  shared = null;
}

/** `index` staggers siblings: the n-th card starts n × 100 ms after the first. */
export function useReveal<T extends Element = HTMLDivElement>(index = 0): Reveal<T> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.getAttribute('data-reveal') === 'shown') return;
    if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) {
      show(element);
      return;
    }
    return watch(element);
  }, []);
  return {
    ref,
    props: { 'data-reveal': 'hidden', ...(index > 0 ? { style: { transitionDelay: `${index * REVEAL_STAGGER_MS}ms` } } : {}) },
  };
}
