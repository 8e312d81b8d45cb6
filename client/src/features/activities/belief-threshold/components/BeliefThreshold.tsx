// umbral-de-creencia (activity 8): the learner's goals, then one goal
// asked about over ten time frames until the body says «sí», the doubts written down on the way, and a
// summary. A learner's goal is saved whole on the server at every change; a guest's lives only in this page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { ApiError } from '../../../../api/errors';
import { Button } from '../../../../components/Button/Button';
import { Loading } from '../../../../components/Loading/Loading';
import { beliefThresholdMutations, beliefThresholdQueries, DELETE_GOAL_ERROR, LOAD_GOALS_ERROR, SAVE_GOAL_ERROR, withSavedGoal, type GoalDraft } from '../api/belief-threshold-queries';
import { activityPath } from '../../lib/paths';
import { isExpired, useExpiredOnLoad } from '../../lib/session-expiry';
import type { ActivityBodyProps } from '../../lib/types';
import styles from './BeliefThreshold.module.css';
import { FINISH_FAILED, GOAL_INPUT, LOADING, RETRY } from './copy';
import { GoalManagement } from './GoalManagement';
import { WritingForm } from './parts';
import { Question, Reflection } from './Questioning';
import { Summary } from './Summary';

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

/** A guest's goal never reaches the server: it only needs an id to be told apart in this page. */
const GUEST_GOAL_ID = 'invitado';

type Screen = 'management' | 'goalInput' | 'questioning' | 'reflection' | 'summary';

export default function BeliefThreshold(props: ActivityBodyProps) {
  const { signedIn, sessionExpired } = props;
  const stored = useQuery({ ...beliefThresholdQueries.goals(), enabled: signedIn });
  const expiredOnLoad = useExpiredOnLoad(signedIn, stored, sessionExpired);

  if (!signedIn) return <Session key="guest" {...props} goals={[]} />;
  if (stored.data !== undefined) return <Session key="user" {...props} goals={stored.data} />;
  if (stored.isError && !expiredOnLoad) {
    return (
      <div className={styles.failure} role="alert">
        <p>{messageOf(stored.error, LOAD_GOALS_ERROR)}</p>
        <Button variant="secondary" onClick={() => void stored.refetch()}>
          {RETRY}
        </Button>
      </div>
    );
  }
  return <Loading label={LOADING} />;
}

type SessionProps = ActivityBodyProps & { goals: readonly BeliefGoal[] };

function Session({ activity, text, goals, signedIn, done, complete, goNext, hasNext, sessionExpired }: SessionProps) {
  const queryClient = useQueryClient();
  const { mutateAsync: saveGoal } = useMutation(beliefThresholdMutations.saveGoal());
  const { mutateAsync: deleteGoal } = useMutation(beliefThresholdMutations.deleteGoal());
  const goalsKey = beliefThresholdQueries.goals().queryKey;

  const [screen, setScreen] = useState<Screen>('management');
  const [goal, setGoal] = useState<BeliefGoal | null>(null);
  const [saving, setSaving] = useState(false);
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
    completion.current ??= complete().then(
      () => true,
      async (error: unknown) => {
        completion.current = null;
        if (isExpired(error)) await sessionExpired();
        else console.error('No se pudo marcar la actividad como completada.', error);
        return false;
      },
    );
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
    setSaving(true);
    setFailure(null);
    setInvalid(null);
    // Once per activity: a second press while it is on its way waits for the same completion.
    const completed = await completeOnce();
    setSaving(false);
    moved.current = true;
    if (completed) {
      setScreen('summary');
    } else {
      setScreen('questioning');
      setFailure({ message: FINISH_FAILED, retry: () => show('summary') });
    }
  };

  /** Saves the whole goal (a learner's, on the server), then goes on with what was saved. */
  const persist = async (draft: GoalDraft, then: (saved: BeliefGoal) => void): Promise<void> => {
    if (savingRef.current) return;
    if (!signedIn) {
      then({ ...draft, id: draft.id ?? GUEST_GOAL_ID });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    setFailure(null);
    let saved: BeliefGoal;
    try {
      saved = await saveGoal(draft);
      queryClient.setQueryData(goalsKey, (old) => withSavedGoal(old, saved));
    } catch (error) {
      if (isExpired(error)) await sessionExpired();
      else setFailure({ message: messageOf(error, SAVE_GOAL_ERROR), retry: () => void persist(draft, then) });
      return;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
    // After the save is over: what comes next may save again (the completion on the way to the summary).
    then(saved);
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
    void persist(draft, (saved) => goTo(saved, 'questioning'));
  };

  const open = (chosen: BeliefGoal) => goTo(chosen, isGoalDone(chosen) ? 'summary' : 'questioning');

  const remove = async (chosen: BeliefGoal): Promise<string | null> => {
    try {
      await deleteGoal(chosen.id);
      queryClient.setQueryData(goalsKey, (old) => old?.filter((g) => g.id !== chosen.id));
      return null;
    } catch (error) {
      if (isExpired(error)) {
        await sessionExpired();
        return null;
      }
      return messageOf(error, DELETE_GOAL_ERROR);
    }
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
        signedIn={signedIn}
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
        onRestart={() => void persist(restart(current), (saved) => goTo(saved, 'questioning'))}
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
          void persist(next, (saved) => goTo(saved, step.screen));
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
        else void persist({ ...current, currentTimeIndex: step.index }, (saved) => goTo(saved, 'questioning'));
      }}
      onPerfect={() => void persist(choosePerfect(current), (saved) => goTo(saved, 'summary'))}
      onBack={backToGoals}
      headingRef={headingRef}
    />
  );
}
