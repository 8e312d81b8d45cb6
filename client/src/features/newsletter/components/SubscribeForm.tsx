// The subscription form: name and e-mail, both required; 'Procesando...' while
// it is sent; then the server's message, or its error (a network failure gets ours: never the browser's
// English). Shown only to signed-out visitors.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { SUBSCRIBE_ERROR, subscribeMutation } from '../api/subscribe';
import { useIsSignedOutVisitor } from '../visitor';
import forms from '../../../styles/forms.module.css';
import messages from './messages.module.css';
import styles from './SubscribeForm.module.css';

export function SubscribeForm() {
  return useIsSignedOutVisitor() ? <SubscribeFormBody /> : null;
}

function SubscribeFormBody() {
  const id = useId();
  const [nick, setNick] = useState('');
  const [email, setEmail] = useState('');
  const subscription = useMutation({
    ...subscribeMutation(),
    onSuccess: () => {
      setNick('');
      setEmail('');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    subscription.mutate({ nick, email });
  }

  const busy = subscription.isPending;
  return (
    <section className={styles.subscribe} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Recibe la próxima carta
      </h2>
      <p className={styles.lead}>Una carta por semana en tu correo: una historia, una idea y una práctica sencilla para tu día a día.</p>
      <form className={`${forms.form} ${styles.form}`} onSubmit={submit}>
        {/* Both fields are required; the e-mail one is of e-mail type, the browser's only check. */}
        <Field label="Tu nombre" name="nick" autoComplete="given-name" required value={nick} onChange={(event) => setNick(event.target.value)} />
        <Field
          label="Tu correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" className={styles.submit} disabled={busy}>
          {busy ? 'Procesando...' : 'Suscribirme'}
        </Button>
      </form>
      {subscription.isSuccess ? (
        <p className={messages.notice} role="status">
          {subscription.data}
        </p>
      ) : null}
      {subscription.isError ? (
        <p className={messages.error} role="alert">
          {subscription.error instanceof ApiError ? subscription.error.message : SUBSCRIBE_ERROR}
        </p>
      ) : null}
    </section>
  );
}
