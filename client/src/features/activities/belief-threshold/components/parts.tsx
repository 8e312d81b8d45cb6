// Pieces the screens of the belief threshold share: how a save is going, what went wrong, and the form
// that asks for one text (the goal, or the belief behind a doubt).
import { useId, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '../../../../components/Button/Button';
import forms from '../../../../styles/forms.module.css';
import parts from '../../components/activity-parts.module.css';
import styles from './BeliefThreshold.module.css';
import { RETRY, SAVING } from './copy';

export type HeadingRef = RefObject<HTMLHeadingElement | null>;

export type SaveState = {
  saving: boolean;
  /** The last save failed: the server's message, and the same save again. */
  failure: { message: string; retry: () => void } | null;
  /** What must be fixed before anything is sent. */
  invalid: string | null;
};

/** 'Guardando...' while a save is on its way, and a failed save with a way to try it again. */
export function SaveStatus({ saving, failure }: Pick<SaveState, 'saving' | 'failure'>) {
  return (
    <>
      <p className={styles.status} role="status" aria-live="polite">
        {saving ? SAVING : ''}
      </p>
      {failure ? (
        <div className={styles.failure} role="alert">
          <p>{failure.message}</p>
          <Button variant="secondary" onClick={failure.retry} disabled={saving}>
            {RETRY}
          </Button>
        </div>
      ) : null}
    </>
  );
}

type WritingFormProps = SaveState & {
  copy: { title: string; label: string; placeholder: string; submit: string; back: string };
  lead: string;
  maxLength: number;
  rows: number;
  /** Shown above the title (the questioning's progress). */
  top?: ReactNode;
  /** Checks and sends the text as written; the caller trims it. */
  onSubmit: (text: string) => void;
  /** The text changed: an earlier complaint about it no longer holds. */
  onEdit: () => void;
  onBack: () => void;
  headingRef: HeadingRef;
};

export function WritingForm({ copy, lead, maxLength, rows, top, saving, failure, invalid, onSubmit, onEdit, onBack, headingRef }: WritingFormProps) {
  const fieldId = useId();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit(text);
  };

  return (
    <form className={`${forms.card} ${styles.screen}`} onSubmit={submit} noValidate aria-labelledby={`${fieldId}-title`}>
      {top}
      <h2 id={`${fieldId}-title`} ref={headingRef} tabIndex={-1} className={styles.title}>
        {copy.title}
      </h2>
      <p className={parts.lead}>{lead}</p>
      <label className={parts.label} htmlFor={fieldId}>
        {copy.label}
      </label>
      <textarea
        id={fieldId}
        className={`${forms.textarea} ${styles.answer}`}
        rows={rows}
        maxLength={maxLength}
        value={text}
        placeholder={copy.placeholder}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${fieldId}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onEdit();
        }}
      />
      {invalid ? (
        <p id={`${fieldId}-error`} className={forms.error} role="alert">
          {invalid}
        </p>
      ) : null}
      <SaveStatus saving={saving} failure={failure} />
      <div className={forms.actions}>
        {/* Not `disabled` while saving: that would drop the focus from the button just pressed. */}
        <Button type="submit" aria-disabled={saving || undefined}>
          {copy.submit}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={saving}>
          {copy.back}
        </Button>
      </div>
    </form>
  );
}
