// A chart's drawing width: the element's own width, followed as it resizes, so SVG text keeps its real size.
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    // jsdom has no layout (0): the fallback stands.
    const update = () => setWidth((current) => Math.round(element.getBoundingClientRect().width) || current);
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
