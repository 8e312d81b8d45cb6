// herramienta-respiracion-guiada: a guided-breathing pacer. The phase comes from breathAt() (pure); this
// component keeps the clock, draws the circle and, with reduced motion, leaves the circle still and lets
// the words and the countdown lead.
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../../components/Button/Button';
import { CompleteActivity } from '../../../../components/CompleteActivity/CompleteActivity';
import styles from './Breathing.module.css';
import { breathAt, CUES, cycleSeconds, MIN_SCALE, RHYTHMS, type Rhythm } from '../lib/breathing';
import type { ActivityBodyProps } from '../../../../lib/activity/body';

const CYCLE_CHOICES = [4, 6, 8, 10] as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/**
 * Milliseconds of breathing so far: counts while `running`, holds while paused, starts again from 0 when
 * `resetKey` changes, and stops once `over(ms)`, when `onEnd` is called (from the animation frame, not a render).
 */
function useBreathClock(running: boolean, resetKey: string, over: (ms: number) => boolean, onEnd: () => void) {
  const [clock, setClock] = useState({ key: resetKey, ms: 0 });
  const reached = useRef(clock);
  const latest = useRef({ over, onEnd });
  useEffect(() => {
    latest.current = { over, onEnd };
  });

  useEffect(() => {
    if (!running) return undefined;
    const startedAt = performance.now();
    const from = reached.current.key === resetKey ? reached.current.ms : 0;
    let frame = 0;
    const tick = () => {
      const ms = from + (performance.now() - startedAt);
      reached.current = { key: resetKey, ms };
      setClock(reached.current);
      if (latest.current.over(ms)) latest.current.onEnd();
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, resetKey]);

  return clock.key === resetKey ? clock.ms : 0;
}

const minutes = (rhythm: Rhythm, cycles: number) => Math.max(1, Math.round((cycleSeconds(rhythm) * cycles) / 60));

export function BreathingTool({ text, done, goNext, hasNext }: ActivityBodyProps) {
  const reducedMotion = useReducedMotion();
  const [rhythmId, setRhythmId] = useState(RHYTHMS[0]!.id);
  const [cycles, setCycles] = useState<number>(6);
  const [running, setRunning] = useState(false);
  const [started, setStarted] = useState(false);
  const [session, setSession] = useState(0);
  const rhythm = RHYTHMS.find((r) => r.id === rhythmId) ?? RHYTHMS[0]!;
  const elapsed = useBreathClock(
    running,
    `${rhythmId}-${cycles}-${session}`,
    (ms) => breathAt(rhythm, cycles, ms).done,
    () => setRunning(false),
  );
  const state = breathAt(rhythm, cycles, elapsed);
  const groupId = useId();

  const restart = () => {
    setRunning(false);
    setStarted(false);
    setSession((n) => n + 1);
  };
  const choose = (change: () => void) => {
    restart();
    change();
  };
  const toggle = () => {
    setStarted(true);
    setRunning((r) => !r);
  };

  const cue = state.done ? (started ? 'Bien hecho' : 'Listo') : started ? CUES[state.phase] : 'Preparado';
  const countdown = !state.done && started ? Math.ceil(state.phaseRemaining) : null;
  const scale = reducedMotion ? 1 : started ? state.scale : MIN_SCALE;

  return (
    <div className={styles.tool}>
      {/* Its introduction is the server's (a paid activity's text never ships in the bundle). */}
      {text?.intro.map((paragraph) => (
        <p key={paragraph.slice(0, 24)} className={styles.intro}>
          {paragraph}
        </p>
      ))}

      <fieldset className={styles.rhythms}>
        <legend className={styles.legend}>Elige tu ritmo</legend>
        {RHYTHMS.map((r) => (
          <label key={r.id} className={styles.rhythm} data-checked={r.id === rhythmId || undefined}>
            <input type="radio" name={groupId} value={r.id} checked={r.id === rhythmId} onChange={() => choose(() => setRhythmId(r.id))} />
            <span className={styles.rhythmText}>
              <span className={styles.rhythmName}>{r.name}</span>
              <span className={styles.rhythmDescription}>{r.description}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <label className={styles.cycles}>
        <span>Ciclos</span>
        <select value={cycles} onChange={(event) => choose(() => setCycles(Number(event.target.value)))}>
          {CYCLE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n} ciclos (unos {minutes(rhythm, n)} min)
            </option>
          ))}
        </select>
      </label>

      <div className={styles.stage} data-motion={reducedMotion ? 'reduced' : 'full'}>
        <div className={styles.halo} aria-hidden="true" />
        <div
          className={styles.circle}
          data-testid="breath-circle"
          data-phase={state.done ? 'done' : state.phase}
          style={{ transform: `scale(${scale})` }}
          aria-hidden="true"
        />
        <div className={styles.cue}>
          <p className={styles.cueWord}>{cue}</p>
          {countdown !== null ? <p className={styles.countdown}>{countdown}</p> : null}
        </div>
      </div>

      {/* The word of each phase, said once when it changes (not the countdown). */}
      <p className="sr-only" aria-live="polite">
        {running && !state.done ? CUES[state.phase] : ''}
      </p>

      <p className={styles.status} aria-live="polite">
        {state.done
          ? started
            ? `¡Bien hecho! Completaste ${cycles} ciclos. Quédate un momento en silencio y nota cómo está tu cuerpo ahora.`
            : ''
          : started
            ? `Ciclo ${state.cycle} de ${cycles} · ${state.cyclesLeft === 1 ? 'queda 1 ciclo' : `quedan ${state.cyclesLeft} ciclos`}`
            : `${cycles} ciclos por delante`}
      </p>

      <div className={styles.controls}>
        {state.done && started ? (
          <Button onClick={restart}>Respirar de nuevo</Button>
        ) : (
          <Button onClick={toggle}>{running ? 'Pausar' : started ? 'Continuar' : 'Comenzar'}</Button>
        )}
        {started && !state.done ? (
          <Button variant="secondary" onClick={restart}>
            Reiniciar
          </Button>
        ) : null}
      </div>

      <CompleteActivity done={done} hasNext={hasNext} goNext={goNext} />
    </div>
  );
}

export default BreathingTool;
