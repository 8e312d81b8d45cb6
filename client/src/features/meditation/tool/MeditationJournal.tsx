// A signed-in meditator's path so far: total minutes, sessions and streak, and the revelations saved (newest
// first, in a list that scrolls past 24rem).
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { minutesMeditated } from '../../../../../course/meditation';
import { browserTimeZone, meditationQueries } from '../api/meditation-queries';
import { dateText, minutesText, streakText } from './format';
import styles from './MeditationTool.module.css';

export function MeditationJournal() {
  const id = useId();
  const history = useQuery(meditationQueries.history(browserTimeZone()));
  const revelations = useQuery(meditationQueries.revelations());

  return (
    <section className={styles.journal} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.subTitle}>
        Tu práctica
      </h3>
      {history.data ? (
        <ul className={styles.stats}>
          <li>
            <strong>{history.data.totalMinutes}</strong> {history.data.totalMinutes === 1 ? 'minuto meditado' : 'minutos meditados'} en total
          </li>
          <li>
            <strong>{history.data.sessions}</strong> {history.data.sessions === 1 ? 'sesión' : 'sesiones'}
          </li>
          <li className={styles.streak}>
            {streakText(history.data.streakDays)}
            {history.data.meditatedToday ? ' · hoy ya meditaste' : ''}
          </li>
        </ul>
      ) : history.isError ? (
        <p className={styles.hint}>No pudimos cargar tu historial de meditación.</p>
      ) : null}

      <h3 id={`${id}-revelations`} className={styles.subTitle}>
        Tus revelaciones
      </h3>
      {revelations.isPending ? (
        <p className={styles.hint}>Cargando tus revelaciones...</p>
      ) : revelations.isError ? (
        <p className={styles.hint}>No pudimos cargar tus revelaciones. Vuelve a intentarlo en un rato.</p>
      ) : revelations.data.length === 0 ? (
        <p className={styles.hint}>Todavía no guardaste revelaciones. Al terminar una meditación, escribe aquí lo que descubriste.</p>
      ) : (
        // Focusable so a keyboard can scroll it.
        <div className={styles.revelations} role="region" aria-labelledby={`${id}-revelations`} tabIndex={0}>
          <ul className={styles.revelationList}>
            {revelations.data.map((item) => (
              <li key={item.Id} className={styles.revelation}>
                <p className={styles.revelationMeta}>
                  <time dateTime={item.DateCreated}>{dateText(item.DateCreated)}</time>
                  {' · '}
                  {minutesText(minutesMeditated(item.TotalTimeMeditated))} de meditación
                </p>
                <p className={styles.revelationText}>{item.Revelation}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
