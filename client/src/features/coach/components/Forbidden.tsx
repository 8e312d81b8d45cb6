// What anyone but the coach finds at /coach: a plain 403 and a way back.
import { ButtonLink } from '../../../components/Button/Button';
import styles from '../coach.module.css';

export const COACH_ONLY = 'Esta sección es solo para la coach.';

export function Forbidden({ message = COACH_ONLY }: { message?: string }) {
  return (
    <section className={styles.notice}>
      <title>Sin acceso · Manifiesta</title>
      <p className="eyebrow">Error 403</p>
      <h1>Sin acceso</h1>
      <p>{message}</p>
      <ButtonLink to="/menu">Volver al menú</ButtonLink>
    </section>
  );
}
