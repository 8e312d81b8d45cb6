import { useId, type InputHTMLAttributes } from 'react';
import styles from './auth.module.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  hint?: string;
};

/**
 * A labelled input. Required fields say so to assistive technology (aria-required) but not to the browser:
 * the form's own messages ('Por favor, completa ambos campos.') must be the ones the visitor sees.
 */
export function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={styles.input} aria-required="true" aria-describedby={hintId} {...input} />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
