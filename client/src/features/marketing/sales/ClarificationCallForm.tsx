// The request form of the free clarification call (/reprograma, /manifiesta-call): name plus an e-mail or a
// WhatsApp number, checked before sending; the server's own words are shown on success and on failure.
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type Ref } from 'react';
import { callBody, callMutations, validateCall, type CallErrors, type CallPage, type CallValues } from './clarification-call';
import { cx } from './layout';
import styles from './call-form.module.css';
import sales from './sales.module.css';

type ClarificationCallFormProps = {
  /** Which API route receives the request. */
  page: CallPage;
  /** Names the form for assistive technology. */
  label: string;
  submitLabel?: string;
  messageLabel?: string;
};

const EMPTY: CallValues = { name: '', email: '', whatsapp: '', message: '' };

export function ClarificationCallForm({
  page,
  label,
  submitLabel = 'Quiero mi llamada gratuita',
  messageLabel = '¿Qué te gustaría cambiar en tu vida? (opcional)',
}: ClarificationCallFormProps) {
  const id = useId();
  const [values, setValues] = useState<CallValues>(EMPTY);
  const [errors, setErrors] = useState<CallErrors>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const mutation = useMutation(callMutations.request(page));

  if (mutation.isSuccess) {
    return (
      // Takes focus: the button that was pressed is gone, and keyboard users continue from here.
      <div className={styles.success} role="status" tabIndex={-1} ref={(panel) => panel?.focus()}>
        <p className={styles.successTitle}>{mutation.data}</p>
      </div>
    );
  }

  const change = (field: keyof CallValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // Typing in either contact field may already settle "email or WhatsApp".
    if (field === 'name' && errors.name) setErrors((e) => ({ ...e, name: undefined }));
    if ((field === 'email' || field === 'whatsapp') && (errors.contact || errors.email)) setErrors((e) => ({ ...e, contact: undefined, email: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = validateCall(values);
    setErrors(found);
    if (found.name) nameInput.current?.focus();
    else if (found.contact || found.email) emailInput.current?.focus();
    else mutation.mutate(callBody(values));
  };

  const contactErrorId = `${id}-contact-error`;
  const contactError = errors.contact ?? errors.email;

  return (
    <form className={styles.form} onSubmit={submit} aria-label={label} noValidate>
      <TextField
        id={`${id}-name`}
        ref={nameInput}
        label="Tu nombre"
        error={errors.name}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={change('name')}
      />
      <fieldset className={styles.contact} aria-describedby={`${id}-contact-hint`}>
        <legend className={styles.label}>¿Cómo te contactamos?</legend>
        <p id={`${id}-contact-hint`} className={styles.hint}>
          Con uno de los dos alcanza.
        </p>
        <TextField
          id={`${id}-email`}
          ref={emailInput}
          label="Tu email"
          sharedErrorId={contactError ? contactErrorId : undefined}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
        />
        <TextField
          id={`${id}-whatsapp`}
          label="Tu WhatsApp (con código de país)"
          sharedErrorId={errors.contact ? contactErrorId : undefined}
          name="whatsapp"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+54 9 351 123 4567"
          value={values.whatsapp}
          onChange={change('whatsapp')}
        />
        {contactError ? (
          <p id={contactErrorId} className={styles.fieldError}>
            {contactError}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-message`}>
          {messageLabel}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          className={styles.input}
          value={values.message}
          onChange={change('message')}
        />
      </div>
      {mutation.isError ? (
        // Keyed by the attempt, so the same message repeated is announced again.
        <p key={mutation.submittedAt} className={styles.alert} role="alert">
          {mutation.error.message}
        </p>
      ) : null}
      <button
        type="submit"
        className={cx(sales.cta, sales.primary, styles.submit)}
        disabled={mutation.isPending}
        aria-busy={mutation.isPending || undefined}
      >
        {mutation.isPending ? 'Enviando...' : submitLabel}
      </button>
    </form>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  ref?: Ref<HTMLInputElement>;
  label: string;
  /** This field's own error, shown under it. */
  error?: string;
  /** An error shown elsewhere that concerns this field too (the e-mail-or-WhatsApp rule). */
  sharedErrorId?: string;
};

function TextField({ id, label, error, sharedErrorId, ...input }: TextFieldProps) {
  const errorId = error ? `${id}-error` : sharedErrorId;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={styles.input} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...input} />
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
