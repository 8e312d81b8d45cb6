import { lazy, Suspense, useLayoutEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/session/useAuth';
import { useNavigating } from '../navigating';
import { RouteFallback } from '../RouteFallback';
import { AccederButton } from './AccederButton';
import { SiteNotice } from './SiteNotice';
import styles from './RootLayout.module.css';

const MAIN_ID = 'contenido';

// Only signed-in users see the drawer: a guest's first page does not load it.
const AccountDrawer = lazy(() => import('./AccountDrawer').then((m) => ({ default: m.AccountDrawer })));

/**
 * The window starts at the top after every navigation: on a new path we scroll to the top (or to the
 * #hash target) and, after the first page, move focus to <main> so screen readers announce the new page.
 */
function useNavigationReset(main: RefObject<HTMLElement | null>) {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const current = pathname + hash;
    // Compared, not just counted, so StrictMode's double effect run does not look like a navigation.
    const navigated = previous.current !== null && previous.current !== current;
    previous.current = current;

    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView();
      return;
    }
    // The first page of a visit is already at the top (scroll restoration is manual, above): scrolling there
    // would only force a layout in the middle of React's commit (Lighthouse's 'forced reflow').
    if (!navigated) return;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname, hash, main]);
}

export function RootLayout() {
  const main = useRef<HTMLElement>(null);
  useNavigationReset(main);
  // The next page's chunk is loading: the current page stays, a thin bar says something is happening.
  const navigating = useNavigating();

  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const logoutAndLeave = async () => {
    await logout();
    navigate('/login');
  };

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };

  return (
    <>
      <a className={styles.skipLink} href={`#${MAIN_ID}`} onClick={skipToContent}>
        Saltar al contenido
      </a>
      {navigating ? <div className={styles.progress} aria-hidden="true" /> : null}
      <SiteNotice />
      {user ? (
        <Suspense fallback={null}>
          <AccountDrawer username={user.username} onLogout={logoutAndLeave} />
        </Suspense>
      ) : (
        <AccederButton />
      )}
      <main id={MAIN_ID} ref={main} tabIndex={-1} className={styles.main} aria-busy={navigating || undefined}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
