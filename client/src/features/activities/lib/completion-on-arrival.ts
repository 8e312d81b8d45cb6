// A summary is shown only for an activity that the syllabus counts as completed. Someone whose saved
// answers already make an activity finished (all 12 scores, all 12 texts) but who left before its finish
// button comes back to an activity that is not completed: arriving records the completion, exactly as the
// finish button would (idempotent on the server; a guest's in this browser), and only then is the summary
// shown. If the completion is refused (a lock, a failure), they are put on the last step, whose finish
// button tries again and says what went wrong.
import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * The first view of an activity with a summary: the summary when the saved answers make it finished and it
 * is completed, 'arriving' when they make it finished but it is not (the completion is being recorded), else
 * the activity's own first view.
 */
export function arrivalView<V extends string>(finished: boolean, done: boolean, otherwise: V): V | 'summary' | 'arriving' {
  if (!finished) return otherwise;
  return done ? 'summary' : 'arriving';
}

/**
 * While `arriving`, completes the activity once (even under StrictMode's second effect run) with `record`,
 * which resolves to whether it worked and handles a 401 itself, then hands the outcome to `settle`.
 */
export function useCompletionOnArrival(arriving: boolean, record: () => Promise<boolean>, settle: (recorded: boolean) => void): void {
  const started = useRef(false);
  const arrive = useEffectEvent(() => void record().then(settle));
  useEffect(() => {
    if (!arriving || started.current) return;
    started.current = true;
    arrive();
  }, [arriving]);
}
