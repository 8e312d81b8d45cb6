// The first screen: what the threshold is, the learner's goals (done with their perfect time, or in
// progress), a new one, and deleting one after saying it cannot be undone. A guest's list is always empty.
import { useEffect, useId, useState } from 'react';
import { DELETE_CONFIRM, IN_PROGRESS, isGoalDone, type BeliefGoal } from '../../../../../../course/belief-threshold';
import { Button, ButtonLink } from '../../../../components/Button/Button';
import { Modal } from '../../../../components/Modal/Modal';
import { accountPath } from '../../lib/paths';
import forms from '../../../../styles/forms.module.css';
import parts from '../../components/activity-parts.module.css';
import styles from './BeliefThreshold.module.css';
import { DELETE_DIALOG, INTRO, MANAGEMENT } from './copy';
import type { HeadingRef } from './parts';

type GoalManagementProps = {
  /** What the threshold is and how it works: the server's text (a paid activity's never ships in the bundle). */
  intro: readonly string[];
  goals: readonly BeliefGoal[];
  /** A guest's goals are not kept: they are asked to sign up or in instead of shown a list. */
  guest: boolean;
  /** This page: signing up or in comes back here. */
  here: string;
  onAdd: () => void;
  onOpen: (goal: BeliefGoal) => void;
  /** Deletes the goal; the message to show when it failed, or null. */
  onDelete: (goal: BeliefGoal) => Promise<string | null>;
  headingRef: HeadingRef;
};

export function GoalManagement({ intro, goals, guest, here, onAdd, onOpen, onDelete, headingRef }: GoalManagementProps) {
  const introId = useId();
  const listId = useId();
  const [deleting, setDeleting] = useState<BeliefGoal | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // The focus goes to the list's heading once a goal (and the button that opened the dialog) is gone.
  const [deletions, setDeletions] = useState(0);
  useEffect(() => {
    if (deletions > 0) headingRef.current?.focus();
  }, [deletions, headingRef]);

  const closeDialog = () => {
    setDeleting(null);
    setDeleteError(null);
  };

  const confirmDelete = async () => {
    if (!deleting || deletePending) return;
    setDeletePending(true);
    setDeleteError(null);
    const error = await onDelete(deleting);
    setDeletePending(false);
    if (error) {
      setDeleteError(error);
      return;
    }
    closeDialog();
    setDeletions((n) => n + 1);
  };

  return (
    <div className={parts.body}>
      <section className={styles.intro} aria-labelledby={introId}>
        <h2 id={introId} className={styles.introTitle}>
          {INTRO.title}
        </h2>
        {intro.map((paragraph, index) => (
          <p key={paragraph.slice(0, 24)} className={index === 0 ? parts.lead : undefined}>
            {paragraph}
          </p>
        ))}
      </section>

      <section className={`${forms.card} ${styles.screen}`} aria-labelledby={listId}>
        <h2 id={listId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {MANAGEMENT.title}
        </h2>

        {guest ? (
          <div className={styles.guestNote}>
            <p>{MANAGEMENT.guestNote}</p>
            <div className={forms.actions}>
              <ButtonLink to={accountPath('/signup', here)}>{MANAGEMENT.signup}</ButtonLink>
              <ButtonLink to={accountPath('/login', here)} variant="secondary">
                {MANAGEMENT.login}
              </ButtonLink>
            </div>
          </div>
        ) : goals.length === 0 ? (
          <p className={styles.muted}>{MANAGEMENT.empty}</p>
        ) : (
          <ul className={styles.goals}>
            {goals.map((goal) => (
              <li key={goal.id} className={styles.goal}>
                <p className={styles.goalText}>{goal.manifestGoal}</p>
                <p className={styles.goalStatus} data-status={isGoalDone(goal) ? 'done' : 'progress'}>
                  {isGoalDone(goal) ? (
                    <>
                      <span aria-hidden="true">✓ </span>
                      {MANAGEMENT.doneStatus(goal.perfectTimeFrameLabel!)}
                    </>
                  ) : (
                    IN_PROGRESS
                  )}
                </p>
                <div className={styles.goalActions}>
                  <Button variant="secondary" onClick={() => onOpen(goal)}>
                    {isGoalDone(goal) ? MANAGEMENT.review : MANAGEMENT.resume}
                  </Button>
                  <button type="button" className={styles.remove} aria-label={MANAGEMENT.removeLabel(goal.manifestGoal)} onClick={() => setDeleting(goal)}>
                    {MANAGEMENT.remove}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}

        <div className={forms.actions}>
          <Button onClick={onAdd}>{MANAGEMENT.add}</Button>
        </div>
      </section>

      {deleting ? (
        <Modal title={DELETE_DIALOG.title} onClose={closeDialog}>
          <p>{DELETE_CONFIRM}</p>
          <p className={styles.quote}>«{deleting.manifestGoal}»</p>
          {deleteError ? (
            <p className={forms.error} role="alert">
              {deleteError}
            </p>
          ) : null}
          <div className={forms.actions}>
            <Button variant="secondary" onClick={closeDialog}>
              {DELETE_DIALOG.cancel}
            </Button>
            <Button className={styles.danger} onClick={() => void confirmDelete()} aria-disabled={deletePending || undefined}>
              {deletePending ? DELETE_DIALOG.deleting : DELETE_DIALOG.confirm}
            </Button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
