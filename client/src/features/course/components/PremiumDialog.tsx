// Shown when a locked paid activity is chosen: a guest is invited to create an account or to sign in; a
// signed-in user without the programme, to enrol. What it says is free comes from the syllabus data.
import { Link } from 'react-router-dom';
import type { Activity } from '../../../../../course/syllabus';
import { ButtonLink } from '../../../components/Button/Button';
import { Modal } from '../../../components/Modal/Modal';
import { freePartText } from '../lib/free-part';
import styles from './Syllabus.module.css';

const HERE = '/cursos/manifiesta';

export function PremiumDialog({ activity, signedIn, onClose }: { activity: Activity; signedIn: boolean; onClose: () => void }) {
  const opening = `«${activity.title}» es parte del programa completo. ${freePartText()}`;
  return (
    <Modal title="Esta actividad es parte del programa completo" onClose={onClose}>
      {signedIn ? (
        <>
          <p className={styles.dialogText}>
            {opening} Para seguir con las actividades premium y las sesiones de coaching, inscríbete en el programa completo: tu progreso ya está guardado y te
            espera.
          </p>
          <div className={styles.dialogActions}>
            <ButtonLink to="/manifiesta">Conocer el programa completo</ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p className={styles.dialogText}>
            {opening} Crea tu cuenta gratis para guardar tu avance y seguir el curso desde cualquier dispositivo. Si ya te inscribiste, inicia sesión para
            desbloquear todas las semanas.
          </p>
          <div className={styles.dialogActions}>
            <ButtonLink to={`/signup?redirect=${HERE}`}>Crear Cuenta Gratis</ButtonLink>
            <ButtonLink to={`/login?redirect=${HERE}`} variant="secondary">
              Ya tengo cuenta
            </ButtonLink>
          </div>
          <p className={styles.dialogNote}>
            ¿Quieres saber qué incluye? <Link to="/manifiesta">Conoce el programa completo</Link>.
          </p>
        </>
      )}
    </Modal>
  );
}
