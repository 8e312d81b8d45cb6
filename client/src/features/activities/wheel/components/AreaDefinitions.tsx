// concientizando-areas-balance and viendo-hacia-atras-desde-el-futuro (activities 2 and 3):
// one area per step, a text for each, then a completion screen. A learner's areas come weakest first by their
// wheel scores and every text is saved on the server; a guest keeps the default order and the texts stay in
// this browser (api/wheel-store.ts).
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { allDefined, LIFE_AREAS, scoreColour, type LifeArea } from '../../../../../../course/areas';
import { Button, ButtonLink } from '../../../../components/Button/Button';
import { Loading } from '../../../../components/Loading/Loading';
import type { ActivityBodyProps } from '../../../../lib/activity/body';
import { useActivityStore } from '../../../../lib/activity/store';
import { LOAD_FAILED, useActivityData } from '../../../../lib/activity/use-activity-data';
import { useActivityCompletion, useActivityWrite } from '../../../../lib/activity/use-activity-write';
import { SYLLABUS_PATH } from '../../../../lib/course-paths';
import { definitions, definitionsCompletion, saveDefinition, type Definitions } from '../api/wheel-store';
import { arrivalView, useCompletionOnArrival } from '../../lib/completion-on-arrival';
import forms from '../../../../styles/forms.module.css';
import parts from '../../components/activity-parts.module.css';
import styles from './AreaDefinitions.module.css';
import { BELIEFS, VISION, type AreaDefinitionsCopy } from './area-definitions-copy';

/** The early finish is offered from the 4th area (index 3). */
export const EARLY_FINISH_FROM = 3;
const MAX_LENGTH = 10_000;

type Start = Definitions & { loadFailed: boolean };

function AreaDefinitions({ copy, ...props }: ActivityBodyProps & { copy: AreaDefinitionsCopy }) {
  const stored = useActivityData(definitions(copy.slug));
  if (stored.status === 'loading') return <Loading label={copy.loading} />;
  // A failed load: the failure is shown and the default order is used.
  const start: Start =
    stored.status === 'ready' ? { ...stored.data, loadFailed: false } : { definitions: {}, ratings: {}, order: LIFE_AREAS, loadFailed: true };
  return <Session {...props} copy={copy} start={start} />;
}

type SessionProps = ActivityBodyProps & { copy: AreaDefinitionsCopy; start: Start };

function Session({ copy, start, done, goNext, hasNext }: SessionProps) {
  const { where } = useActivityStore();
  const definition = useActivityWrite(saveDefinition);
  const completeActivity = useActivityCompletion(definitionsCompletion(copy.slug));
  const { order, ratings } = start;
  const [texts, setTexts] = useState<Record<string, string>>(start.definitions);
  const [view, setView] = useState<'steps' | 'done' | 'arriving'>(() => {
    const first = arrivalView(allDefined(start.definitions), done, 'steps');
    return first === 'summary' ? 'done' : first;
  });
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      order.findIndex((a) => !(start.definitions[a.id] ?? '').trim()),
    ),
  );
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // After a visitor's action, the focus goes to the heading of what is now shown (not on the first render).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [view, index]);
  const go = (next: { view?: 'steps' | 'done'; index?: number }) => {
    moved.current = true;
    if (next.view) setView(next.view);
    if (next.index !== undefined) setIndex(next.index);
    setError(null);
  };

  /** Saves one area's text; false (after showing why) when it failed. */
  const save = async (area: LifeArea, text: string): Promise<boolean> => {
    const saved = await definition.run({ activityId: copy.slug, areaId: area.id, definition: text });
    if (!saved.ok && saved.message) setError(saved.message);
    return saved.ok;
  };

  /**
   * Completes the activity; false when it failed. The completion screen is only shown once it worked, so a
   * failure is said where the learner stays — unless `quietly` (on arrival).
   */
  const complete = async ({ quietly = false } = {}): Promise<boolean> => {
    const completed = await completeActivity();
    if (!completed.ok && completed.message && !quietly) setError(completed.message);
    return completed.ok;
  };

  useCompletionOnArrival(
    view === 'arriving',
    () => complete({ quietly: true }),
    (recorded) => (recorded ? setView('done') : go({ view: 'steps', index: order.length - 1 })),
  );

  const area = order[index]!;
  const text = texts[area.id] ?? '';
  const last = index === order.length - 1;

  const next = async () => {
    if (saving || !text.trim()) return;
    setSaving(true);
    setError(null);
    const saved = await save(area, text.trim());
    const completed = saved && last ? await complete() : saved;
    setSaving(false);
    if (!completed) return;
    go(last ? { view: 'done' } : { index: index + 1 });
  };

  const finishNow = async () => {
    if (saving) return;
    setSaving(true);
    setError(null);
    const saved = text.trim() ? await save(area, text.trim()) : true;
    const completed = saved && (await complete());
    setSaving(false);
    if (completed) go({ view: 'done' });
  };

  const goOn = async () => {
    if (saving) return;
    if (!done) {
      setSaving(true);
      await complete({ quietly: true });
      setSaving(false);
    }
    goNext();
  };

  if (view === 'arriving') return <Loading label="Guardando..." />;
  if (view === 'done') {
    return (
      <Completion
        copy={copy}
        hasNext={hasNext}
        busy={saving}
        onReview={() => go({ view: 'steps', index: 0 })}
        onNext={() => void goOn()}
        headingRef={headingRef}
      />
    );
  }

  return (
    <Step
      copy={copy}
      area={area}
      index={index}
      count={order.length}
      score={ratings[area.id]}
      text={text}
      forUser={where === 'server'}
      loadFailed={start.loadFailed}
      saving={saving}
      error={error}
      last={last}
      onText={(value) => {
        setTexts((all) => ({ ...all, [area.id]: value }));
        setError(null);
      }}
      onBack={() => go({ index: index - 1 })}
      onNext={() => void next()}
      onFinishNow={() => void finishNow()}
      headingRef={headingRef}
    />
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

type StepProps = {
  copy: AreaDefinitionsCopy;
  area: LifeArea;
  index: number;
  count: number;
  score: number | undefined;
  text: string;
  /** A learner's texts are saved in their account (the banner says so); a guest's in this browser. */
  forUser: boolean;
  loadFailed: boolean;
  saving: boolean;
  error: string | null;
  last: boolean;
  onText: (value: string) => void;
  onBack: () => void;
  onNext: () => void;
  onFinishNow: () => void;
  headingRef: HeadingRef;
};

function Step(props: StepProps) {
  const { copy, area, index, count, score, text, forUser, loadFailed, saving, error, last, headingRef } = props;
  const fieldId = useId();
  const promptsId = useId();
  const bannerId = useId();

  return (
    <div className={styles.activity}>
      <p className={parts.lead}>{copy.intro}</p>

      {loadFailed ? (
        // The order by score is not known: the banner that explains it would not be true.
        <p className={forms.error} role="alert">
          {LOAD_FAILED}
        </p>
      ) : (
        <aside className={styles.banner} aria-labelledby={bannerId}>
          <h2 id={bannerId} className={styles.bannerTitle}>
            {copy.banner.title}
          </h2>
          <p>{forUser ? copy.banner.forUser : copy.banner.forGuest}</p>
        </aside>
      )}

      <section className={forms.card} aria-labelledby={`${fieldId}-area`}>
        <div className={parts.cardHead}>
          <p className={styles.eyebrow}>
            ÁREA DE ENFOQUE {index + 1} DE {count}
          </p>
          <div className={styles.titleRow}>
            <h2 id={`${fieldId}-area`} ref={headingRef} tabIndex={-1} className={styles.areaTitle}>
              {area.title}
            </h2>
            {score === undefined ? (
              <span className={`${parts.badge} ${parts.scored}`} data-colour="none">
                Sin calificación
              </span>
            ) : (
              <span className={`${parts.badge} ${parts.scored}`} data-colour={scoreColour(score)}>
                Tu calificación: {score}/10
              </span>
            )}
          </div>
          <div className={parts.meter} aria-hidden="true">
            <span style={{ width: `${((index + 1) / count) * 100}%` }} />
          </div>
        </div>

        <div className={styles.prompts}>
          <h3 id={promptsId} className={styles.promptsTitle}>
            {copy.promptsTitle}
          </h3>
          <ul aria-labelledby={promptsId}>
            {copy.prompts(area).map((prompt) => (
              <li key={prompt}>{prompt}</li>
            ))}
          </ul>
        </div>

        <label className={parts.label} htmlFor={fieldId}>
          {copy.fieldLabel(area)}
        </label>
        <textarea
          id={fieldId}
          className={`${forms.textarea} ${styles.answer}`}
          rows={7}
          maxLength={MAX_LENGTH}
          value={text}
          placeholder={copy.placeholder}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => props.onText(event.target.value)}
        />
        {error ? (
          <p id={`${fieldId}-error`} className={forms.error} role="alert">
            {error}
          </p>
        ) : null}

        <div className={forms.actions}>
          {index > 0 ? (
            <Button variant="secondary" onClick={props.onBack} disabled={saving}>
              Anterior
            </Button>
          ) : null}
          <Button onClick={props.onNext} disabled={saving || !text.trim()}>
            {saving ? 'Guardando...' : last ? copy.finishLabel : 'Guardar y Continuar'}
          </Button>
        </div>
        {index >= EARLY_FINISH_FROM ? (
          <button type="button" className={parts.finishNow} onClick={props.onFinishNow} disabled={saving}>
            Finalizar ahora y ver el resumen
          </button>
        ) : null}
      </section>
    </div>
  );
}

type CompletionProps = { copy: AreaDefinitionsCopy; hasNext: boolean; busy: boolean; onReview: () => void; onNext: () => void; headingRef: HeadingRef };

function Completion({ copy, hasNext, busy, onReview, onNext, headingRef }: CompletionProps) {
  const insightsId = useId();
  return (
    <section className={styles.done} aria-labelledby="definiciones-completadas">
      <div className={styles.doneMark} aria-hidden="true">
        ✓
      </div>
      <h2 id="definiciones-completadas" ref={headingRef} tabIndex={-1} className={styles.doneTitle}>
        {copy.done.title}
      </h2>
      <p className={parts.lead}>{copy.done.lead}</p>
      <section className={styles.insights} aria-labelledby={insightsId}>
        <h3 id={insightsId} className={styles.insightsTitle}>
          {copy.done.insightsTitle}
        </h3>
        {copy.done.insights.map((insight) => (
          <article key={insight.title} className={styles.insight}>
            <h4 className={styles.insightTitle}>{insight.title}</h4>
            <p>{insight.text}</p>
          </article>
        ))}
      </section>
      <p className={styles.closing}>{copy.done.closing}</p>
      <div className={forms.actions}>
        <Button variant="secondary" onClick={onReview}>
          {copy.done.review}
        </Button>
        {hasNext ? (
          <Button onClick={onNext} aria-disabled={busy || undefined}>
            Siguiente Actividad
          </Button>
        ) : null}
        <ButtonLink variant="secondary" to={SYLLABUS_PATH}>
          Volver al Temario
        </ButtonLink>
      </div>
    </section>
  );
}

export function AreaBeliefs(props: ActivityBodyProps) {
  return <AreaDefinitions {...props} copy={BELIEFS} />;
}

export function AreaVision(props: ActivityBodyProps) {
  return <AreaDefinitions {...props} copy={VISION} />;
}
