// Previous and next page of a list the server pages, and where in it the coach is.
import styles from '../coach.module.css';

export function Pager({ page, pages, label, go }: { page: number; pages: number; label: string; go: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={styles.pagerButton} disabled={page <= 1} onClick={() => go(page - 1)}>
        Anterior
      </button>
      <span>
        Página {page} de {pages}
      </span>
      <button type="button" className={styles.pagerButton} disabled={page >= pages} onClick={() => go(page + 1)}>
        Siguiente
      </button>
    </nav>
  );
}
