import styles from './Loading.module.css';

/** The 'Cargando...' placeholder: route hydration, Suspense and auth loading all use it. */
export function Loading({ label = 'Cargando...' }: { label?: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
