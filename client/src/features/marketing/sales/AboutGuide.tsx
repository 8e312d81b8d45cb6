// "Quién te acompaña": the coach's photo and name (when she has set them) beside the page's own words about her.
import type { ReactNode } from 'react';
import { CoachPortrait } from '../../../components/CoachPortrait/CoachPortrait';
import { useCoach } from '../../../lib/site';
import { RevealItem } from './layout';
import styles from './sales.module.css';

/** The coach's portrait as a page's picture of her, or nothing while she has not uploaded one. */
export function GuidePhoto({ className = styles.guidePhoto, lazy = true }: { className?: string; lazy?: boolean }) {
  const { portrait, name } = useCoach();
  return portrait ? <CoachPortrait portrait={portrait} name={name} className={className} sizes="200px" lazy={lazy} /> : null;
}

export function AboutGuide({ children }: { children: ReactNode }) {
  const { portrait, name } = useCoach();
  return (
    <div className={portrait ? styles.guide : undefined}>
      {portrait ? (
        <RevealItem as="div" index={0} className={styles.guideMedia}>
          <GuidePhoto />
          {name ? <p className={styles.guideName}>{name}</p> : null}
        </RevealItem>
      ) : null}
      <RevealItem as="div" index={1} className={styles.guideText}>
        {name && !portrait ? <p className={styles.guideName}>{name}</p> : null}
        {children}
      </RevealItem>
    </div>
  );
}
