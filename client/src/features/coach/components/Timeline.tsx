// Every event of the journey, grouped by day, each with its time and its plain-Spanish description. The coach's
// notes stand apart; the event the scrubber is on is marked, and choosing an event moves the scrubber to it.
import { useEffect, useRef } from 'react';
import type { JourneyEvent } from '../api/coach-queries';
import { formatLongDate, formatTime } from '../lib/format';
import { groupByDay } from '../lib/timeline';
import styles from './Timeline.module.css';

type TimelineProps = {
  events: readonly JourneyEvent[];
  /** The scrubber's event. */
  selected: number | undefined;
  onSelect: (globalPosition: number) => void;
};

export function Timeline({ events, selected, onSelect }: TimelineProps) {
  const frame = useRef<HTMLDivElement>(null);

  // Keeps the chosen event in sight inside the timeline's own scroll box, without scrolling the page.
  useEffect(() => {
    const box = frame.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !item || box.scrollHeight <= box.clientHeight) return;
    // The frame is the offset parent (position: relative), so offsetTop is measured from its top.
    const top = item.offsetTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top - box.clientHeight / 3;
    }
  }, [selected]);

  if (events.length === 0) return <p className={styles.empty}>No hay eventos para mostrar.</p>;

  return (
    <div ref={frame} className={styles.frame}>
      {groupByDay(events).map((group) => (
        <section key={group.day} className={styles.day}>
          <h3 className={styles.dayTitle}>{formatLongDate(group.events[0]!.recordedAt)}</h3>
          <ol className={styles.events}>
            {group.events.map((event) => {
              const isNote = event.stream === 'notes';
              return (
                <li key={event.globalPosition} className={isNote ? styles.note : styles.event} data-stream={event.stream}>
                  <button
                    type="button"
                    className={styles.pick}
                    aria-current={event.globalPosition === selected ? 'step' : undefined}
                    onClick={() => onSelect(event.globalPosition)}
                  >
                    <time className={styles.time} dateTime={event.recordedAt}>
                      {formatTime(event.recordedAt)}
                    </time>
                    <span className={styles.description}>
                      {isNote ? <span className={styles.noteTag}>Nota privada</span> : null}
                      {event.description}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
