// 12-areas-balance, the life wheel (activity 1): intro, a rating wizard of the 12 areas and
// a summary with the radar chart. A learner's every score is saved on the server before it counts; a guest's
// stays in this browser (api/wheel-store.ts).
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { allRated, LIFE_AREAS, scoreColour, strongestAreas, weakestAreas, type RatedArea } from '../../../../../../course/areas';
import { Button, ButtonLink } from '../../../../components/Button/Button';
import { Loading } from '../../../../components/Loading/Loading';
import { RadarChart } from '../../../../components/RadarChart/RadarChart';
import { Video } from '../../../../components/Video/Video';
import type { ActivityBodyProps } from '../../../../lib/activity/body';
import { LOAD_FAILED, useActivityData } from '../../../../lib/activity/use-activity-data';
import { useActivityCompletion, useActivityWrite } from '../../../../lib/activity/use-activity-write';
import { SYLLABUS_PATH } from '../../../../lib/course-paths';
import type { Ratings } from '../api/wheel-queries';
import { ratings as storedRatings, saveRating, wheelCompletion } from '../api/wheel-store';
import { arrivalView, useCompletionOnArrival } from '../../lib/completion-on-arrival';
import forms from '../../../../styles/forms.module.css';
import { useActivityVideo } from '../../../../lib/activity/video';
import parts from '../../components/activity-parts.module.css';
import styles from './LifeWheel.module.css';
import { ScoreScale } from './ScoreScale';

type View = 'intro' | 'rating' | 'summary' | 'arriving';

export function LifeWheel(props: ActivityBodyProps) {
  const stored = useActivityData(storedRatings);
  if (stored.status === 'ready') return <WheelSession {...props} initialRatings={stored.data} />;
  if (stored.status === 'failed') {
    return (
      <div className={parts.loadError} role="alert">
        <p>{LOAD_FAILED}</p>
        <Button variant="secondary" onClick={stored.retry}>
          Reintentar
        </Button>
      </div>
    );
  }
  return <Loading label="Cargando tu viaje..." />;
}

type SessionProps = ActivityBodyProps & { initialRatings: Ratings };

function WheelSession({ activity, done, goNext, hasNext, initialRatings }: SessionProps) {
  const rating = useActivityWrite(saveRating);
  const completeWheel = useActivityCompletion(wheelCompletion);
  const video = useActivityVideo(activity);
  const [ratings, setRatings] = useState<Ratings>(initialRatings);
  const [view, setView] = useState<View>(() => arrivalView(allRated(initialRatings), done, 'intro'));
  const [index, setIndex] = useState(0);
  // Area ids, the most recently rated first: the order of 'Tu Progreso'.
  const [recent, setRecent] = useState<string[]>([]);
  // A score on its way: further choices wait (state would lag behind two quick clicks).
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

  // A guest's score is kept at once and the wizard moves on in the same event; a learner's once the server has it.
  const choose = (areaIndex: number, score: number) => {
    if (savingRef.current) return;
    const area = LIFE_AREAS[areaIndex]!;
    const before = ratings;
    setRatings({ ...ratings, [area.id]: score });
    savingRef.current = true;
    void rating.run(
      { areaId: area.id, score },
      {
        then: (saved) => {
          savingRef.current = false;
          if (!saved.ok) {
            setRatings(before);
            return;
          }
          setRecent((ids) => [area.id, ...ids.filter((id) => id !== area.id)]);
          if (areaIndex < LIFE_AREAS.length - 1) setIndex((current) => (current === areaIndex ? areaIndex + 1 : current));
        },
      },
    );
  };

  // On arrival the completion is tried quietly: the finish button that the learner lands on says why, when pressed.
  useCompletionOnArrival(
    view === 'arriving',
    async () => (await completeWheel({ quietly: true })).ok,
    (recorded) => {
      if (!recorded) setIndex(LIFE_AREAS.length - 1);
      setView(recorded ? 'summary' : 'rating');
    },
  );

  const finish = async () => {
    if (finishing || savingRef.current) return;
    setFinishing(true);
    const { ok } = await completeWheel();
    setFinishing(false);
    if (ok) show('summary');
  };

  const goOn = async () => {
    if (finishing) return;
    if (!done) {
      setFinishing(true);
      const { ok } = await completeWheel();
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
  if (view === 'intro') return <Intro ratings={ratings} videoUrl={video ?? undefined} title={activity.title} onStart={start} headingRef={headingRef} />;
  if (view === 'summary') {
    return <Summary ratings={ratings} hasNext={hasNext} busy={finishing} onRedo={redo} onNext={() => void goOn()} headingRef={headingRef} />;
  }
  return (
    <Wizard
      ratings={ratings}
      recent={recent}
      index={index}
      saving={rating.pending}
      finishing={finishing}
      onIndex={setIndex}
      onChoose={(score) => choose(index, score)}
      onFinish={() => void finish()}
      headingRef={headingRef}
    />
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

function Intro({
  ratings,
  videoUrl,
  title,
  onStart,
  headingRef,
}: {
  ratings: Ratings;
  videoUrl: string | undefined;
  title: string;
  onStart: () => void;
  headingRef: HeadingRef;
}) {
  const count = LIFE_AREAS.filter((a) => ratings[a.id] !== undefined).length;
  return (
    <section className={styles.intro} aria-labelledby="rueda-intro">
      <h2 id="rueda-intro" ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        El Primer Paso: Tu Diagnóstico de Vida
      </h2>
      <p className={parts.lead}>
        Antes de cambiar algo, hace falta mirar con honestidad dónde estás hoy. Vas a recorrer las 12 áreas de tu vida y darle a cada una una calificación del 0
        al 10 según cuánto te satisface hoy.
      </p>
      {videoUrl ? <Video src={videoUrl} title={`Video: ${title}`} /> : null}
      <ul className={styles.tips}>
        <li>No hay respuestas correctas: responde con lo primero que sientes, no con lo que “deberías” sentir.</li>
        <li>Un 0 es “no me satisface en nada”; un 10, “plenamente en paz con esta área”.</li>
        <li>Al final verás tu rueda dibujada, con tus fortalezas y tus áreas de oportunidad.</li>
      </ul>
      {count > 0 ? <p className={parts.note}>Ya calificaste {count} de 12 áreas: seguimos donde lo dejaste.</p> : null}
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
      <section className={forms.card} aria-labelledby={titleId}>
        <div aria-live="polite" aria-atomic="true" className={styles.areaText}>
          <p className="eyebrow">
            Área {index + 1} de {LIFE_AREAS.length}
          </p>
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.areaTitle}>
            {area.title}
          </h2>
          <p className={styles.description}>{area.description}</p>
        </div>
        <div className={parts.meter} aria-hidden="true">
          <span style={{ width: `${(ratedCount / LIFE_AREAS.length) * 100}%` }} />
        </div>
        <p id={hintId} className={parts.note}>
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

function ProgressList({
  ratings,
  recent,
  current,
  onJump,
  ratedCount,
}: {
  ratings: Ratings;
  recent: readonly string[];
  current: string;
  onJump: (index: number) => void;
  ratedCount: number;
}) {
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
              <button type="button" className={styles.progressItem} aria-current={id === current ? 'step' : undefined} onClick={() => onJump(areaIndex)}>
                <span className={styles.progressName}>{area.title}</span>
                <span className="sr-only">: </span>
                {score === undefined ? (
                  <span className={styles.pending}>sin calificar</span>
                ) : (
                  <span className={`${styles.badge} ${parts.scored}`} data-colour={scoreColour(score)}>
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
            <span className={`${styles.badge} ${parts.scored}`} data-colour={scoreColour(area.score)}>
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
      <p className={parts.lead}>
        Así se ve tu vida hoy. No es un juicio: es tu punto de partida. Mira qué áreas te sostienen y cuáles te están pidiendo atención.
      </p>
      <RadarChart ratings={ratings} />
      <div className={styles.highlights}>
        <AreaList id="rueda-fortalezas" title="Tus Fortalezas" areas={strongestAreas(ratings)} />
        <AreaList id="rueda-oportunidades" title="Tus Áreas de Oportunidad" areas={weakestAreas(ratings)} />
      </div>
      <div className={forms.actions}>
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
