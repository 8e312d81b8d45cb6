// /newsletter/baja?token=…: the unsubscribe link of every marketing mail. Opening it changes nothing (link scanners
// open links): a button leaves, and then another brings her back if she changes her mind. The token leaves the
// address bar at once and stays in memory only.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorText } from '../../../api/error-text';
import { Button, ButtonLink } from '../../../components/Button/Button';
import { IncompleteLink, MessageCard } from '../../../components/MessageCard/MessageCard';
import { useLinkToken } from '../../../lib/link-token';
import forms from '../../../styles/forms.module.css';
import styles from '../../../styles/message-card.module.css';
import { RESUBSCRIBE_ERROR, resubscribeMutation, UNSUBSCRIBE_ERROR, unsubscribeMutation } from '../api/unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function UnsubscribePage() {
  const token = useLinkToken();
  // The letter whose link was followed, for its statistics (a letter's mail adds it).
  const location = useLocation();
  const [letterId] = useState(() => new URLSearchParams(location.search).get('letter') ?? undefined);
  const leave = useMutation(unsubscribeMutation());
  const back = useMutation(resubscribeMutation());
  const left = leave.isSuccess && !back.isSuccess;

  return (
    <MessageCard
      id="unsubscribe-title"
      pageTitle="Darte de baja · Newsletter · Manifiesta"
      eyebrow="Newsletter"
      title={back.isSuccess ? '¡Qué bueno que sigues aquí!' : left ? 'Listo, te diste de baja' : 'Darte de baja de las cartas'}
    >
      {!token ? (
        <IncompleteLink />
      ) : back.isSuccess ? (
        <>
          <p className={styles.notice} role="status">
            {back.data}
          </p>
          <ButtonLink to="/newsletter">Leer las cartas anteriores</ButtonLink>
        </>
      ) : left ? (
        <>
          <p className={styles.notice} role="status">
            {leave.data}
          </p>
          <p className={styles.muted}>Gracias por el tiempo que compartimos. Si fue un error o cambias de opinión, puedes volver ahora mismo.</p>
          {back.isError && (
            <p className={forms.alert} role="alert">
              {errorText(back.error, RESUBSCRIBE_ERROR)}
            </p>
          )}
          <Button variant="secondary" disabled={back.isPending} onClick={() => back.mutate(token)}>
            {back.isPending ? 'Volviendo…' : 'Volver a suscribirme'}
          </Button>
        </>
      ) : (
        <>
          <p className={styles.muted}>
            Si lo confirmas, no recibirás más cartas ni correos de novedades de Manifiesta. Los correos de tu cuenta y de tus compras seguirán llegando.
          </p>
          {leave.isError && (
            <p className={forms.alert} role="alert">
              {errorText(leave.error, UNSUBSCRIBE_ERROR)}
            </p>
          )}
          <Button disabled={leave.isPending} onClick={() => leave.mutate({ token, ...(letterId && UUID.test(letterId) ? { letterId } : {}) })}>
            {leave.isPending ? 'Dándote de baja…' : 'Darme de baja'}
          </Button>
          <ButtonLink variant="secondary" to="/newsletter">
            Mejor no, seguir recibiéndolas
          </ButtonLink>
        </>
      )}
    </MessageCard>
  );
}
