import { Component, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styles from './RouteError.module.css';

/** Shown when a route fails to load or render (e.g. an old chunk after a deploy, or no connection). */
export function RouteError({ error }: { error: unknown }) {
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

type BoundaryProps = { children: ReactNode; at: string };
type BoundaryState = { at: string; failed: { error: unknown } | null };

/** Catches what fails below and shows RouteError until the address changes. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { at: this.props.at, failed: null };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Another page: try again (the error belonged to the previous one).
    return props.at === state.at ? null : { at: props.at, failed: null };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error } };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary at={pathname}>{children}</Boundary>;
}
