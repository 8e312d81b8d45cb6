// /coach and below: the coach's desk (role 9). Everyone else signed in gets the coach-only page; the server
// answers 403 to them as well, so a role taken away mid-visit shows the same page.
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../../lib/session/useAuth';
import styles from '../coach.module.css';
import { Forbidden } from '../components/Forbidden';
import { isCoach } from '../roles';

export function CoachLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user || !isCoach(user.roles)) return <Forbidden />;

  // 'Personas' covers the list and each learner's journey.
  const onAnalytics = pathname.startsWith('/coach/analytics');
  const onSales = pathname.startsWith('/coach/ventas');
  const onTestimonials = pathname.startsWith('/coach/testimonios');
  const onSettings = pathname.startsWith('/coach/ajustes');
  // 'page' on the tab's own page; 'true' on a page inside it (a learner's journey).
  const tab = (active: boolean, exact: boolean) => ({
    className: active ? styles.tabActive : styles.tab,
    'aria-current': active ? (exact ? ('page' as const) : true) : undefined,
  });
  return (
    <div className={styles.desk}>
      <nav className={styles.tabs} aria-label="Panel de la coach">
        <Link to="/coach" {...tab(!onAnalytics && !onSales && !onTestimonials && !onSettings, pathname === '/coach' || pathname === '/coach/')}>
          Personas
        </Link>
        <Link to="/coach/analytics" {...tab(onAnalytics, true)}>
          Analítica
        </Link>
        <Link to="/coach/ventas" {...tab(onSales, true)}>
          Ventas
        </Link>
        <Link to="/coach/testimonios" {...tab(onTestimonials, true)}>
          Testimonios
        </Link>
        <Link to="/coach/ajustes" {...tab(onSettings, true)}>
          Ajustes
        </Link>
      </nav>
      <Outlet />
    </div>
  );
}
