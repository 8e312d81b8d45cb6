// A section of a lead page that fades in the first time it scrolls into view (lib/reveal.ts).
import type { ReactNode } from 'react';
import { useReveal } from '../../../lib/reveal';

type RevealProps = {
  as?: 'section' | 'div' | 'li' | 'aside';
  /** Staggers siblings: 100 ms × index. */
  index?: number;
  className?: string;
  children: ReactNode;
  'aria-labelledby'?: string;
  id?: string;
};

export function Reveal({ as: Tag = 'section', index = 0, className, children, ...rest }: RevealProps) {
  const { ref, props } = useReveal<HTMLElement>(index);
  return (
    // The ref's element type is the tag's; HTMLElement is what every one of them shares.
    <Tag ref={ref as never} className={className} {...props} {...rest}>
      {children}
    </Tag>
  );
}
