import { Component, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styles from './RouteError.module.css';
import { RouteFallback } from './RouteFallback';
import { reloadForStaleChunk } from './stale-chunk';

// Decided once per error: a render that runs twice (StrictMode) must not take the second run, which finds the
// reload already marked, for a failure to show.
const reloading = new WeakMap<object, boolean>();
function reloadsFor(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (!reloading.has(error)) reloading.set(error, reloadForStaleChunk(error));
  return reloading.get(error)!;
}

/**
 * Shown when a route fails to load or render (no connection, a bug). A part of a page whose chunk is gone after
 * a deploy (an activity's body, the account drawer) reloads the page once instead.
 */
export function RouteError({ error }: { error: unknown }) {
  const reload = reloadsFor(error);
  useEffect(() => {
    if (!reload) console.error(error);
  }, [error, reload]);

  if (reload) return <RouteFallback />;

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
