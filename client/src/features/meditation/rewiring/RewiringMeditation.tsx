// The guided rewiring meditation: an idle invitation, five steps read between closed-eye pauses, and a
// completion message. The flow is rewiringReducer's; this component renders it and moves the focus.
import { useEffect, useId, useReducer, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button/Button';
import { SYLLABUS_PATH } from '../../../lib/course-paths';
import { MEDITATION } from './copy';
import { initialRewiringState, REWIRING_STEP_COUNT, rewiringReducer } from './rewiring';
import { RewiringIcon } from './RewiringIcon';
import { REWIRING_STEPS } from './steps';
import styles from './RewiringMeditation.module.css';

type RewiringMeditationProps = {
  /** Where to go on from here, e.g. the next course activity; without it the button is not shown. */
  next?: { label?: string; to: string };
};

export function RewiringMeditation({ next }: RewiringMeditationProps) {
  const [state, dispatch] = useReducer(rewiringReducer, initialRewiringState);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // The state whose screen already has the focus it needs: the first one keeps the focus where the browser
  // put it on page load. Compared by identity, since only a transition makes a new state object.
  const focusedFor = useRef(state);

  // Each step replaces the text under the visitor's eyes (or screen reader): the new heading takes the focus,
  // so reading starts at its title. Back in idle, the meditation's own heading takes it.
  useEffect(() => {
    if (focusedFor.current === state) return;
    focusedFor.current = state;
    (state.status === 'idle' ? title.current : heading.current)?.focus();
  }, [state]);

  const step = state.status === 'running' ? REWIRING_STEPS[state.step] : undefined;
  const stepNumber = state.status === 'running' ? state.step + 1 : 0;
  const doneSteps = state.status === 'completed' ? REWIRING_STEP_COUNT : Math.max(stepNumber - 1, 0);

  return (
    <section className={styles.meditation} aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1} className={styles.title}>
        {MEDITATION.title}
      </h2>

      <div className={styles.card} data-status={state.status}>
        <div className={styles.progress}>
          <ol className={styles.dots} aria-hidden="true">
            {REWIRING_STEPS.map((s, index) => (
              <li key={s.title} className={styles.dot} data-state={index < doneSteps ? 'done' : index + 1 === stepNumber ? 'current' : 'todo'} />
            ))}
          </ol>
          {/* Always in the page, so screen readers announce each change of step. */}
          <p className={styles.indicator} aria-live="polite" aria-atomic="true">
            {step ? MEDITATION.progress(stepNumber, REWIRING_STEP_COUNT) : ''}
          </p>
        </div>

        {state.status === 'idle' ? (
          <div className={styles.body}>
            <p className={styles.text}>{MEDITATION.intro}</p>
            <Button className={styles.action} onClick={() => dispatch({ type: 'start' })}>
              {MEDITATION.start}
            </Button>
          </div>
        ) : null}

        {step ? (
          // Keyed by step: each step is a new block, so its entrance plays again.
          <div key={stepNumber} className={styles.body}>
            <span className={styles.icon}>
              <RewiringIcon name={step.icon} />
            </span>
            <h3 ref={heading} tabIndex={-1} className={styles.stepTitle}>
              {step.title}
            </h3>
            <p className={styles.text}>{step.text}</p>
            <Button className={styles.action} onClick={() => dispatch({ type: 'next' })}>
              {stepNumber === REWIRING_STEP_COUNT ? MEDITATION.finish : MEDITATION.next}
            </Button>
          </div>
        ) : null}

        {state.status === 'completed' ? (
          <div className={styles.body}>
            <span className={styles.icon} data-tone="complete">
              <RewiringIcon name="complete" />
            </span>
            <h3 ref={heading} tabIndex={-1} className={styles.stepTitle}>
              {MEDITATION.completedTitle}
            </h3>
            <p className={styles.text}>{MEDITATION.completedText}</p>
            <Button className={styles.action} onClick={() => dispatch({ type: 'acknowledge' })}>
              {MEDITATION.acknowledge}
            </Button>
          </div>
        ) : null}
      </div>

      <footer className={styles.footer}>
        {next ? <ButtonLink to={next.to}>{next.label ?? MEDITATION.nextActivity}</ButtonLink> : null}
        <Link className={styles.syllabus} to={SYLLABUS_PATH}>
          {MEDITATION.syllabus}
        </Link>
      </footer>
    </section>
  );
}
