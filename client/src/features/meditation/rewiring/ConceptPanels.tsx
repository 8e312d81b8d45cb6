// The ideas behind the rewiring meditation, told as a perspective (Bashar's channelled teaching), not as science.
import { useId } from 'react';
import { CONCEPTS } from './copy';
import styles from './ConceptPanels.module.css';

export function ConceptPanels() {
  const titleId = useId();
  return (
    <section className={styles.concepts} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {CONCEPTS.title}
      </h2>
      <p className={styles.intro}>{CONCEPTS.intro}</p>
      <ul className={styles.panels}>
        {CONCEPTS.panels.map((panel) => (
          <li key={panel.title} className={styles.panel}>
            <h3 className={styles.panelTitle}>{panel.title}</h3>
            <p className={styles.panelText}>{panel.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
