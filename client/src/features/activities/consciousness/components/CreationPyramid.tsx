// The creation pyramid as a figure: three tiers, read (and listed) from the base up, drawn with the base at
// the bottom.
import { useId, type CSSProperties } from 'react';
import { CREATION_PYRAMID } from '../../../../../../course/consciousness';
import styles from './ConsciousnessLevels.module.css';

export function CreationPyramid() {
  const captionId = useId();
  return (
    <figure className={styles.pyramid} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.pyramidCaption}>
        La pirámide de la creación, de la base a la cima
      </figcaption>
      <ol className={styles.tiers}>
        {CREATION_PYRAMID.map((tier, index) => (
          <li key={tier.id} className={styles.tier} data-tier={tier.id} style={{ '--tier': index } as CSSProperties}>
            <p className={styles.tierTitle}>
              {tier.title} <span className={styles.tierMind}>· {tier.mind}</span>
            </p>
            <p className={styles.tierText}>{tier.explanation}</p>
          </li>
        ))}
      </ol>
    </figure>
  );
}
