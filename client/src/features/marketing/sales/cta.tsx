// Calls to action of the sales pages. External ones open in a new tab, say so to screen readers, and never
// hand the opener to the other site.
import { useId, type ReactNode } from 'react';
import { COMING_SOON, useSiteLinks } from '../../../lib/site';
import { prefersReducedMotion } from '../../../lib/reveal';
import { cx } from './layout';
import styles from './sales.module.css';

type Variant = 'primary' | 'secondary' | 'whatsapp';

type CtaButtonProps = {
  /** Null while the coach has not set it: the button reads «Próximamente» and links nowhere. */
  href: string | null;
  children: ReactNode;
  variant?: Variant;
  /** A short line under the button (e.g. 'Cupos limitados – sin compromiso'), read with it. */
  note?: string;
  className?: string;
};

/** The look of a call to action, for a button another part of the app makes (the checkout). */
export const ctaClass = (variant: Variant = 'primary') => cx(styles.cta, styles[variant]);

export function CtaButton({ href, children, variant = 'primary', note, className }: CtaButtonProps) {
  const noteId = useId();
  if (href === null) {
    return (
      <span className={cx(styles.ctaWithNote, className)}>
        <span className={cx(styles.cta, styles[variant], styles.soon)} aria-disabled="true">
          {children}
        </span>
        <span className={styles.ctaNote}>{COMING_SOON}</span>
      </span>
    );
  }
  const link = (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cx(styles.cta, styles[variant], !note && className)}
      aria-describedby={note ? noteId : undefined}
    >
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
  if (!note) return link;
  return (
    <span className={cx(styles.ctaWithNote, className)}>
      {link}
      <span id={noteId} className={styles.ctaNote}>
        {note}
      </span>
    </span>
  );
}

type WhatsAppCtaProps = Omit<CtaButtonProps, 'href' | 'variant'> & {
  /** The page's own prefilled greeting: the coach knows at a glance where the chat comes from. */
  message: string;
  variant?: Variant;
};

export function WhatsAppCta({ message, variant = 'whatsapp', ...rest }: WhatsAppCtaProps) {
  const { whatsappLink } = useSiteLinks();
  return <CtaButton href={whatsappLink(message)} variant={variant} {...rest} />;
}

type ScrollButtonProps = {
  /** The id of a <Section id> (focusable) on the same page. */
  targetId: string;
  children: ReactNode;
  variant?: Exclude<Variant, 'whatsapp'>;
};

/** Takes the visitor down to a section (e.g. the enrolment box) and moves focus there for keyboard users. */
export function ScrollButton({ targetId, children, variant = 'primary' }: ScrollButtonProps) {
  const go = () => {
    const target = document.getElementById(targetId);
    if (!target) return;
    target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <button type="button" className={cx(styles.cta, styles[variant])} onClick={go}>
      {children}
    </button>
  );
}

export function CtaGroup({ children, align = 'start' }: { children: ReactNode; align?: 'start' | 'center' }) {
  return <div className={cx(styles.ctaGroup, align === 'center' && styles.center)}>{children}</div>;
}
