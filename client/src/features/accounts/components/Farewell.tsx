// The goodbye after an account is deleted, on the page the person lands on.
import styles from './auth.module.css';

export function Farewell() {
  return (
    <p className={styles.notice} role="status">
      Eliminamos tu cuenta. Gracias por el camino que recorriste aquí; si algún día quieres volver, te esperamos.
    </p>
  );
}
