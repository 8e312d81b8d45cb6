// The levels one at a time (the APG carousel pattern, without auto-rotation): previous and next go round the
// scale, ← and → do the same anywhere inside, and the slide is a polite live region, so a screen reader
// hears the new level after each step.
import { useId, useState, type KeyboardEvent } from 'react';
import type { ConsciousnessLevel } from '../../../../../../course/consciousness';
import { KeyboardHint } from '../../../../components/KeyboardHint/KeyboardHint';
import styles from './ConsciousnessLevels.module.css';

type LevelCarouselProps = {
  levels: readonly ConsciousnessLevel[];
  /** The index shown first. */
  startAt: number;
};

export function LevelCarousel({ levels, startAt }: LevelCarouselProps) {
  const [index, setIndex] = useState(startAt);
  const titleId = useId();
  const hintId = useId();
  const slideId = useId();
  const count = levels.length;
  const level = levels[index]!;

  const go = (step: number) => setIndex((current) => (current + step + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  return (
    <section className={styles.carousel} aria-roledescription="carrusel" aria-labelledby={titleId} aria-describedby={hintId} onKeyDown={onKeyDown}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Recorre los niveles
      </h2>
      <p id={hintId} className={styles.hint}>
        Empezamos en un nivel al azar. Avanza o retrocede con las flechas
        <KeyboardHint>, o con las teclas ← y → de tu teclado</KeyboardHint>.
      </p>

      <div className={styles.stage}>
        <button type="button" className={styles.arrow} aria-label="Nivel anterior" aria-controls={slideId} onClick={() => go(-1)}>
          <span aria-hidden="true">‹</span>
        </button>

        {/* The same element throughout (no key): focus on the slide stays there while the level changes. */}
        <div id={slideId} className={styles.slideWindow} aria-live="polite" aria-atomic="true">
          <article
            className={styles.slide}
            data-category={level.category}
            role="group"
            aria-roledescription="nivel"
            aria-label={`${level.name} (${index + 1} de ${count})`}
            tabIndex={0}
          >
            <p className={styles.slideTop}>
              <span className={styles.category}>{level.category}</span>
              <span className={styles.score}>
                <span className={styles.scoreLabel}>Calibración</span> {level.score}
              </span>
            </p>
            <h3 className={styles.levelName}>{level.name}</h3>
            <dl className={styles.facts}>
              <div>
                <dt>Emoción</dt>
                <dd>{level.emotion}</dd>
              </div>
              <div>
                <dt>Visión de la vida</dt>
                <dd>{level.paradigm}</dd>
              </div>
            </dl>
            <p className={styles.insight}>{level.insight}</p>
          </article>
          <p className={styles.counter}>
            <span aria-hidden="true">{`${index + 1} / ${count}`}</span>
            <span className="sr-only">{`Nivel ${index + 1} de ${count}`}</span>
          </p>
        </div>

        <button type="button" className={styles.arrow} aria-label="Nivel siguiente" aria-controls={slideId} onClick={() => go(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
