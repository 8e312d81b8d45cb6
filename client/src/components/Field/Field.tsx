// One labelled input for every form of the site: the label, the input, a hint under it and its own error, tied
// together for assistive technology (the hint and the error describe the input; an error makes it invalid).
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import forms from '../../styles/forms.module.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  ref?: Ref<HTMLInputElement>;
  /** A line under the input that helps to fill it in. */
  hint?: string;
  /** This field's own error, shown under it. */
  error?: string;
  /** The id of an error shown elsewhere that concerns this field too (one message for two fields). */
  errorElsewhere?: string;
};

export function Field({ id: given, label, hint, error, errorElsewhere, ...input }: FieldProps) {
  const generated = useId();
  const id = given ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : errorElsewhere;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={forms.input} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={hintId} className={forms.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={forms.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
