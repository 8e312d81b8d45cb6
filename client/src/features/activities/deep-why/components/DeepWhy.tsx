// 7-niveles-deep-why (activity 4): choose 3 of the 7 weakest areas of the
// wheel, go seven levels of "why" deep in each with a question the server prepares, and read the final
// whys in 'Has encontrado tus motores'. A learner's choice and answers are saved on the server; a guest's
// stay in this browser (api/deep-why-store.ts).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { scoreColour } from '../../../../../../course/areas';
import { WHEEL_ACTIVITY } from '../../../../../../course/activities';
import {
  EARLY_FINISH_FROM_AREA,
  fallbackWhyQuestion,
  FOCUS_AREAS,
  NO_FINAL_WHY,
  NO_REFLECTION,
  NO_VISION,
  SUMMARY_TITLE,
  WHY_LEVELS,
  whyProgress,
} from '../../../../../../course/deep-why';
import { ApiError } from '../../../../api/errors';
import { errorText } from '../../../../api/error-text';
import { Button, ButtonLink } from '../../../../components/Button/Button';
import { KeyboardHint } from '../../../../components/KeyboardHint/KeyboardHint';
import { Loading } from '../../../../components/Loading/Loading';
import type { ActivityBodyProps } from '../../../../lib/activity/body';
import { useActivityStore } from '../../../../lib/activity/store';
import { useActivityData } from '../../../../lib/activity/use-activity-data';
import { useActivityCompletion, useActivityWrite } from '../../../../lib/activity/use-activity-write';
import { activityPath, SYLLABUS_PATH } from '../../../../lib/course-paths';
import forms from '../../../../styles/forms.module.css';
import { deepWhyQueries, LOAD_ERROR, type TargetArea, type WhyAnswers, type WhyQuestionInput } from '../api/deep-why-queries';
import { deepWhyCompletion, deepWhyStart, restart, saveAnswer, saveSelection, type DeepWhyStart } from '../api/deep-why-store';
import { answerChain, areaInfo, finalWhy, resumePosition, withAnswer, type WhyPosition } from '../lib/deep-why';
import parts from '../../components/activity-parts.module.css';
import { ACTIVITY, BLANK_ANSWER, GO_TO_WHEEL, LOAD_FAILED_TITLE, LOADING, NEEDS_WHEEL, RETRY, SELECTION, SUMMARY } from './copy';
import styles from './DeepWhy.module.css';

export function DeepWhy(props: ActivityBodyProps) {
  const stored = useActivityData(deepWhyStart);
  if (stored.status === 'loading') return <Loading label={LOADING} />;
  if (stored.status === 'failed') {
    const needsWheel = stored.error instanceof ApiError && stored.error.status === 409;
    return <LoadFailed message={errorText(stored.error, LOAD_ERROR)} needsWheel={needsWheel} onRetry={stored.retry} />;
  }
  if (stored.data.targets.length === 0) return <LoadFailed message={NEEDS_WHEEL} needsWheel />;
  return <Session {...props} start={stored.data} />;
}

function LoadFailed({ message, needsWheel, onRetry }: { message: string; needsWheel: boolean; onRetry?: () => void }) {
  return (
    <section className={styles.loadError} aria-labelledby="porque-error">
      <h2 id="porque-error" className={styles.viewTitle}>
        {LOAD_FAILED_TITLE}
      </h2>
      <p role="alert">{message}</p>
      {needsWheel ? (
        <ButtonLink to={activityPath(WHEEL_ACTIVITY)}>{GO_TO_WHEEL}</ButtonLink>
      ) : onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {RETRY}
        </Button>
      ) : null}
    </section>
  );
}

type View = 'selection' | 'activity' | 'summary';
type SessionProps = ActivityBodyProps & { start: DeepWhyStart };

function Session({ start, done, goNext, hasNext }: SessionProps) {
  const { where } = useActivityStore();
  const selection = useActivityWrite(saveSelection);
  const answer = useActivityWrite(saveAnswer);
  const restarting = useActivityWrite(restart);
  const completeDeepWhy = useActivityCompletion(deepWhyCompletion);
  const { targets } = start;

  // A completion without a chosen set (the deep why completed as a plain lesson, before it had its page)
  // has nothing to summarise: it starts with the selection. A guest's exercise started again since its
  // completion has no summary until the new round is finished.
  const resumable = start.selectedAreaIds.length === FOCUS_AREAS;
  const completed = start.isCompleted ?? (done && !start.restarted);
  const [view, setView] = useState<View>(() => (!resumable ? 'selection' : completed ? 'summary' : 'activity'));
  const [selected, setSelected] = useState<string[]>(() => (resumable ? start.selectedAreaIds : []));
  const [answers, setAnswers] = useState<WhyAnswers>(start.whyAnswers);
  const [position, setPosition] = useState<WhyPosition>(() => resumePosition(selected, start.whyAnswers));
  const [text, setText] = useState(() => start.whyAnswers[selected[position.areaIndex] ?? '']?.[position.levelIndex] ?? '');
  // Busy with an answer and what follows it; a choice or a restart is busy while it is on its way to the server.
  const [busy, setBusy] = useState(false);
  const working = busy || selection.pending || restarting.pending;
  const [error, setError] = useState<string | null>(null);

  // After a visitor's action the focus follows: a new view or area to its heading, a new level to the answer.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const focusNext = useRef<'heading' | 'answer' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'heading') headingRef.current?.focus();
    else if (focusNext.current === 'answer') answerRef.current?.focus();
  }, [view, position]);

  const show = (next: View) => {
    focusNext.current = 'heading';
    setView(next);
    setError(null);
  };
  const moveTo = (next: WhyPosition, all: WhyAnswers, ids: readonly string[] = selected) => {
    focusNext.current = next.areaIndex === position.areaIndex && view === 'activity' ? 'answer' : 'heading';
    setPosition(next);
    setText(all[ids[next.areaIndex]!]?.[next.levelIndex] ?? '');
    setError(null);
  };

  /** A failure is said where the learner is (a lapsed session has its own prompt). */
  const say = (outcome: { ok: boolean; message?: string | null }) => {
    if (!outcome.ok && outcome.message) setError(outcome.message);
  };

  // A guest's choice and restart are kept at once, and the page moves on in the same event; a learner's once the
  // server has them.
  const confirmSelection = (picks: string[]) => {
    if (working || picks.length !== FOCUS_AREAS) return;
    setError(null);
    void selection.run(picks, {
      then: (saved) => {
        if (!saved.ok) return say(saved);
        const ids = saved.value.length === FOCUS_AREAS ? saved.value : picks;
        setSelected(ids);
        const at = resumePosition(ids, answers);
        moveTo(at, answers, ids);
        show('activity');
      },
    });
  };

  /** Saves one level's answer; the answers with it, or null (after saying why) when it failed. */
  const persistAnswer = async (areaId: string, levelIndex: number, given: string): Promise<WhyAnswers | null> => {
    const saved = await answer.run({ areaId, levelIndex, answer: given });
    if (!saved.ok) {
      say(saved);
      return null;
    }
    const next = withAnswer(answers, areaId, levelIndex, given);
    setAnswers(next);
    return next;
  };

  /** Completes the activity and shows the summary; false when it failed. */
  const finish = async (): Promise<boolean> => {
    const finished = await completeDeepWhy();
    if (!finished.ok) {
      say(finished);
      return false;
    }
    show('summary');
    return true;
  };

  const areaId = selected[position.areaIndex]!;

  const submit = async () => {
    if (working) return;
    const given = text.trim();
    if (!given) {
      setError(BLANK_ANSWER);
      return;
    }
    setBusy(true);
    setError(null);
    const all = await persistAnswer(areaId, position.levelIndex, given);
    if (all) {
      const lastLevel = position.levelIndex === WHY_LEVELS - 1;
      if (!lastLevel) moveTo({ areaIndex: position.areaIndex, levelIndex: position.levelIndex + 1 }, all);
      else if (position.areaIndex < selected.length - 1) moveTo({ areaIndex: position.areaIndex + 1, levelIndex: 0 }, all);
      else await finish();
    }
    setBusy(false);
  };

  // An answer typed but not sent yet is kept; a blank one is no reason to stop.
  const finishNow = async () => {
    if (working) return;
    setBusy(true);
    setError(null);
    const given = text.trim();
    const all = given ? await persistAnswer(areaId, position.levelIndex, given) : answers;
    if (all) await finish();
    setBusy(false);
  };

  /** 'Rehacer Ejercicio': recorded (a learner's on the server, a guest's here), then an empty selection. */
  const redo = () => {
    if (working) return;
    setError(null);
    void restarting.run(undefined, {
      then: (restarted) => {
        if (!restarted.ok) return say(restarted);
        setSelected([]);
        setAnswers({});
        setPosition({ areaIndex: 0, levelIndex: 0 });
        setText('');
        show('selection');
      },
    });
  };

  if (view === 'selection') {
    return <Selection targets={targets} busy={working} error={error} onConfirm={confirmSelection} headingRef={headingRef} />;
  }
  if (view === 'summary') {
    return (
      <Summary
        targets={targets}
        selected={selected}
        answers={answers}
        hasNext={hasNext}
        busy={working}
        error={error}
        onRedo={redo}
        onNext={goNext}
        headingRef={headingRef}
      />
    );
  }
  return (
    <Level
      area={areaInfo(targets, areaId)}
      position={position}
      earlierAnswers={answerChain(answers[areaId]).filter((a) => a.levelIndex < position.levelIndex)}
      ownTexts={where === 'browser'}
      text={text}
      busy={working}
      error={error}
      onText={(value) => {
        setText(value);
        setError(null);
      }}
      onSubmit={() => void submit()}
      onFinishNow={() => void finishNow()}
      headingRef={headingRef}
      answerRef={answerRef}
    />
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

const HINT_LENGTH = 110;
const hintOf = (text: string | null) => {
  const trimmed = text?.trim();
  if (!trimmed) return SELECTION.noCurrentText;
  return trimmed.length > HINT_LENGTH ? `${trimmed.slice(0, HINT_LENGTH).trimEnd()}…` : trimmed;
};

type SelectionProps = { targets: readonly TargetArea[]; busy: boolean; error: string | null; onConfirm: (picks: string[]) => void; headingRef: HeadingRef };

function Selection({ targets, busy, error, onConfirm, headingRef }: SelectionProps) {
  const id = useId();
  const [picks, setPicks] = useState<string[]>([]);
  const [full, setFull] = useState(false);

  const toggle = (areaId: string) => {
    if (picks.includes(areaId)) {
      setPicks(picks.filter((p) => p !== areaId));
      setFull(false);
    } else if (picks.length >= FOCUS_AREAS) {
      setFull(true);
    } else {
      setPicks([...picks, areaId]);
    }
  };
  // The areas are worked on weakest first, whatever order they were picked in.
  const confirm = () => onConfirm(targets.filter((a) => picks.includes(a.id)).map((a) => a.id));

  return (
    <section className={styles.view} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        {SELECTION.title}
      </h2>
      <p className={parts.lead}>{SELECTION.lead}</p>
      <ul className={styles.choices}>
        {targets.map((area) => {
          const pressed = picks.includes(area.id);
          return (
            <li key={area.id}>
              <button
                type="button"
                className={styles.choice}
                aria-pressed={pressed}
                aria-disabled={(!pressed && picks.length >= FOCUS_AREAS) || undefined}
                aria-labelledby={`${id}-${area.id}`}
                aria-describedby={`${id}-${area.id}-about`}
                onClick={() => toggle(area.id)}
              >
                <span className={styles.choiceHead}>
                  <span className={styles.check} aria-hidden="true">
                    {pressed ? '✓' : ''}
                  </span>
                  <span id={`${id}-${area.id}`} className={styles.choiceTitle}>
                    {area.title}
                  </span>
                  {area.score === null ? null : (
                    <span className={`${parts.badge} ${parts.scored}`} data-colour={scoreColour(area.score)}>
                      {area.score}/10
                    </span>
                  )}
                </span>
                <span id={`${id}-${area.id}-about`} className={styles.choiceText}>
                  {area.score === null ? null : <span className="sr-only">Tu calificación: {area.score} de 10. </span>}
                  {hintOf(area.currentText)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.status} aria-live="polite">
        <p>{SELECTION.chosen(picks.length)}</p>
        {full && picks.length >= FOCUS_AREAS ? <p className={parts.note}>{SELECTION.full}</p> : null}
      </div>
      {error ? (
        <p className={forms.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={forms.actions}>
        <Button onClick={confirm} disabled={busy || picks.length !== FOCUS_AREAS}>
          {busy ? 'Guardando...' : SELECTION.confirm}
        </Button>
      </div>
    </section>
  );
}

type LevelProps = {
  area: TargetArea;
  position: WhyPosition;
  /** The area's answers to the levels before this one. */
  earlierAnswers: { levelIndex: number; answer: string }[];
  /** A guest's question is asked from their own texts, which only this browser has. */
  ownTexts: boolean;
  text: string;
  busy: boolean;
  error: string | null;
  onText: (value: string) => void;
  onSubmit: () => void;
  onFinishNow: () => void;
  headingRef: HeadingRef;
  answerRef: RefObject<HTMLTextAreaElement | null>;
};

function Level(props: LevelProps) {
  const { area, position, earlierAnswers, ownTexts, text, busy, error, headingRef, answerRef } = props;
  const { areaIndex, levelIndex } = position;
  const id = useId();

  const input: WhyQuestionInput = { areaId: area.id, levelIndex };
  const previousAnswer = earlierAnswers.find((a) => a.levelIndex === levelIndex - 1)?.answer;
  if (previousAnswer) input.previousAnswer = previousAnswer;
  if (ownTexts) {
    if (area.currentText) input.currentText = area.currentText;
    if (area.futureText) input.futureText = area.futureText;
  }
  const asked = useQuery(deepWhyQueries.question(input));
  // Out of reach, the page asks what the server's fallback would have asked.
  const question =
    asked.data ?? (asked.isError ? fallbackWhyQuestion({ areaTitle: area.title, levelIndex, futureText: area.futureText, previousAnswer }) : undefined);
  const percent = Math.round(whyProgress(areaIndex, levelIndex, FOCUS_AREAS) * 100);

  return (
    <section className={styles.view} aria-labelledby={`${id}-area`}>
      <div className={forms.card}>
        <div className={parts.cardHead}>
          <p className="eyebrow">
            {ACTIVITY.area(areaIndex + 1)} · {ACTIVITY.level(levelIndex + 1)}
          </p>
          <h2 id={`${id}-area`} ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
            {area.title}
          </h2>
          <div
            className={parts.meter}
            role="progressbar"
            aria-label={ACTIVITY.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent} %`}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>

        <div className={styles.texts}>
          <AreaText title={ACTIVITY.current} text={area.currentText} missing={NO_REFLECTION} />
          <AreaText title={ACTIVITY.future} text={area.futureText} missing={NO_VISION} />
        </div>

        {earlierAnswers.length > 0 ? <AnswerChain label={ACTIVITY.earlier(earlierAnswers.length)} answers={earlierAnswers} /> : null}

        <div className={styles.question} aria-live="polite">
          {question ? (
            <p id={`${id}-question`} className={styles.questionText}>
              {question}
            </p>
          ) : (
            <p className={styles.typing}>
              <span className="sr-only">{ACTIVITY.preparing}</span>
              <span className={styles.dots} aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
            </p>
          )}
        </div>

        <label className={parts.label} htmlFor={`${id}-answer`}>
          {ACTIVITY.answerLabel}
        </label>
        <textarea
          id={`${id}-answer`}
          ref={answerRef}
          className={`${forms.textarea} ${styles.answer}`}
          rows={5}
          value={text}
          placeholder={ACTIVITY.placeholder}
          aria-describedby={[question ? `${id}-question` : '', `${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => props.onText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              props.onSubmit();
            }
          }}
        />
        <p id={`${id}-hint`} className={parts.note}>
          {ACTIVITY.hint} <KeyboardHint>{ACTIVITY.keys}</KeyboardHint>
        </p>
        {error ? (
          <p id={`${id}-error`} className={forms.error} role="alert">
            {error}
          </p>
        ) : null}

        <div className={forms.actions}>
          <Button onClick={props.onSubmit} aria-disabled={busy || undefined}>
            {busy ? 'Guardando...' : ACTIVITY.next}
          </Button>
        </div>
        {areaIndex >= EARLY_FINISH_FROM_AREA ? (
          <button type="button" className={parts.finishNow} onClick={props.onFinishNow} disabled={busy}>
            {ACTIVITY.finishNow}
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** An area's answers by level, folded under `label` (numbered by their level). */
function AnswerChain({ label, answers }: { label: string; answers: readonly { levelIndex: number; answer: string }[] }) {
  return (
    <details className={styles.chain}>
      <summary>{label}</summary>
      <ol>
        {answers.map(({ levelIndex, answer }) => (
          <li key={levelIndex} value={levelIndex + 1}>
            {answer}
          </li>
        ))}
      </ol>
    </details>
  );
}

function AreaText({ title, text, missing }: { title: string; text: string | null; missing: string }) {
  return (
    <div className={styles.areaText}>
      <h3 className={styles.textTitle}>{title}</h3>
      <p className={text ? styles.text : styles.missing}>{text ?? missing}</p>
    </div>
  );
}

type SummaryProps = {
  targets: readonly TargetArea[];
  selected: readonly string[];
  answers: WhyAnswers;
  hasNext: boolean;
  busy: boolean;
  error: string | null;
  onRedo: () => void;
  onNext: () => void;
  headingRef: HeadingRef;
};

function Summary({ targets, selected, answers, hasNext, busy, error, onRedo, onNext, headingRef }: SummaryProps) {
  const id = useId();
  return (
    <section className={styles.view} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.viewTitle}>
        {SUMMARY_TITLE}
      </h2>
      <p className={parts.lead}>{SUMMARY.lead}</p>
      <div className={styles.motors}>
        {selected.map((areaId) => {
          const area = areaInfo(targets, areaId);
          const final = finalWhy(answers[areaId]);
          const chain = answerChain(answers[areaId]);
          return (
            <article key={areaId} className={styles.motor} aria-labelledby={`${id}-${areaId}`}>
              <h3 id={`${id}-${areaId}`} className={styles.motorTitle}>
                {area.title}
              </h3>
              <dl className={styles.facts}>
                <dt>{ACTIVITY.current}</dt>
                <dd className={area.currentText ? undefined : styles.missing}>{area.currentText ?? NO_REFLECTION}</dd>
                <dt>{ACTIVITY.future}</dt>
                <dd className={area.futureText ? undefined : styles.missing}>{area.futureText ?? NO_VISION}</dd>
                <dt>{SUMMARY.finalWhy}</dt>
                <dd className={final ? styles.finalWhy : styles.missing}>{final ?? NO_FINAL_WHY}</dd>
              </dl>
              {chain.length > 0 ? <AnswerChain label={SUMMARY.chain(chain.length)} answers={chain} /> : null}
            </article>
          );
        })}
      </div>
      {error ? (
        <p className={forms.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={forms.actions}>
        <Button variant="secondary" onClick={onRedo} aria-disabled={busy || undefined}>
          {busy ? 'Guardando...' : SUMMARY.redo}
        </Button>
        {hasNext ? <Button onClick={onNext}>Siguiente Actividad</Button> : null}
        <ButtonLink variant="secondary" to={SYLLABUS_PATH}>
          Volver al Temario
        </ButtonLink>
      </div>
    </section>
  );
}

export default DeepWhy;
