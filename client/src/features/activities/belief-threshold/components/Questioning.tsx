// questioning and reflection: the question for one time frame, with the way through the ten frames, and,
// after a doubt, the belief behind it.
import { useId } from 'react';
import { MAX_BELIEF, TIME_FRAMES, type BeliefGoal } from '../../../../../../course/belief-threshold';
import { Button } from '../../../../components/Button/Button';
import forms from '../../../../styles/forms.module.css';
import parts from '../../components/activity-parts.module.css';
import styles from './BeliefThreshold.module.css';
import { QUESTIONING, REFLECTION } from './copy';
import { SaveStatus, WritingForm, type HeadingRef, type SaveState } from './parts';

/** Where the questioning is among the ten frames: 'Plazo n de 10', a bar, and the frames themselves. */
function FrameProgress({ index }: { index: number }) {
  const count = TIME_FRAMES.length;
  const frame = TIME_FRAMES[index]!;
  return (
    <div className={styles.progress}>
      <p className="eyebrow">{QUESTIONING.step(index + 1, count)}</p>
      <div
        className={parts.meter}
        role="progressbar"
        aria-label={QUESTIONING.progressLabel}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={index + 1}
        aria-valuetext={`${QUESTIONING.step(index + 1, count)}: ${frame.label}`}
      >
        <span style={{ width: `${((index + 1) / count) * 100}%` }} />
      </div>
      <ol className={styles.frames} aria-hidden="true">
        {TIME_FRAMES.map((f, i) => (
          <li key={f.label} data-state={i < index ? 'past' : i === index ? 'current' : 'next'}>
            {f.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

type QuestionProps = Pick<SaveState, 'saving' | 'failure'> & {
  goal: BeliefGoal;
  onDoubt: () => void;
  onYes: () => void;
  onPerfect: () => void;
  onBack: () => void;
  headingRef: HeadingRef;
};

export function Question({ goal, saving, failure, onDoubt, onYes, onPerfect, onBack, headingRef }: QuestionProps) {
  const titleId = useId();
  const frame = TIME_FRAMES[goal.currentTimeIndex]!;
  // Not `disabled` while saving: that would drop the focus from the button just pressed.
  const busy = saving || undefined;
  const unlessSaving = (action: () => void) => () => {
    if (!saving) action();
  };

  return (
    <section className={`${forms.card} ${styles.screen}`} aria-labelledby={titleId}>
      <FrameProgress index={goal.currentTimeIndex} />
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.question}>
        {QUESTIONING.question(goal.manifestGoal, frame.label)}
      </h2>
      <p className={styles.muted}>{QUESTIONING.hint(frame.label)}</p>
      <SaveStatus saving={saving} failure={failure} />
      <div className={styles.answers}>
        <Button variant="secondary" onClick={unlessSaving(onDoubt)} aria-disabled={busy}>
          {QUESTIONING.doubt}
        </Button>
        <Button onClick={unlessSaving(onYes)} aria-disabled={busy}>
          {QUESTIONING.yes}
        </Button>
        <Button className={styles.perfect} onClick={unlessSaving(onPerfect)} aria-disabled={busy}>
          {QUESTIONING.perfect}
        </Button>
      </div>
      <button type="button" className={styles.link} onClick={onBack} disabled={saving}>
        {QUESTIONING.back}
      </button>
    </section>
  );
}

type ReflectionProps = SaveState & {
  goal: BeliefGoal;
  onSubmit: (belief: string) => void;
  onEdit: () => void;
  onBack: () => void;
  headingRef: HeadingRef;
};

export function Reflection({ goal, ...props }: ReflectionProps) {
  return (
    <WritingForm
      {...props}
      copy={REFLECTION}
      lead={REFLECTION.lead(TIME_FRAMES[goal.currentTimeIndex]!.label)}
      maxLength={MAX_BELIEF}
      rows={5}
      top={<FrameProgress index={goal.currentTimeIndex} />}
    />
  );
}
