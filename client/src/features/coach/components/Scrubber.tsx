// The replay's controls: a native range over the journey's events, step, play/pause at a chosen speed, and
// 'Ahora'. The chosen event is described beside it (and to screen readers, in the slider's value text).
import { useId } from 'react';
import type { JourneyEvent } from '../api/coach-queries';
import { formatDateTime } from '../lib/format';
import { SPEEDS, type Scrubber as ScrubberState, type Speed } from '../lib/useScrubber';
import styles from './Scrubber.module.css';

/** 24×24 paths: step back, play, pause, step forward. */
const ICONS = {
  back: 'M6 5h2v14H6zM20 5v14L9 12z',
  play: 'M7 4v16l13-8z',
  pause: 'M6 5h4v14H6zM14 5h4v14h-4z',
  forward: 'M16 5h2v14h-2zM4 5v14l11-7z',
} as const;

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

export const eventText = (event: JourneyEvent) => `${formatDateTime(event.recordedAt)}: ${event.description}`;

type ScrubberProps = { events: readonly JourneyEvent[]; scrubber: ScrubberState };

export function Scrubber({ events, scrubber }: ScrubberProps) {
  const sliderId = useId();
  const speedId = useId();
  const { event, index } = scrubber;
  const count = events.length;
  const valueText = event ? `Evento ${index + 1} de ${count}. ${eventText(event)}` : 'Todavía no hay eventos';

  return (
    <div className={styles.scrubber}>
      <div className={styles.track}>
        <label className={styles.label} htmlFor={sliderId}>
          Momento del recorrido
        </label>
        <input
          id={sliderId}
          className={styles.range}
          type="range"
          min={0}
          max={Math.max(count - 1, 0)}
          step={1}
          value={Math.max(index, 0)}
          disabled={count < 2}
          aria-valuetext={valueText}
          onChange={(e) => scrubber.select(Number(e.target.value))}
        />
      </div>

      <div className={styles.controls}>
        <button type="button" className={styles.icon} onClick={scrubber.back} disabled={scrubber.atStart} aria-label="Evento anterior">
          <Icon d={ICONS.back} />
        </button>
        <button
          type="button"
          className={styles.play}
          onClick={scrubber.togglePlay}
          disabled={count < 2}
          aria-label={scrubber.playing ? 'Pausar' : 'Reproducir'}
        >
          <Icon d={scrubber.playing ? ICONS.pause : ICONS.play} />
        </button>
        <button type="button" className={styles.icon} onClick={scrubber.forward} disabled={scrubber.atEnd} aria-label="Evento siguiente">
          <Icon d={ICONS.forward} />
        </button>
        <button type="button" className={styles.now} onClick={scrubber.now} disabled={scrubber.atEnd}>
          Ahora
        </button>
        <label className={styles.speed} htmlFor={speedId}>
          Velocidad
          <select id={speedId} value={scrubber.speed} onChange={(e) => scrubber.setSpeed(Number(e.target.value) as Speed)}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}× ({s === 1 ? '1 evento' : `${s} eventos`} por segundo)
              </option>
            ))}
          </select>
        </label>
      </div>

      <p className={styles.current} aria-live={scrubber.playing ? 'off' : 'polite'}>
        {event ? (
          <>
            <span className={styles.counter}>
              Evento {index + 1} de {count}
              {scrubber.atEnd ? ' · ahora' : ''}
            </span>{' '}
            <span className={styles.when}>{formatDateTime(event.recordedAt)}</span> <span>{event.description}</span>
          </>
        ) : (
          'Todavía no hay eventos en este recorrido.'
        )}
      </p>
    </div>
  );
}
