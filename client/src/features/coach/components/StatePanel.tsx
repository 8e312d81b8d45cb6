// Everything the learner had at the chosen moment: wheel, beliefs and visions, their why, the syllabus,
// meditation, belief goals, and the coach's notes so far.
import type { ReactNode } from 'react';
import { areaById, LIFE_AREAS } from '../../../../../course/areas';
import { IN_PROGRESS } from '../../../../../course/belief-threshold';
import { minutesMeditated } from '../../../../../course/meditation';
import { COURSE } from '../../../../../course/syllabus';
import type { JourneyState } from '../api/coach-queries';
import { formatCount, formatDateTime } from '../lib/format';
import { JourneyWheel } from './JourneyWheel';
import styles from './StatePanel.module.css';

const areaTitle = (id: string) => areaById(id)?.title ?? id;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.block}>
      <h3 className={styles.blockTitle}>{title}</h3>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className={styles.empty}>{children}</p>;

function Definitions({ beliefs, visions }: Pick<JourneyState, 'beliefs' | 'visions'>) {
  const areas = LIFE_AREAS.filter((a) => beliefs[a.id] || visions[a.id]);
  if (areas.length === 0) return <Empty>Todavía no había escrito creencias ni visiones.</Empty>;
  return (
    <dl className={styles.areas}>
      {areas.map((area) => (
        <div key={area.id} className={styles.area}>
          <dt className={styles.areaTitle}>{area.title}</dt>
          {beliefs[area.id] ? (
            <dd>
              <span className={styles.kind}>Creencias:</span> {beliefs[area.id]}
            </dd>
          ) : null}
          {visions[area.id] ? (
            <dd>
              <span className={styles.kind}>Visión:</span> {visions[area.id]}
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

function Why({ why }: Pick<JourneyState, 'why'>) {
  if (why.selectedAreaIds.length === 0) return <Empty>Todavía no había elegido sus áreas de enfoque.</Empty>;
  return (
    <div className={styles.areas}>
      {why.selectedAreaIds.map((id) => {
        const answers = why.answers[id] ?? [];
        return (
          <div key={id} className={styles.area}>
            <h4 className={styles.areaTitle}>{areaTitle(id)}</h4>
            {answers.some((a) => a) ? (
              <ol className={styles.levels}>
                {answers.map((answer, level) => (
                  <li key={level}>{answer ?? <span className={styles.muted}>Sin responder</span>}</li>
                ))}
              </ol>
            ) : (
              <Empty>Sin respuestas todavía.</Empty>
            )}
          </div>
        );
      })}
    </div>
  );
}

function Syllabus({ completed }: { completed: ReadonlySet<string> }) {
  return (
    <div className={styles.modules}>
      {COURSE.modules.map((module) => {
        const done = module.activities.filter((a) => completed.has(a.slug)).length;
        // Open where something happened (and the first week at the very start); the rest folded, one line each.
        const open = done > 0 || (completed.size === 0 && module.module === 1);
        return (
          <details key={module.module} className={styles.module} open={open}>
            <summary className={styles.moduleTitle}>
              {module.title}{' '}
              <span className={styles.muted}>
                ({done} de {module.activities.length})
              </span>
            </summary>
            <ul className={styles.activities}>
              {module.activities.map((activity) => {
                const isDone = completed.has(activity.slug);
                return (
                  <li key={activity.slug} className={isDone ? styles.done : styles.pending} data-completed={isDone}>
                    <span className={styles.tick} aria-hidden="true">
                      {isDone ? '✓' : ''}
                    </span>
                    {activity.title}
                    <span className="sr-only">{isDone ? ' (completada)' : ' (pendiente)'}</span>
                  </li>
                );
              })}
            </ul>
          </details>
        );
      })}
    </div>
  );
}

function Meditation({ meditation }: Pick<JourneyState, 'meditation'>) {
  const minutes = minutesMeditated(meditation.totalSeconds);
  return (
    <>
      <p>
        <strong>{formatCount(minutes)}</strong> {minutes === 1 ? 'minuto' : 'minutos'} en <strong>{formatCount(meditation.sessions)}</strong>{' '}
        {meditation.sessions === 1 ? 'sesión' : 'sesiones'}.
      </p>
      {meditation.revelations.length > 0 ? (
        <ul className={styles.cards}>
          {meditation.revelations.map((r) => (
            <li key={r.id} className={styles.card}>
              <p>{r.revelation}</p>
              <p className={styles.meta}>
                {formatDateTime(r.createdAt)} · tras {formatCount(minutesMeditated(r.totalTimeMeditated))} min de meditación
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <Empty>Sin revelaciones guardadas.</Empty>
      )}
    </>
  );
}

type Goal = { id: string; manifestGoal: string; perfect: string | null; doubts: number };

/** The API types goals loosely (their shape belongs to the belief threshold); read what the page shows. */
function readGoal(raw: Record<string, unknown>, index: number): Goal {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: text(raw.id) ?? String(index),
    manifestGoal: text(raw.manifestGoal) ?? '',
    perfect: text(raw.perfectTimeFrameLabel),
    doubts: Array.isArray(raw.hesitations) ? raw.hesitations.length : 0,
  };
}

function Goals({ goals }: { goals: JourneyState['beliefGoals'] }) {
  if (goals.length === 0) return <Empty>Todavía no había escrito metas.</Empty>;
  return (
    <ul className={styles.cards}>
      {goals.map(readGoal).map((goal) => (
        <li key={goal.id} className={styles.card}>
          <p>{goal.manifestGoal}</p>
          <p className={styles.meta}>
            Tiempo perfecto: {goal.perfect ?? IN_PROGRESS}
            {goal.doubts > 0 ? ` · ${goal.doubts} ${goal.doubts === 1 ? 'duda anotada' : 'dudas anotadas'}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Notes({ notes }: { notes: JourneyState['coachNotes'] }) {
  if (notes.length === 0) return <Empty>Sin notas hasta este momento.</Empty>;
  return (
    <ul className={styles.cards}>
      {notes.map((note) => (
        <li key={note.id} className={`${styles.card} ${styles.note}`}>
          <p className={styles.noteText}>{note.text}</p>
          <p className={styles.meta}>{formatDateTime(note.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}

export function StatePanel({ state, username }: { state: JourneyState; username: string }) {
  return (
    <div className={styles.panel}>
      <Block title="Rueda de la Vida">
        <JourneyWheel username={username} ratings={state.ratings} first={state.firstRatings} />
      </Block>
      <Block title="Creencias y visión por área">
        <Definitions beliefs={state.beliefs} visions={state.visions} />
      </Block>
      <Block title="Su porqué">
        <Why why={state.why} />
      </Block>
      <Block title="Avance en el curso">
        <Syllabus completed={new Set(state.completedSlugs)} />
      </Block>
      <Block title="Meditación">
        <Meditation meditation={state.meditation} />
      </Block>
      <Block title="Umbral de creencia: metas">
        <Goals goals={state.beliefGoals} />
      </Block>
      <Block title="Notas de la coach hasta aquí">
        <Notes notes={state.coachNotes} />
      </Block>
    </div>
  );
}
