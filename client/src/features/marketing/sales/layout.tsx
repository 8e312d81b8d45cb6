// The frame of a sales page: the page column, the opening (h1) and the h2 sections, each fading in on view.
import { useId, type ReactNode } from 'react';
import { ButtonLink } from '../../../components/Button/Button';
import { useReveal } from '../../../lib/reveal';
import type { Fact } from './lists';
import styles from './sales.module.css';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The page column. Ends with the way back to the link-in-bio menu, as every page of the site does. */
export function SalesPage({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      {children}
      <div className={styles.footer}>
        <ButtonLink variant="secondary" to="/menu">
          Volver al menú
        </ButtonLink>
      </div>
    </div>
  );
}

type HeroProps = {
  title: string;
  lead: ReactNode;
  eyebrow?: string;
  /** The browser tab's title, when it should differ from the h1 (e.g. a personal greeting). */
  documentTitle?: string;
  /** A picture or portrait beside the text (below it on a phone). */
  media?: ReactNode;
  /** Without media: the offer at a glance, a card beside the text on wide screens (the same facts the page
   *  details below, so a phone, where the card would only push the page down, goes without it). */
  glance?: { title: string; facts: readonly Fact[] };
  /** Without media or glance: a decorative picture beside the text on wide screens. */
  art?: ReactNode;
  /** The calls to action. */
  children?: ReactNode;
};

export function Hero({ title, lead, eyebrow, documentTitle = title, media, glance, art, children }: HeroProps) {
  // Not revealed on scroll like the sections below: the hero is the first thing on screen (the page's largest
  // paint), so it shows at once; hidden until an observer fires, it held back Lighthouse's FCP and LCP.
  return (
    <header className={cx(styles.hero, !media && !glance && !art && styles.heroSolo)}>
      <title>{`${documentTitle} · Manifiesta`}</title>
      <div className={styles.heroText}>
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className={styles.heroTitle}>{title}</h1>
        <div className={styles.heroLead}>{lead}</div>
        {children}
      </div>
      {media ? (
        <div className={styles.heroMedia}>{media}</div>
      ) : glance ? (
        <HeroGlance {...glance} />
      ) : art ? (
        <div className={styles.heroArt} aria-hidden="true">
          {art}
        </div>
      ) : null}
    </header>
  );
}

function HeroGlance({ title, facts }: { title: string; facts: readonly Fact[] }) {
  const titleId = useId();
  return (
    <aside className={styles.glance} aria-labelledby={titleId}>
      <p id={titleId} className={styles.glanceTitle}>
        {title}
      </p>
      <dl className={styles.glanceFacts}>
        {facts.map((fact) => (
          <div key={fact.label} className={styles.glanceFact}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

type SectionProps = {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  /** Makes the section a scroll target (ScrollButton, #hash); it then also takes focus when scrolled to. */
  id?: string;
  tone?: 'plain' | 'muted' | 'accent';
  /** 'wide' for card grids; text sections read better narrow. */
  width?: 'narrow' | 'wide';
  children?: ReactNode;
};

export function Section({ title, eyebrow, intro, id, tone = 'plain', width = 'narrow', children }: SectionProps) {
  const headingId = useId();
  const { ref, props } = useReveal<HTMLElement>();
  return (
    <section
      ref={ref}
      {...props}
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-labelledby={headingId}
      className={cx(styles.section, tone !== 'plain' && styles[tone])}
    >
      <div className={cx(styles.inner, width === 'narrow' && styles.narrow)}>
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {intro ? <div className={styles.intro}>{intro}</div> : null}
        {children}
      </div>
    </section>
  );
}

type RevealItemProps = {
  as?: 'li' | 'div' | 'article' | 'figure';
  /** Staggers siblings: 100 ms × index. */
  index?: number;
  className?: string;
  children: ReactNode;
};

/** One card of a grid, fading in after the cards before it. */
export function RevealItem({ as: Tag = 'li', index = 0, className, children }: RevealItemProps) {
  const { ref, props } = useReveal<HTMLElement>(index);
  return (
    // The ref's element type is the tag's; HTMLElement is what every one of them shares.
    <Tag ref={ref as never} {...props} className={className}>
      {children}
    </Tag>
  );
}

export { cx };
