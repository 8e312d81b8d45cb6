// Visibility animations for the public pages: an element fades and rises in the first time it enters the
// viewport (IntersectionObserver, threshold 0.15), staggered 100 ms × its index. Under
// prefers-reduced-motion, or without IntersectionObserver, everything is simply visible.
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';

export const REVEAL_THRESHOLD = 0.15;
export const REVEAL_STAGGER_MS = 100;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface Reveal<T extends Element> {
  ref: RefObject<T | null>;
  /** Spread on the element: data-reveal ('hidden' | 'shown') for the CSS, and the stagger delay. */
  props: { 'data-reveal': 'hidden' | 'shown'; style?: CSSProperties };
}

/** `index` staggers siblings: the n-th card starts n × 100 ms after the first. */
export function useReveal<T extends Element = HTMLDivElement>(index = 0): Reveal<T> {
  const ref = useRef<T | null>(null);
  const [shown, setShown] = useState(() => prefersReducedMotion() || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (shown || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [shown]);
  return {
    ref,
    props: { 'data-reveal': shown ? 'shown' : 'hidden', ...(index > 0 ? { style: { transitionDelay: `${index * REVEAL_STAGGER_MS}ms` } } : {}) },
  };
}
