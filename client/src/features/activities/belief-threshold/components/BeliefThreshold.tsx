// umbral-de-creencia (activity 8): the learner's goals, then one goal
// asked about over ten time frames until the body says «sí», the doubts written down on the way, and a
// summary. A learner's goal is saved whole on the server at every change; a guest's lives only in this page.
import { useEffect, useRef, useState } from 'react';
import {
  addHesitation,
  advance,
  BELIEF_REQUIRED,
  choosePerfect,
  GOAL_TOO_SHORT,
  isGoalDone,
  isValidGoalText,
  MAX_GOAL,
  restart,
  type BeliefGoal,
} from '../../../../../../course/belief-threshold';
import { errorText } from '../../../../api/error-text';
import { Button } from '../../../../components/Button/Button';
import { Loading } from '../../../../components/Loading/Loading';
import type { ActivityBodyProps } from '../../../../lib/activity/body';
import { useActivityStore } from '../../../../lib/activity/store';
import { useActivityData } from '../../../../lib/activity/use-activity-data';
import { useActivityCompletion, useActivityWrite } from '../../../../lib/activity/use-activity-write';
import { activityPath } from '../../../../lib/course-paths';
import { LOAD_GOALS_ERROR, type GoalDraft } from '../api/belief-threshold-queries';
import { beliefThresholdCompletion, deleteGoal, goals as storedGoals, saveGoal } from '../api/belief-threshold-store';
import styles from './BeliefThreshold.module.css';
import { FINISH_FAILED, GOAL_INPUT, LOADING, RETRY } from './copy';
import { GoalManagement } from './GoalManagement';
import { WritingForm } from './parts';
import { Question, Reflection } from './Questioning';
import { Summary } from './Summary';

type Screen = 'management' | 'goalInput' | 'questioning' | 'reflection' | 'summary';

export default function BeliefThreshold(props: ActivityBodyProps) {
  const stored = useActivityData(storedGoals);
  if (stored.status === 'ready') return <Session {...props} goals={stored.data} />;
  if (stored.status === 'failed') {
    return (
      <div className={styles.failure} role="alert">
        <p>{errorText(stored.error, LOAD_GOALS_ERROR)}</p>
        <Button variant="secondary" onClick={stored.retry}>
          {RETRY}
        </Button>
      </div>
    );
  }
  return <Loading label={LOADING} />;
}

type SessionProps = ActivityBodyProps & { goals: readonly BeliefGoal[] };

function Session({ activity, text, goals, done, goNext, hasNext }: SessionProps) {
  const { where } = useActivityStore();
  const goalSave = useActivityWrite(saveGoal);
  const removal = useActivityWrite(deleteGoal);
  const completeActivity = useActivityCompletion(beliefThresholdCompletion);

  const [screen, setScreen] = useState<Screen>('management');
  const [goal, setGoal] = useState<BeliefGoal | null>(null);
  // On the way to the summary (its completion); a goal is saving while its write is on its way to the server.
  const [arriving, setArriving] = useState(false);
  const saving = arriving || goalSave.pending;
  const savingRef = useRef(false);
  // A failed save: the server's words, and the same save to try again.
  const [failure, setFailure] = useState<{ message: string; retry: () => void } | null>(null);
  // What the visitor must fix before anything is sent (GOAL_TOO_SHORT, BELIEF_REQUIRED).
  const [invalid, setInvalid] = useState<string | null>(null);

  // After a visitor's action, the focus goes to the heading of what is now shown (not on the first render).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const index = goal?.currentTimeIndex ?? 0;
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [screen, index]);

  // The activity completes the first time a summary is reached, and a summary is shown only once the
  // syllabus counts the activity as completed. Resolves to whether it is completed.
  const completion = useRef<Promise<boolean> | null>(done ? Promise.resolve(true) : null);
  const completeOnce = () => {
    completion.current ??= completeActivity().then(({ ok }) => {
      if (!ok) completion.current = null;
      return ok;
    });
    return completion.current;
  };

  const show = (next: Screen) => {
    if (next === 'summary') {
      void arriveAtSummary();
      return;
    }
    moved.current = true;
    setScreen(next);
    setFailure(null);
    setInvalid(null);
  };

  /**
   * The summary once the completion is recorded; if it cannot be, the learner stays on the goal's last
   * question, told so, with the same arrival to try again.
   */
  const arriveAtSummary = async () => {
    setArriving(true);
    setFailure(null);
    setInvalid(null);
    // Once per activity: a second press while it is on its way waits for the same completion.
    const completed = await completeOnce();
    setArriving(false);
    moved.current = true;
    if (completed) {
      setScreen('summary');
    } else {
      setScreen('questioning');
      setFailure({ message: FINISH_FAILED, retry: () => show('summary') });
    }
  };

  /**
   * Saves the whole goal, then goes on with what was saved: a guest's at once, in the same event, a learner's once
   * the server has it.
   */
  const persist = (draft: GoalDraft, then: (saved: BeliefGoal) => void) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setFailure(null);
    void goalSave.run(draft, {
      then: (saved) => {
        savingRef.current = false;
        if (!saved.ok) {
          if (saved.message) setFailure({ message: saved.message, retry: () => persist(draft, then) });
          return;
        }
        // After the save is over: what comes next may save again (the completion on the way to the summary).
        then(saved.value);
      },
    });
  };

  const goTo = (saved: BeliefGoal, next: Screen) => {
    setGoal(saved);
    show(next);
  };

  const submitGoal = (text: string) => {
    if (!isValidGoalText(text)) {
      setInvalid(GOAL_TOO_SHORT);
      return;
    }
    const draft: GoalDraft = { manifestGoal: text.trim(), hesitations: [], currentTimeIndex: 0, perfectTimeFrameLabel: null, perfectTimeFrameYears: null };
    persist(draft, (saved) => goTo(saved, 'questioning'));
  };

  const open = (chosen: BeliefGoal) => goTo(chosen, isGoalDone(chosen) ? 'summary' : 'questioning');

  /** The message to show when the deletion failed, or null. */
  const remove = async (chosen: BeliefGoal): Promise<string | null> => {
    const removed = await removal.run(chosen.id);
    return removed.ok ? null : removed.message;
  };

  // The summary is only ever shown once the activity is completed.
  const goOn = () => goNext();

  const backToGoals = () => {
    setGoal(null);
    show('management');
  };

  if (screen === 'management' || (goal === null && screen !== 'goalInput')) {
    return (
      <GoalManagement
        intro={text?.intro ?? []}
        goals={goals}
        guest={where === 'browser'}
        here={activityPath(activity.slug)}
        onAdd={() => show('goalInput')}
        onOpen={open}
        onDelete={remove}
        headingRef={headingRef}
      />
    );
  }

  const saveState = { saving, failure, invalid };

  if (screen === 'goalInput') {
    return (
      <WritingForm
        {...saveState}
        copy={GOAL_INPUT}
        lead={GOAL_INPUT.lead}
        maxLength={MAX_GOAL}
        rows={3}
        onSubmit={submitGoal}
        onEdit={() => setInvalid(null)}
        onBack={backToGoals}
        headingRef={headingRef}
      />
    );
  }

  const current = goal!;
  if (screen === 'summary') {
    return (
      <Summary
        goal={current}
        {...saveState}
        hasNext={hasNext}
        onRestart={() => persist(restart(current), (saved) => goTo(saved, 'questioning'))}
        onBack={backToGoals}
        onNext={goOn}
        headingRef={headingRef}
      />
    );
  }

  if (screen === 'reflection') {
    return (
      <Reflection
        goal={current}
        {...saveState}
        onSubmit={(belief) => {
          if (!belief.trim()) {
            setInvalid(BELIEF_REQUIRED);
            return;
          }
          const { goal: next, step } = addHesitation(current, belief);
          persist(next, (saved) => goTo(saved, step.screen));
        }}
        onEdit={() => setInvalid(null)}
        onBack={() => show('questioning')}
        headingRef={headingRef}
      />
    );
  }

  return (
    <Question
      goal={current}
      {...saveState}
      onDoubt={() => show('reflection')}
      onYes={() => {
        const step = advance(current.currentTimeIndex);
        if (step.screen === 'summary') show('summary');
        else persist({ ...current, currentTimeIndex: step.index }, (saved) => goTo(saved, 'questioning'));
      }}
      onPerfect={() => persist(choosePerfect(current), (saved) => goTo(saved, 'summary'))}
      onBack={backToGoals}
      headingRef={headingRef}
    />
  );
}
