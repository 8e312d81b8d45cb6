// /newsletter/confirmar?token=…: the link of the newsletter's confirmation mail (double opt-in). The page spends the
// link once as it opens (a mail scanner that only fetches the address runs no script and confirms nothing), takes
// the token out of the address bar, and says what happened.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorText } from '../../../api/error-text';
import { ButtonLink } from '../../../components/Button/Button';
import { IncompleteLink, MessageCard } from '../../../components/MessageCard/MessageCard';
import { useLinkToken } from '../../../lib/link-token';
import forms from '../../../styles/forms.module.css';
import { CONFIRM_ERROR, confirmSubscriptionMutation } from '../api/confirm';
import styles from '../../../styles/message-card.module.css';

export function ConfirmSubscriptionPage() {
  const token = useLinkToken();
  const confirm = useMutation(confirmSubscriptionMutation());
  const { mutate } = confirm;
  // Sent once: StrictMode's second effect and later renders must not spend the link again.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  return (
    <MessageCard
      id="confirm-title"
      pageTitle="Confirmar suscripción · Newsletter · Manifiesta"
      eyebrow="Newsletter"
      title={confirm.isSuccess ? '¡Tu suscripción está confirmada!' : 'Confirmar tu suscripción'}
    >
      {!token ? (
        <IncompleteLink />
      ) : confirm.isSuccess ? (
        <>
          <p className={styles.notice} role="status">
            {confirm.data}
          </p>
          <p className={styles.muted}>Gracias por querer recibir mis cartas. Cada una está escrita con cariño, para leerla sin apuro.</p>
          <ButtonLink to="/newsletter">Leer las cartas anteriores</ButtonLink>
        </>
      ) : confirm.isError ? (
        <>
          <p className={forms.alert} role="alert">
            {errorText(confirm.error, CONFIRM_ERROR)}
          </p>
          <ButtonLink to="/newsletter">Ir al newsletter</ButtonLink>
        </>
      ) : (
        <p className={styles.muted} role="status">
          Confirmando tu suscripción…
        </p>
      )}
    </MessageCard>
  );
}
