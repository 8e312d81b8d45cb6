// summary: the goal, its perfect time (if one was found) and the beliefs behind each doubt; start again,
// back to the goals, or on to the next activity.
import { useId } from 'react';
import type { BeliefGoal } from '../../../../../../course/belief-threshold';
import { Button, ButtonLink } from '../../../../components/Button/Button';
import { SYLLABUS_PATH } from '../../../../lib/course-paths';
import forms from '../../../../styles/forms.module.css';
import styles from './BeliefThreshold.module.css';
import { SUMMARY } from './copy';
import { SaveStatus, type HeadingRef, type SaveState } from './parts';

type SummaryProps = Pick<SaveState, 'saving' | 'failure'> & {
  goal: BeliefGoal;
  hasNext: boolean;
  onRestart: () => void;
  onBack: () => void;
  onNext: () => void;
  headingRef: HeadingRef;
};

export function Summary({ goal, saving, failure, hasNext, onRestart, onBack, onNext, headingRef }: SummaryProps) {
  const titleId = useId();
  const beliefsId = useId();

  return (
    <section className={`${forms.card} ${styles.screen}`} aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
        {SUMMARY.title}
      </h2>

      <div className={styles.summaryGoal}>
        <p className="eyebrow">{SUMMARY.goal}</p>
        <p className={styles.quote}>«{goal.manifestGoal}»</p>
      </div>

      {goal.perfectTimeFrameLabel !== null ? (
        <div className={styles.perfectTime}>
          <p className={styles.perfectLabel}>{SUMMARY.perfect(goal.perfectTimeFrameLabel)}</p>
          <p>{SUMMARY.perfectText}</p>
        </div>
      ) : (
        <p className={styles.muted}>{SUMMARY.noPerfect}</p>
      )}

      <section className={styles.beliefs} aria-labelledby={beliefsId}>
        <h3 id={beliefsId} className={styles.subtitle}>
          {SUMMARY.hesitations}
        </h3>
        {goal.hesitations.length === 0 ? (
          <p className={styles.muted}>{SUMMARY.noHesitations}</p>
        ) : (
          <ul className={styles.hesitations}>
            {goal.hesitations.map((h, i) => (
              <li key={`${i}-${h.timeFrame.label}`}>
                <span className={styles.frameBadge}>{h.timeFrame.label}</span>
                <span>{h.belief}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className={styles.closing}>{SUMMARY.closing}</p>
      <SaveStatus saving={saving} failure={failure} />
      <div className={forms.actions}>
        <Button variant="secondary" onClick={onRestart} aria-disabled={saving || undefined}>
          {SUMMARY.restart}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={saving}>
          {SUMMARY.back}
        </Button>
        {hasNext ? <Button onClick={onNext}>{SUMMARY.next}</Button> : null}
        <ButtonLink variant="secondary" to={SYLLABUS_PATH}>
          {SUMMARY.syllabus}
        </ButtonLink>
      </div>
    </section>
  );
}
