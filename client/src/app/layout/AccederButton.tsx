import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/Button/Button';
import { withRedirect } from '../../lib/redirect';
import styles from './AccederButton.module.css';

export const SCROLL_HIDE_PX = 20;

/**
 * Pages where the floating button would be in the way: the account pages themselves, and the pages with
 * their own calls to action. '/' only redirects to /menu; /verify-email is an account step too
 * (coming back to a spent verification link after login would only show an error).
 */
const HIDDEN_ON = new Set(['/', '/login', '/signup', '/verify-email', '/menu', '/reprograma', '/masterclasses', '/recursos-gratuitos', '/hielo', '/coaching']);

function useScrolledPast(limit: number): boolean {
  const [past, setPast] = useState(() => window.scrollY > limit);
  useEffect(() => {
    const update = () => setPast(window.scrollY > limit);
    // Not read again here: the render just did, and reading scrollY right after a new page was committed forces
    // the browser to lay the whole page out in the middle of React's work (Lighthouse's 'forced reflow' on every
    // first page). The next scroll tells.
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [limit]);
  return past;
}

/** The guest's floating 'Acceder' button: sign in and come back to this page. */
export function AccederButton() {
  const { pathname, search } = useLocation();
  const scrolled = useScrolledPast(SCROLL_HIDE_PX);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

  if (scrolled || HIDDEN_ON.has(path)) return null;
  return (
    <ButtonLink className={styles.floating} to={withRedirect('/login', pathname + search)}>
      Acceder
    </ButtonLink>
  );
}
