// A guest's way to the next activity: create an account, sign in, or go on as a guest (this browser only).
import type { Activity } from '../../../../../course/syllabus';
import { Button, ButtonLink } from '../../../components/Button/Button';
import { Modal } from '../../../components/Modal/Modal';
import { accountPath } from '../lib/paths';
import forms from '../../../styles/forms.module.css';
import parts from './activity-parts.module.css';
import styles from './Activity.module.css';

type NextActivityDialogProps = {
  next: Activity;
  /** This page's path: signing up or in comes back here. */
  here: string;
  onContinueAsGuest: () => void;
  onClose: () => void;
};

export function NextActivityDialog({ next, here, onContinueAsGuest, onClose }: NextActivityDialogProps) {
  return (
    <Modal title="¿Guardamos tu progreso?" onClose={onClose}>
      <p className={styles.dialogText}>
        Vas muy bien. Crea tu cuenta gratis y tu avance quedará guardado para retomarlo desde cualquier dispositivo. Lo que hiciste como invitado se suma a tu
        cuenta al iniciar sesión.
      </p>
      <div className={forms.actions}>
        <ButtonLink to={accountPath('/signup', here)}>Crear Cuenta Gratis</ButtonLink>
        <ButtonLink to={accountPath('/login', here)} variant="secondary">
          Ya tengo cuenta
        </ButtonLink>
      </div>
      <div className={styles.guestChoice}>
        <Button variant="secondary" onClick={onContinueAsGuest}>
          Seguir como invitado
        </Button>
        <p className={parts.note}>
          Tu progreso se guardará solo en este navegador: si borras sus datos o cambias de dispositivo, lo perderás. Sigues con «{next.title}».
        </p>
      </div>
    </Modal>
  );
}
