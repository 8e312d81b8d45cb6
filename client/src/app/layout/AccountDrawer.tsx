// The signed-in user's side drawer: a modal panel opened by a hamburger button.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/session/useAuth';
import { isCoach } from '../../features/coach/roles';
import styles from './AccountDrawer.module.css';

type AccountDrawerProps = {
  username: string;
  /** Signs out and leaves the page; the drawer goes away with the session. */
  onLogout: () => Promise<void>;
};

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function AccountDrawer({ username, onLogout }: AccountDrawerProps) {
  const { pathname } = useLocation();
  const coach = isCoach(useAuth().user?.roles ?? []);
  // Open on one page only: any navigation (a link, the back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const [leaving, setLeaving] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  /** Closing by Escape, the close button or the backdrop hands focus back to the toggle. */
  const close = useCallback((returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) toggle.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Escape from anywhere, even after a click on the panel's background.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('keydown', onEscape);
    // The page behind a modal panel does not scroll.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onEscape);
      document.body.style.overflow = overflow;
    };
  }, [open, close]);

  /** Keeps Tab inside the panel while it is open. */
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const logout = async () => {
    setLeaving(true);
    try {
      await onLogout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Abrir el menú de tu cuenta"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span className={styles.bars} aria-hidden="true" />
      </button>

      {open ? (
        <div className={styles.layer}>
          <div className={styles.backdrop} aria-hidden="true" onClick={() => close(true)} />
          <div ref={panel} id={panelId} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={trapTab}>
            <div className={styles.head}>
              <p id={titleId} className={styles.greeting}>
                Hola, {username}
              </p>
              <button type="button" className={styles.close} aria-label="Cerrar el menú" onClick={() => close(true)}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <nav aria-label="Tu cuenta">
              <ul className={styles.links}>
                <li>
                  <Link className={styles.link} to="/menu" onClick={() => close(false)}>
                    Inicio
                  </Link>
                </li>
                <li>
                  <Link className={styles.link} to="/cursos/manifiesta" onClick={() => close(false)}>
                    Mi Curso
                  </Link>
                </li>
                <li>
                  <Link className={styles.link} to="/mi-cuenta" onClick={() => close(false)}>
                    Mi cuenta
                  </Link>
                </li>
                {coach ? (
                  <li>
                    <Link className={styles.link} to="/coach" onClick={() => close(false)}>
                      Panel de la coach
                    </Link>
                  </li>
                ) : null}
              </ul>
            </nav>
            <button type="button" className={styles.logout} onClick={logout} disabled={leaving}>
              {leaving ? 'Cerrando sesión...' : 'Cerrar Sesión'}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
