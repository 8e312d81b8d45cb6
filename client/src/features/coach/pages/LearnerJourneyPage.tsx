// /coach/learners/:id: one learner's journey, event by event, and their state at any moment of it. The
// scrubber runs over every event; the state is the server's fold up to the chosen event's position.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../../components/Loading/Loading';
import { coachQueries, exportUrl, type JourneyEvent, type LearnerSummary } from '../api/coach-queries';
import styles from '../coach.module.css';
import { LoadError } from '../components/LoadError';
import { NoteForm } from '../components/NoteForm';
import { Scrubber } from '../components/Scrubber';
import { StatePanel } from '../components/StatePanel';
import { Timeline } from '../components/Timeline';
import { formatDateTime, formatShortDate, relativeTime } from '../lib/format';
import { ALL, activityOptions, matchesActivity } from '../lib/timeline';
import { useScrubber } from '../lib/useScrubber';

const NO_EVENTS: JourneyEvent[] = [];

function LearnerHeader({ learner }: { learner: LearnerSummary }) {
  return (
    <header className={styles.pageHead}>
      <title>{`${learner.username} · Panel de la coach · Manifiesta`}</title>
      <p className="eyebrow">
        <Link to="/coach">Personas del curso</Link> / Recorrido
      </p>
      <h1>{learner.username}</h1>
      <dl className={styles.facts}>
        <div>
          <dt>Correo</dt>
          <dd className={styles.email}>{learner.email}</dd>
        </div>
        <div>
          <dt>Se registró</dt>
          <dd>
            <time dateTime={learner.registeredAt}>{formatShortDate(learner.registeredAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Correo verificado</dt>
          <dd>{learner.verified ? 'Sí' : 'No'}</dd>
        </div>
        <div>
          <dt>Premium</dt>
          <dd>{learner.premium ? 'Sí' : 'No'}</dd>
        </div>
        <div>
          <dt>Avance del curso</dt>
          <dd>{learner.progressPercent}%</dd>
        </div>
        <div>
          <dt>Actividad actual</dt>
          <dd>{learner.currentActivity?.title ?? '—'}</dd>
        </div>
        <div>
          <dt>Última actividad</dt>
          <dd>
            {learner.lastActivityAt ? (
              <time dateTime={learner.lastActivityAt} title={formatDateTime(learner.lastActivityAt)}>
                {relativeTime(learner.lastActivityAt)}
              </time>
            ) : (
              'Nunca'
            )}
          </dd>
        </div>
      </dl>
      <p className={styles.downloads}>
        <span>Descargar el recorrido completo:</span>
        <a className={styles.download} href={exportUrl(learner.id, 'json')} download>
          JSON
        </a>
        <a className={styles.download} href={exportUrl(learner.id, 'csv')} download>
          CSV
        </a>
      </p>
    </header>
  );
}

function Journey({ learner }: { learner: LearnerSummary }) {
  const journey = useQuery(coachQueries.journey(learner.id));
  const events = journey.data ?? NO_EVENTS;
  const scrubber = useScrubber(events);
  const [filter, setFilter] = useState(ALL);
  const filterId = useId();
  const replayId = useId();
  const journeyId = useId();
  const stateId = useId();

  const at = scrubber.event?.globalPosition;
  const state = useQuery({ ...coachQueries.state(learner.id, at), enabled: journey.isSuccess });

  if (journey.isPending) return <Loading label="Cargando su recorrido..." />;
  if (journey.isError) return <LoadError error={journey.error} retry={() => void journey.refetch()} />;

  const options = activityOptions(events);
  const shown = events.filter((e) => matchesActivity(e, filter));
  const pick = (position: number) => scrubber.select(events.findIndex((e) => e.globalPosition === position));

  return (
    <>
      <section className={styles.replay} aria-labelledby={replayId}>
        <h2 id={replayId} className={styles.sectionTitle}>
          Repasar su recorrido
        </h2>
        <Scrubber events={events} scrubber={scrubber} />
      </section>

      <div className={styles.columns}>
        <section className={styles.column} aria-labelledby={journeyId}>
          <h2 id={journeyId} className={styles.sectionTitle}>
            Su recorrido
          </h2>
          <NoteForm learnerId={learner.id} />
          <label className={styles.filter} htmlFor={filterId}>
            <span>Filtrar por actividad</span>
            <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value)}>
              <option value={ALL}>Todas las actividades ({events.length})</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <Timeline events={shown} selected={at} onSelect={pick} />
        </section>

        <section className={styles.column} aria-labelledby={stateId} aria-busy={state.isPlaceholderData || undefined}>
          <h2 id={stateId} className={styles.sectionTitle}>
            {scrubber.atEnd ? 'Su estado ahora' : 'Su estado en ese momento'}
          </h2>
          {state.isError ? (
            <LoadError error={state.error} retry={() => void state.refetch()} />
          ) : state.data ? (
            <StatePanel state={state.data} username={learner.username} />
          ) : (
            <Loading />
          )}
        </section>
      </div>
    </>
  );
}

export function LearnerJourneyPage() {
  const { id = '' } = useParams();
  const summary = useQuery(coachQueries.summary(id));

  return (
    <section className={styles.page}>
      {summary.isPending ? (
        <Loading />
      ) : summary.isError ? (
        <>
          <LoadError error={summary.error} retry={() => void summary.refetch()} />
          <Link to="/coach">Volver a la lista de personas</Link>
        </>
      ) : (
        <>
          <LearnerHeader learner={summary.data} />
          <Journey key={summary.data.id} learner={summary.data} />
        </>
      )}
    </section>
  );
}
