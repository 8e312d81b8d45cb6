// The playing screen: the phase, its countdown and progress, and 'Finalizar Meditación'.
import { useId, type Ref } from 'react';
import { PHASES } from '../../../../../course/meditation';
import { Button } from '../../../components/Button/Button';
import type { PlayingSnapshot } from '../engine/engine';
import { clockText } from './format';
import styles from './MeditationTool.module.css';

type PlayingViewProps = { snapshot: PlayingSnapshot; onFinish: () => void; headingRef: Ref<HTMLHeadingElement> };

export function PlayingView({ snapshot, onFinish, headingRef }: PlayingViewProps) {
  const titleId = useId();
  const count = snapshot.phases.length;
  const inPhase = snapshot.stage === 'phase';
  const phase = inPhase ? PHASES.find((p) => p.id === snapshot.phase) : undefined;
  const done = inPhase ? snapshot.phaseSeconds - snapshot.remainingSeconds : 0;
  const percent = inPhase ? Math.round((done / snapshot.phaseSeconds) * 100) : 0;

  return (
    <section className={`${styles.screen} ${styles.playing}`} aria-labelledby={titleId}>
      <p className="eyebrow">{inPhase ? `Fase ${snapshot.index + 1} de ${count}` : 'Antes de empezar'}</p>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.phaseTitle}>
        {phase?.name ?? (snapshot.stage === 'intro' ? 'Introducción' : 'Prepárate')}
      </h2>
      <p className={styles.phaseText}>
        {phase?.description ??
          (snapshot.stage === 'intro'
            ? 'Escucha la introducción y deja que tu respiración se vuelva lenta y profunda.'
            : 'Acomódate, suelta los hombros y respira. Tu primera fase empieza en unos segundos.')}
      </p>

      <div className={styles.orb} data-stage={snapshot.stage} aria-hidden="true" />

      {inPhase ? (
        <>
          <p className={styles.countdown} role="timer" aria-label={`Tiempo restante de ${phase?.name}`}>
            {clockText(snapshot.remainingSeconds)}
          </p>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={`Progreso de la fase ${phase?.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className={styles.progressBar} style={{ width: `${percent}%` }} />
          </div>
          {/* Said once per phase, not each second. */}
          <p className="sr-only" aria-live="polite">{`Fase ${snapshot.index + 1} de ${count}: ${phase?.name}`}</p>
        </>
      ) : null}

      <Button variant="secondary" onClick={onFinish} className={styles.finish}>
        Finalizar Meditación
      </Button>
    </section>
  );
}
