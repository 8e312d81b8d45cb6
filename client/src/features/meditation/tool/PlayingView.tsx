// The playing screen: the phase (or the wait before the first one, counted down), its countdown and progress,
// pause and resume, skip, the volume, and 'Finalizar Meditación'.
import { useId, type Ref } from 'react';
import { PHASES, VOLUME_STEP } from '../../../../../course/meditation';
import { Button } from '../../../components/Button/Button';
import type { PlayingSnapshot } from '../engine/engine';
import { clockText } from './format';
import styles from './MeditationTool.module.css';

type PlayingViewProps = {
  snapshot: PlayingSnapshot;
  volume: number;
  onPause: () => void;
  onResume: () => void;
  onSkip: () => void;
  onVolume: (volume: number) => void;
  onFinish: () => void;
  headingRef: Ref<HTMLHeadingElement>;
};

const Icon = ({ d }: { d: string }) => (
  <svg className={styles.controlIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} fill="currentColor" />
  </svg>
);
const PAUSE = 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z';
const PLAY = 'M8 5.5v13a.5.5 0 0 0 .77.42l10-6.5a.5.5 0 0 0 0-.84l-10-6.5A.5.5 0 0 0 8 5.5z';
const SKIP = 'M5 6.2v11.6a.5.5 0 0 0 .78.41L14 12.41a.5.5 0 0 0 0-.82L5.78 5.79A.5.5 0 0 0 5 6.2zM16 5.5h3v13h-3z';

/** What skipping does from here, said on its button. */
function skipLabel(snapshot: PlayingSnapshot): string {
  if (snapshot.stage !== 'phase') return 'Empezar ya';
  return snapshot.index + 1 < snapshot.phases.length ? 'Siguiente fase' : 'Terminar fase';
}

export function PlayingView({ snapshot, volume, onPause, onResume, onSkip, onVolume, onFinish, headingRef }: PlayingViewProps) {
  const titleId = useId();
  const volumeId = useId();
  const count = snapshot.phases.length;
  const inPhase = snapshot.stage === 'phase';
  const phase = inPhase ? PHASES.find((p) => p.id === snapshot.phase) : undefined;
  const done = inPhase ? snapshot.phaseSeconds - snapshot.remainingSeconds : 0;
  const percent = inPhase ? Math.round((done / snapshot.phaseSeconds) * 100) : 0;
  const wait = inPhase ? null : snapshot.countdown;
  const waitLabel = wait?.to === 'intro' ? 'La introducción empieza en' : 'Tu primera fase empieza en';

  return (
    <section className={`${styles.screen} ${styles.playing}`} aria-labelledby={titleId} data-paused={snapshot.paused || undefined}>
      <p className="eyebrow">{inPhase ? `Fase ${snapshot.index + 1} de ${count}` : 'Antes de empezar'}</p>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.phaseTitle}>
        {phase?.name ?? (snapshot.stage === 'intro' ? 'Introducción' : 'Prepárate')}
      </h2>
      {/* Paused, the note takes the text's place: the card keeps its height and fits the phone's screen. */}
      {snapshot.paused ? (
        <p className={styles.pausedNote} role="status">
          En pausa. Tómate el tiempo que necesites.
        </p>
      ) : (
        <p className={styles.phaseText}>
          {phase?.description ??
            (snapshot.stage === 'intro'
              ? 'Escucha la introducción y deja que tu respiración se vuelva lenta y profunda.'
              : 'Acomódate, suelta los hombros y respira hondo.')}
        </p>
      )}

      <div className={styles.orb} aria-hidden="true" />

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
      ) : wait ? (
        <div className={styles.wait}>
          <p className={styles.waitLabel} id={`${titleId}-wait`}>
            {waitLabel}
          </p>
          <p className={styles.countdown} role="timer" aria-labelledby={`${titleId}-wait`}>
            {clockText(wait.seconds)}
          </p>
        </div>
      ) : null}

      <div className={styles.controls}>
        {snapshot.paused ? (
          <Button className={styles.control} onClick={onResume}>
            <Icon d={PLAY} />
            Reanudar
          </Button>
        ) : (
          <Button className={styles.control} variant="secondary" onClick={onPause}>
            <Icon d={PAUSE} />
            Pausar
          </Button>
        )}
        <Button className={styles.control} variant="secondary" onClick={onSkip}>
          <Icon d={SKIP} />
          {skipLabel(snapshot)}
        </Button>
      </div>

      <div className={styles.volume}>
        <label htmlFor={volumeId}>Volumen</label>
        <input
          id={volumeId}
          type="range"
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={volume}
          aria-valuetext={`${Math.round(volume * 100)} %`}
          onChange={(event) => onVolume(Number(event.target.value))}
        />
        <output htmlFor={volumeId} className={styles.value}>
          {Math.round(volume * 100)} %
        </output>
      </div>

      <Button variant="secondary" onClick={onFinish} className={styles.finish}>
        Finalizar Meditación
      </Button>
    </section>
  );
}
