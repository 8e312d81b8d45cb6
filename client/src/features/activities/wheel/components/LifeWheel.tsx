// 12-areas-balance, the life wheel (activity 1): intro, a rating wizard of the 12 areas and
// a summary with the radar chart. A user's every score is saved on the server before it counts; a guest's
// stays in this browser (activityData['12-areas-balance'].ratings).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { allRated, LIFE_AREAS, scoreColour, strongestAreas, weakestAreas, type RatedArea } from '../../../../../../course/areas';
import { WHEEL_ACTIVITY } from '../../../../../../course/activities';
import { Button, ButtonLink } from '../../../../components/Button/Button';
import { Loading } from '../../../../components/Loading/Loading';
import { RadarChart } from '../../../../components/RadarChart/RadarChart';
import { Video } from '../../../../components/Video/Video';
import { readGuestProgress, saveGuestActivityData, useGuestProgress } from '../../../../lib/guest-progress';
import { SAVE_RATING_ERROR, wheelMutations, wheelQueries, type Ratings } from '../api/wheel-queries';
import { SYLLABUS_PATH } from '../../lib/paths';
import { guestRatings, storedObject } from '../lib/wheel-data';
import { arrivalView, useCompletionOnArrival } from '../../lib/completion-on-arrival';
import { isExpired, useExpiredOnLoad } from '../../lib/session-expiry';
import type { ActivityBodyProps } from '../../lib/types';
import styles from './LifeWheel.module.css';
import { ScoreScale } from './ScoreScale';

export const RATING_FAILED = 'No se pudo guardar tu calificación. Por favor, inténtalo de nuevo.';
export const FINISH_FAILED = 'Hubo un problema al finalizar la actividad. Inténtalo de nuevo.';
const LOAD_FAILED = 'Error de conexión. Revisa tu conexión e inténtalo de nuevo.';

type View = 'intro' | 'rating' | 'summary' | 'arriving';

export function LifeWheel(props: ActivityBodyProps) {
  const { signedIn, sessionExpired } = props;
  const stored = useQuery({ ...wheelQueries.ratings(), enabled: signedIn });
  const guestData = useGuestProgress().activityData[WHEEL_ACTIVITY];
  const expiredOnLoad = useExpiredOnLoad(signedIn, stored, sessionExpired);

  // Keyed by who is looking: signing out (a 401) must not hand a user's answers to the guest's store.
  if (!signedIn) return <WheelSession key="guest" {...props} initialRatings={guestRatings(guestData)} />;
  if (stored.data !== undefined) return <WheelSession key="user" {...props} initialRatings={stored.data} />;
  if (stored.isError && !expiredOnLoad) {
    return (
      <div className={styles.loadError} role="alert">
        <p>{LOAD_FAILED}</p>
        <Button variant="secondary" onClick={() => void stored.refetch()}>
          Reintentar
        </Button>
      </div>
    );
  }
  return <Loading label="Cargando tu viaje..." />;
}

type SessionProps = ActivityBodyProps & { initialRatings: Ratings };

function WheelSession({ activity, signedIn, done, complete, goNext, hasNext, sessionExpired, initialRatings }: SessionProps) {
  const queryClient = useQueryClient();
  const { mutateAsync: saveRating } = useMutation(wheelMutations.saveRating());
  const [ratings, setRatings] = useState<Ratings>(initialRatings);
  const [view, setView] = useState<View>(() => arrivalView(allRated(initialRatings), done, 'intro'));
  const [index, setIndex] = useState(0);
  // Area ids, the most recently rated first: the order of 'Tu Progreso'.
  const [recent, setRecent] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [finishing, setFinishing] = useState(false);

  // The new view's heading takes the focus after a visitor's action (not on the first render).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const viewChanged = useRef(false);
  useEffect(() => {
    if (viewChanged.current) headingRef.current?.focus();
  }, [view]);
  const show = (next: View) => {
    viewChanged.current = true;
    setView(next);
  };

  const guestWrite = (next: Ratings) => ({ ...storedObject(readGuestProgress().activityData[WHEEL_ACTIVITY]), ratings: next });

  const choose = async (areaIndex: number, score: number) => {
    if (savingRef.current) return;
    const area = LIFE_AREAS[areaIndex]!;
    const before = ratings;
    const after = { ...ratings, [area.id]: score };
    setRatings(after);
    if (signedIn) {
      savingRef.current = true;
      setSaving(true);
      try {
        const saved = await saveRating({ areaId: area.id, score });
        queryClient.setQueryData(wheelQueries.ratings().queryKey, saved);
      } catch (error) {
        setRatings(before);
        if (isExpired(error)) {
          await sessionExpired();
        } else {
          console.error(SAVE_RATING_ERROR, error);
          window.alert(RATING_FAILED);
        }
        return;
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
    } else {
      saveGuestActivityData(WHEEL_ACTIVITY, guestWrite(after));
    }
    setRecent((ids) => [area.id, ...ids.filter((id) => id !== area.id)]);
    if (areaIndex < LIFE_AREAS.length - 1) setIndex((current) => (current === areaIndex ? areaIndex + 1 : current));
  };

  /**
   * Completes the activity (a guest's ratings go with it); false when it failed, after saying so — unless
   * `quietly`, on arrival, where the finish button that the learner lands on says it when pressed.
   */
  const completeActivity = async ({ quietly = false } = {}): Promise<boolean> => {
    try {
      await (signedIn ? complete() : complete(guestWrite(ratings)));
      return true;
    } catch (error) {
      if (isExpired(error)) {
        await sessionExpired();
      } else {
        console.error('No se pudo completar la Rueda de la Vida.', error);
        if (!quietly) window.alert(FINISH_FAILED);
      }
      return false;
    }
  };

  useCompletionOnArrival(
    view === 'arriving',
    () => completeActivity({ quietly: true }),
    (recorded) => {
      if (!recorded) setIndex(LIFE_AREAS.length - 1);
      setView(recorded ? 'summary' : 'rating');
    },
  );

  const finish = async () => {
    if (finishing || savingRef.current) return;
    setFinishing(true);
    const ok = await completeActivity();
    setFinishing(false);
    if (ok) show('summary');
  };

  const goOn = async () => {
    if (finishing) return;
    if (!done) {
      setFinishing(true);
      const ok = await completeActivity();
      setFinishing(false);
      if (!ok) return;
    }
    goNext();
  };

  const start = () => {
    const firstUnrated = LIFE_AREAS.findIndex((a) => ratings[a.id] === undefined);
    setIndex(firstUnrated < 0 ? 0 : firstUnrated);
    show('rating');
  };

  const redo = () => {
    setIndex(0);
    show('rating');
  };

  if (view === 'arriving') return <Loading label="Guardando..." />;
  if (view === 'intro') return <Intro ratings={ratings} videoUrl={activity.videoUrl} title={activity.title} onStart={start} headingRef={headingRef} />;
  if (view === 'summary') {
    return (
      <Summary ratings={ratings} hasNext={hasNext} busy={finishing} onRedo={redo} onNext={() => void goOn()} headingRef={headingRef} />
    );
  }
  return (
    <Wizard
      ratings={ratings}
      recent={recent}
      index={index}
      saving={saving}
      finishing={finishing}
      onIndex={setIndex}
      onChoose={(score) => void choose(index, score)}
      onFinish={() => void finish()}
      headingRef={headingRef}
    />
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

function Intro({ ratings, videoUrl, title, onStart, headingRef }: { ratings: Ratings; videoUrl: string | undefined; title: string; onStart: () => void; headingRef: HeadingRef }) {
  const count = LIFE_AREAS.filter((a) => ratings[a.id] !== undefined).length;
  return (
    <section className={styles.intro} aria-labelledby="rueda-intro">
      <h2 id="rueda-intro" ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        El Primer Paso: Tu Diagnóstico de Vida
      </h2>
      <p className={styles.lead}>
        Antes de cambiar algo, hace falta mirar con honestidad dónde estás hoy. Vas a recorrer las 12 áreas de tu vida
        y darle a cada una una calificación del 0 al 10 según cuánto te satisface hoy.
      </p>
      {videoUrl ? <Video src={videoUrl} title={`Video: ${title}`} /> : null}
      <ul className={styles.tips}>
        <li>No hay respuestas correctas: responde con lo primero que sientes, no con lo que “deberías” sentir.</li>
        <li>Un 0 es “no me satisface en nada”; un 10, “plenamente en paz con esta área”.</li>
        <li>Al final verás tu rueda dibujada, con tus fortalezas y tus áreas de oportunidad.</li>
      </ul>
      {count > 0 ? <p className={styles.note}>Ya calificaste {count} de 12 áreas: seguimos donde lo dejaste.</p> : null}
      <Button className={styles.startButton} onClick={onStart}>
        Comenzar Actividad
      </Button>
    </section>
  );
}

type WizardProps = {
  ratings: Ratings;
  recent: readonly string[];
  index: number;
  saving: boolean;
  finishing: boolean;
  onIndex: (index: number) => void;
  onChoose: (score: number) => void;
  onFinish: () => void;
  headingRef: HeadingRef;
};

function Wizard({ ratings, recent, index, saving, finishing, onIndex, onChoose, onFinish, headingRef }: WizardProps) {
  const titleId = useId();
  const hintId = useId();
  const area = LIFE_AREAS[index]!;
  const last = index === LIFE_AREAS.length - 1;
  const complete = allRated(ratings);
  const ratedCount = LIFE_AREAS.filter((a) => ratings[a.id] !== undefined).length;

  return (
    <div className={styles.wizard}>
      <section className={styles.card} aria-labelledby={titleId}>
        <div aria-live="polite" aria-atomic="true" className={styles.areaText}>
          <p className="eyebrow">
            Área {index + 1} de {LIFE_AREAS.length}
          </p>
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.areaTitle}>
            {area.title}
          </h2>
          <p className={styles.description}>{area.description}</p>
        </div>
        <div className={styles.meter} aria-hidden="true">
          <span style={{ width: `${(ratedCount / LIFE_AREAS.length) * 100}%` }} />
        </div>
        <p id={hintId} className={styles.hint}>
          ¿Cuánto te satisface hoy esta área? 0 es nada, 10 es plenamente.
        </p>
        <ScoreScale labelledBy={titleId} describedBy={hintId} value={ratings[area.id]} busy={saving} onChoose={onChoose} />
        <p className={styles.status} aria-live="polite">
          {saving ? 'Guardando...' : ''}
        </p>
        <div className={styles.nav}>
          <Button variant="secondary" onClick={() => onIndex(index - 1)} disabled={index === 0}>
            Anterior
          </Button>
          {!last ? (
            <Button variant="secondary" onClick={() => onIndex(index + 1)}>
              Siguiente
            </Button>
          ) : null}
          {complete ? (
            <Button onClick={onFinish} aria-disabled={finishing || saving || undefined}>
              {finishing ? 'Guardando...' : 'Finalizar y ver Resumen'}
            </Button>
          ) : null}
        </div>
      </section>
      <ProgressList ratings={ratings} recent={recent} current={area.id} onJump={onIndex} ratedCount={ratedCount} />
    </div>
  );
}

function ProgressList({ ratings, recent, current, onJump, ratedCount }: { ratings: Ratings; recent: readonly string[]; current: string; onJump: (index: number) => void; ratedCount: number }) {
  const titleId = useId();
  const order = [...recent, ...LIFE_AREAS.map((a) => a.id).filter((id) => !recent.includes(id))];
  return (
    <nav className={styles.progress} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.progressTitle}>
        Tu Progreso
      </h3>
      <p className={styles.progressCount}>
        {ratedCount} de {LIFE_AREAS.length} áreas calificadas
      </p>
      <ol className={styles.progressList}>
        {order.map((id) => {
          const areaIndex = LIFE_AREAS.findIndex((a) => a.id === id);
          const area = LIFE_AREAS[areaIndex]!;
          const score = ratings[id];
          return (
            <li key={id}>
              <button
                type="button"
                className={styles.progressItem}
                aria-current={id === current ? 'step' : undefined}
                onClick={() => onJump(areaIndex)}
              >
                <span className={styles.progressName}>{area.title}</span>
                <span className="sr-only">: </span>
                {score === undefined ? (
                  <span className={styles.pending}>sin calificar</span>
                ) : (
                  <span className={styles.badge} data-colour={scoreColour(score)}>
                    {score}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function AreaList({ title, areas, id }: { title: string; areas: RatedArea[]; id: string }) {
  return (
    <section className={styles.highlight} aria-labelledby={id}>
      <h3 id={id} className={styles.highlightTitle}>
        {title}
      </h3>
      <ol className={styles.highlightList}>
        {areas.map((area) => (
          <li key={area.id}>
            <span>{area.title}</span>
            <span className={styles.badge} data-colour={scoreColour(area.score)}>
              {area.score}
              <span className="sr-only"> de 10</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

type SummaryProps = { ratings: Ratings; hasNext: boolean; busy: boolean; onRedo: () => void; onNext: () => void; headingRef: HeadingRef };

function Summary({ ratings, hasNext, busy, onRedo, onNext, headingRef }: SummaryProps) {
  return (
    <section className={styles.summary} aria-labelledby="rueda-resumen">
      <h2 id="rueda-resumen" ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        Tu Rueda de la Vida
      </h2>
      <p className={styles.lead}>
        Así se ve tu vida hoy. No es un juicio: es tu punto de partida. Mira qué áreas te sostienen y cuáles te están
        pidiendo atención.
      </p>
      <RadarChart ratings={ratings} />
      <div className={styles.highlights}>
        <AreaList id="rueda-fortalezas" title="Tus Fortalezas" areas={strongestAreas(ratings)} />
        <AreaList id="rueda-oportunidades" title="Tus Áreas de Oportunidad" areas={weakestAreas(ratings)} />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onRedo}>
          Rehacer Actividad
        </Button>
        {hasNext ? (
          <Button onClick={onNext} aria-disabled={busy || undefined}>
            {busy ? 'Guardando...' : 'Ir a la Siguiente Actividad'}
          </Button>
        ) : null}
        <ButtonLink variant="secondary" to={SYLLABUS_PATH}>
          Volver al Temario
        </ButtonLink>
      </div>
    </section>
  );
}

export default LifeWheel;
