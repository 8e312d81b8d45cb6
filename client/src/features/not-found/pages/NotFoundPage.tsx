import { ButtonLink } from '../../../components/Button/Button';
import styles from './NotFoundPage.module.css';

/** Any unknown path. The three texts are fixed wording: keep them letter for letter. */
export function NotFoundPage() {
  return (
    <section className={styles.notFound}>
      <title>Página no encontrada · Manifiesta</title>
      <h1>404 - Página No Encontrada</h1>
      <p className={styles.text}>La ruta que buscas no existe o ha sido movida.</p>
      <ButtonLink to="/menu" className={styles.link}>
        Volver al Menú Principal
      </ButtonLink>
    </section>
  );
}
