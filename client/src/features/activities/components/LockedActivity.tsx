// Shown instead of a locked activity's body: why it is locked and the way forward.
import { Link } from 'react-router-dom';
import type { LockReason } from '../../../../../course/rules';
import type { Activity } from '../../../../../course/syllabus';
import { ButtonLink } from '../../../components/Button/Button';
import { accountPath } from '../lib/paths';
import { activityPath, SYLLABUS_PATH } from '../../../lib/course-paths';
import forms from '../../../styles/forms.module.css';
import parts from './activity-parts.module.css';
import styles from './Activity.module.css';

type LockedActivityProps = {
  reason: LockReason;
  activity: Activity;
  signedIn: boolean;
  /** The learner's current activity: where a 'previous' lock sends them. */
  current: Activity | undefined;
  /** This page's path, to come back after signing up or in. */
  here: string;
};

export function LockedActivity({ reason, activity, signedIn, current, here }: LockedActivityProps) {
  if (reason === 'previous') {
    return (
      <section className={styles.locked} aria-labelledby="bloqueo">
        <h2 id="bloqueo" className={styles.sectionTitle}>
          Completa la actividad anterior
        </h2>
        <p>
          Las actividades se abren una a una, en orden, para que cada paso se apoye en el anterior.
          {current ? ` Tu próximo paso es «${current.title}».` : null}
        </p>
        <div className={forms.actions}>
          {current ? (
            <ButtonLink to={activityPath(current.slug)}>Ir a «{current.title}»</ButtonLink>
          ) : (
            <ButtonLink to={SYLLABUS_PATH}>Volver al Temario</ButtonLink>
          )}
        </div>
      </section>
    );
  }

  return (
    <section className={styles.locked} aria-labelledby="bloqueo">
      <h2 id="bloqueo" className={styles.sectionTitle}>
        Contenido Premium
      </h2>
      {signedIn ? (
        <>
          <p>
            «{activity.title}» es parte del programa completo de Manifiesta. Inscríbete para desbloquear todas las semanas, con sus actividades y tus sesiones
            de coaching 1:1. Tu progreso ya está guardado y te espera.
          </p>
          <div className={forms.actions}>
            <ButtonLink to="/manifiesta">Inscribirme en el programa</ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p>
            «{activity.title}» es parte del programa completo de Manifiesta. Crea tu cuenta gratis para guardar tu avance, o inicia sesión si ya te inscribiste.
          </p>
          <div className={forms.actions}>
            <ButtonLink to={accountPath('/signup', here)}>Crear Cuenta Gratis</ButtonLink>
            <ButtonLink to={accountPath('/login', here)} variant="secondary">
              Ya tengo cuenta
            </ButtonLink>
          </div>
          <p className={parts.note}>
            ¿Quieres saber qué incluye? <Link to="/manifiesta">Conoce el programa completo</Link>.
          </p>
        </>
      )}
    </section>
  );
}
