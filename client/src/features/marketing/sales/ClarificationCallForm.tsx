// The request form of the free clarification call (/reprograma, /manifiesta-call): name plus an e-mail or a
// WhatsApp number, checked before sending; the server's own words are shown on success and on failure.
//
// The sending state is kept here rather than in a TanStack Query mutation: nothing is cached or invalidated by
// this request, and the sales pages that carry the form then load without the query library (on /reprograma it
// was there for this form alone, fetched and compiled before the first paint).
import { useId, useRef, useState, type FormEvent } from 'react';
import { callBody, requestClarificationCall, validateCall, type CallBody, type CallErrors, type CallPage, type CallValues } from './clarification-call';
import { Field } from '../../../components/Field/Field';
import forms from '../../../styles/forms.module.css';
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

/** Where the request stands; a failure carries its attempt, so the same message repeated is announced again. */
type Sending = { state: 'idle' } | { state: 'pending' } | { state: 'sent'; message: string } | { state: 'failed'; message: string; attempt: number };

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
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const attempts = useRef(0);

  if (sending.state === 'sent') {
    return (
      // Takes focus: the button that was pressed is gone, and keyboard users continue from here.
      <div className={styles.success} role="status" tabIndex={-1} ref={(panel) => panel?.focus()}>
        <p className={styles.successTitle}>{sending.message}</p>
      </div>
    );
  }

  const pending = sending.state === 'pending';
  const send = (body: CallBody) => {
    attempts.current += 1;
    const attempt = attempts.current;
    setSending({ state: 'pending' });
    requestClarificationCall(page, body).then(
      (message) => setSending({ state: 'sent', message }),
      // An ApiError with the server's message, or the form's own for a request that never arrived.
      (error: Error) => setSending({ state: 'failed', message: error.message, attempt }),
    );
  };

  const change = (field: keyof CallValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // Typing in either contact field may already settle "email or WhatsApp".
    if (field === 'name' && errors.name) setErrors((e) => ({ ...e, name: undefined }));
    if ((field === 'email' || field === 'whatsapp') && (errors.contact || errors.email)) setErrors((e) => ({ ...e, contact: undefined, email: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validateCall(values);
    setErrors(found);
    if (found.name) nameInput.current?.focus();
    else if (found.contact || found.email) emailInput.current?.focus();
    else send(callBody(values));
  };

  const contactErrorId = `${id}-contact-error`;
  const contactError = errors.contact ?? errors.email;

  return (
    <form className={cx(forms.card, styles.form)} onSubmit={submit} aria-label={label} noValidate>
      <Field
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
        <legend className={styles.legend}>¿Cómo te contactamos?</legend>
        <p id={`${id}-contact-hint`} className={styles.hint}>
          Con uno de los dos alcanza.
        </p>
        <Field
          id={`${id}-email`}
          ref={emailInput}
          label="Tu email"
          errorElsewhere={contactError ? contactErrorId : undefined}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
        />
        <Field
          id={`${id}-whatsapp`}
          label="Tu WhatsApp (con código de país)"
          errorElsewhere={errors.contact ? contactErrorId : undefined}
          name="whatsapp"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+54 9 351 123 4567"
          value={values.whatsapp}
          onChange={change('whatsapp')}
        />
        {contactError ? (
          <p id={contactErrorId} className={forms.fieldError}>
            {contactError}
          </p>
        ) : null}
      </fieldset>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-message`}>
          {messageLabel}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          className={cx(forms.input, styles.message)}
          value={values.message}
          onChange={change('message')}
        />
      </div>
      {sending.state === 'failed' ? (
        // Keyed by the attempt, so the same message repeated is announced again.
        <p key={sending.attempt} className={styles.alert} role="alert">
          {sending.message}
        </p>
      ) : null}
      <button type="submit" className={cx(sales.cta, sales.primary, styles.submit)} disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Enviando...' : submitLabel}
      </button>
    </form>
  );
}
