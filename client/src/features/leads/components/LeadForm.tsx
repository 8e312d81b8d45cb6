// The name + e-mail form of the download pages: prefilled from the visitor record, checked with the page's own
// messages (or not at all: the ebook form), and busy while the lead is sent. A free download's form also offers the
// letters, unticked: ticked, the same request asks for the subscription (confirmed by mail, double opt-in).
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { readVisitorRecord } from '../../../lib/visitor-record';
import { trimLead, validateLead, type LeadErrors, type LeadMessages, type LeadValues } from '../lib/validate-lead';
import forms from '../../../styles/forms.module.css';
import styles from './lead-page.module.css';

type LeadFormProps = {
  /** Names the form for assistive technology. */
  label: string;
  submitLabel: string;
  /** The page's validation messages; null sends whatever was typed (the ebook form has no validation). */
  messages: LeadMessages | null;
  pending: boolean;
  /** The failure alert, with a key that changes on every attempt so a repeated message is announced again. */
  failure?: { message: string; key: number } | null;
  /** Shows the newsletter's opt-in checkbox (unticked). */
  optIn?: boolean;
  onSubmit: (values: LeadValues, options: { newsletter: boolean }) => void;
};

export const OPT_IN_LABEL = 'Quiero recibir también las cartas del newsletter';

export function LeadForm({ label, submitLabel, messages, pending, failure, optIn = false, onSubmit }: LeadFormProps) {
  const id = useId();
  // Read once: the record prefills, and what the visitor types afterwards is theirs.
  const [values, setValues] = useState<LeadValues>(() => {
    const { nick, email } = readVisitorRecord();
    return { nick, email };
  });
  const [errors, setErrors] = useState<LeadErrors>({});
  const [newsletter, setNewsletter] = useState(false);
  const nickInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  const change = (field: keyof LeadValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = messages ? validateLead(values, messages) : {};
    setErrors(found);
    if (found.nick) nickInput.current?.focus();
    else if (found.email) emailInput.current?.focus();
    else onSubmit(trimLead(values), { newsletter: optIn && newsletter });
  };

  return (
    <form className={forms.form} onSubmit={submit} aria-label={label} noValidate>
      <Field
        id={`${id}-nick`}
        ref={nickInput}
        label="Tu nombre"
        name="nick"
        type="text"
        autoComplete="given-name"
        value={values.nick}
        onChange={change('nick')}
        error={errors.nick}
      />
      <Field
        id={`${id}-email`}
        ref={emailInput}
        label="Tu email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      {optIn ? (
        <div className={styles.optIn}>
          <input id={`${id}-newsletter`} type="checkbox" name="newsletter" checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} />
          <label htmlFor={`${id}-newsletter`}>{OPT_IN_LABEL}</label>
        </div>
      ) : null}
      {failure ? (
        <p key={failure.key} className={forms.alert} role="alert">
          {failure.message}
        </p>
      ) : null}
      <Button type="submit" className={styles.submit} disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Procesando...' : submitLabel}
      </Button>
    </form>
  );
}
