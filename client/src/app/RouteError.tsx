import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import styles from './RouteError.module.css';

/** Shown when a route fails to load or render (e.g. an old chunk after a deploy, or no connection). */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className={styles.error} role="alert">
      <title>Algo salió mal · Manifiesta</title>
      <h1>Algo salió mal</h1>
      <p>No pudimos cargar esta página. Revisa tu conexión e inténtalo de nuevo.</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          Recargar la página
        </button>
        <Link to="/menu">Volver al Menú Principal</Link>
      </div>
    </section>
  );
}
