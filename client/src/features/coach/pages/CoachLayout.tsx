// /coach and below: the coach's desk (role 9). Everyone else signed in gets the coach-only page; the server
// answers 403 to them as well, so a role taken away mid-visit shows the same page.
import { useLayoutEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../../lib/session/useAuth';
import styles from '../coach.module.css';
import { Forbidden } from '../components/Forbidden';
import { isCoach } from '../roles';

/** The desk's tabs, in the order the coach meets them. */
const TABS = [
  { to: '/coach', label: 'Personas' },
  { to: '/coach/analytics', label: 'Analítica' },
  { to: '/coach/ventas', label: 'Ventas' },
  { to: '/coach/suscriptores', label: 'Suscriptores' },
  { to: '/coach/testimonios', label: 'Testimonios' },
  { to: '/coach/catalogo', label: 'Catálogo' },
  { to: '/coach/newsletter', label: 'Newsletter' },
  { to: '/coach/secuencias', label: 'Bienvenidas' },
  { to: '/coach/medios', label: 'Medios' },
  { to: '/coach/ajustes', label: 'Ajustes' },
] as const;

/**
 * On a phone the tabs are one row that scrolls sideways: the current one is brought into view (the row alone
 * scrolls, never the page), so the coach sees where she is.
 */
function useCurrentTabInView(pathname: string) {
  const nav = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const left = current.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + current.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = Math.max(0, left - (row.clientWidth - current.offsetWidth) / 2);
    }
  }, [pathname]);
  return nav;
}

export function CoachLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const nav = useCurrentTabInView(pathname);
  if (!user || !isCoach(user.roles)) return <Forbidden />;

  // 'Personas' covers the list and each learner's journey: it is the tab of every page no other tab owns.
  const own = TABS.find((t) => t.to !== '/coach' && pathname.startsWith(t.to));
  return (
    <div className={styles.desk}>
      <nav ref={nav} className={styles.tabs} aria-label="Panel de la coach">
        {TABS.map((t) => {
          const active = own ? own === t : t.to === '/coach';
          // 'page' on the tab's own page; 'true' on a page inside it (a learner's journey).
          const exact = t.to !== '/coach' || pathname === '/coach' || pathname === '/coach/';
          return (
            <Link key={t.to} to={t.to} className={active ? styles.tabActive : styles.tab} aria-current={active ? (exact ? 'page' : true) : undefined}>
              {t.label}
            </Link>
          );
        })}
      </nav>
      <Outlet />
    </div>
  );
}
