// /olvidar?token=…: the link of every lead mail. One click confirms (a mail client or a scanner that opens the
// link forgets nothing); then the address and the name are forgotten, or, when the address has an account, the
// page says to delete the account from Mi cuenta.
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../../api/error-text';
import { Button, ButtonLink } from '../../../components/Button/Button';
import { IncompleteLink, MessageCard } from '../../../components/MessageCard/MessageCard';
import forms from '../../../styles/forms.module.css';
import { erasureMutations, FORGET_ERROR } from '../api/erasure-mutations';
import styles from '../../../styles/message-card.module.css';

export function ForgetLeadPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const forget = useMutation(erasureMutations.forgetLead());

  return (
    <MessageCard id="forget-title" pageTitle="Darme de baja · Manifiesta" eyebrow="Tus datos" title="Darme de baja y olvidar mi dirección">
      {!token ? (
        <IncompleteLink />
      ) : forget.isSuccess ? (
        <>
          <p className={styles.notice} role="status">
            {forget.data.message}
          </p>
          {forget.data.hasAccount ? <ButtonLink to="/mi-cuenta">Ir a Mi cuenta</ButtonLink> : <ButtonLink to="/menu">Volver al inicio</ButtonLink>}
        </>
      ) : (
        <>
          <p>
            Si confirmas, dejaremos de escribirte y olvidaremos tu dirección de correo y tu nombre: no quedarán legibles en ningún lugar de nuestro sistema.
          </p>
          <p className={styles.muted}>Si más adelante quieres volver a recibir algo, puedes dejar tus datos de nuevo cuando quieras.</p>
          {forget.isError ? (
            <p className={forms.alert} role="alert">
              {errorText(forget.error, FORGET_ERROR)}
            </p>
          ) : null}
          <Button onClick={() => forget.mutate(token)} disabled={forget.isPending}>
            {forget.isPending ? 'Un momento…' : 'Sí, darme de baja y olvidarme'}
          </Button>
        </>
      )}
    </MessageCard>
  );
}
