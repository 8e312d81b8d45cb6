// Every route of the app. Pages load on demand, one chunk per route, and pages that use
// TanStack Query load it with them (the sales pages and /menu do not). The shell routes with React Router's declarative router (no data router:
// no route here has a loader or an action), which keeps the first page's JavaScript small.
import {
  lazy,
  useLayoutEffect,
  useState,
  useTransition,
  type ComponentType,
} from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { GuestOnlyRoute } from './guards/GuestOnlyRoute';
import { ProtectedRoute } from './guards/ProtectedRoute';
import { RootLayout } from './layout/RootLayout';
import { NavigatingContext } from './navigating';
import { RouteErrorBoundary } from './RouteError';
import { chunkLoaded, reloadForStaleChunk } from './stale-chunk';

type PageLoader = () => Promise<ComponentType>;

/** A lazily loaded page; `preload` starts loading it before it renders (the first page, see main.tsx). */
type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * The page behind `load`, loaded on first render (or on preload). With `query` (the default) the page gets the
 * app's query cache, and the query library loads in parallel with the page's own chunk.
 *
 * A page whose chunk fails to load because a deploy replaced it reloads the whole page once (stale-chunk.ts).
 *
 * Once loaded, the page is handed to React.lazy synchronously (a thenable that calls back at once): a promise,
 * even a settled one, answers only in a later microtask, so the first page — preloaded while the session was
 * checked — still suspended once. React then committed the 'Cargando...' fallback and revealed the page in a
 * second commit, held back up to 300 ms (React throttles the reveal of suspended content).
 */
export function page(load: PageLoader, { query = true }: { query?: boolean } = {}): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: { default: ComponentType } | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), query ? import('./query-scope') : null]).then(
      ([Page, scope]) => {
        chunkLoaded();
        return (loaded = { default: scope ? scope.withQuery(Page) : Page });
      },
      (error: unknown) => {
        // The next visit to this route tries again (a flaky connection).
        loading = null;
        // A chunk gone after a deploy: the page reloads into the new build, and meanwhile the fallback stays
        // (a promise that never settles) instead of an error page that would flash before the reload.
        if (reloadForStaleChunk(error)) return new Promise<never>(() => {});
        throw error;
      },
    ));
  // React.lazy only calls then(); its type asks for a whole Promise.
  const settled = (module: { default: ComponentType }) =>
    ({ then: (resolve: (value: typeof module) => unknown) => resolve(module) }) as unknown as Promise<typeof module>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}

const pages = {
  menu: page(() => import('./routes/MenuRoute').then((m) => m.MenuRoute), { query: false }),
  login: page(() => import('../features/accounts/pages/LoginPage').then((m) => m.LoginPage)),
  signup: page(() => import('../features/accounts/pages/SignupPage').then((m) => m.SignupPage)),
  verifyEmail: page(() => import('../features/accounts/pages/VerifyEmailPage').then((m) => m.VerifyEmailPage)),
  reprograma: page(() => import('../features/marketing/pages/ReprogramaPage').then((m) => m.ReprogramaPage), {
    query: false,
  }),
  manifiesta: page(() => import('../features/marketing/pages/ManifiestaPage').then((m) => m.ManifiestaPage), {
    query: false,
  }),
  manifiestaCall: page(
    () => import('../features/marketing/pages/ManifiestaCallPage').then((m) => m.ManifiestaCallPage),
    { query: false },
  ),
  hielo: page(() => import('../features/marketing/pages/HieloPage').then((m) => m.HieloPage), { query: false }),
  masterclasses: page(
    () => import('../features/marketing/pages/MasterclassesPage').then((m) => m.MasterclassesPage),
    { query: false },
  ),
  coaching: page(() => import('../features/marketing/pages/CoachingPage').then((m) => m.CoachingPage), {
    query: false,
  }),
  about: page(() => import('../features/marketing/pages/AboutPage').then((m) => m.AboutPage), { query: false }),
  freeResources: page(() => import('../features/leads/pages/FreeResourcesPage').then((m) => m.FreeResourcesPage)),
  nostalgia: page(() => import('../features/leads/pages/NostalgiaPage').then((m) => m.NostalgiaPage)),
  levels: page(() => import('../features/leads/pages/LevelsPage').then((m) => m.LevelsPage)),
  affirmations: page(() => import('../features/leads/pages/AffirmationsPage').then((m) => m.AffirmationsPage)),
  newsletter: page(() =>
    import('../features/newsletter/pages/NewsletterArchivePage').then((m) => m.NewsletterArchivePage),
  ),
  newsletterIssue: page(() =>
    import('../features/newsletter/pages/NewsletterIssuePage').then((m) => m.NewsletterIssuePage),
  ),
  paymentConfirmation: page(() =>
    import('../features/payments/pages/PaymentConfirmationPage').then((m) => m.PaymentConfirmationPage),
  ),
  coach: page(() => import('../features/coach/pages/CoachLayout').then((m) => m.CoachLayout)),
  coachLearners: page(() => import('../features/coach/pages/LearnersPage').then((m) => m.LearnersPage)),
  coachJourney: page(() => import('../features/coach/pages/LearnerJourneyPage').then((m) => m.LearnerJourneyPage)),
  coachAnalytics: page(() => import('../features/coach/pages/AnalyticsPage').then((m) => m.AnalyticsPage)),
  syllabus: page(() => import('./routes/SyllabusRoute').then((m) => m.SyllabusRoute)),
  activity: page(() => import('./routes/ActivityRoute').then((m) => m.ActivityRoute)),
  sevenPhases: page(() => import('../features/meditation/pages/SevenPhasesPage').then((m) => m.SevenPhasesPage)),
  rewiring: page(() => import('../features/meditation/pages/RewiringPage').then((m) => m.RewiringPage)),
  notFound: page(() => import('../features/not-found/pages/NotFoundPage').then((m) => m.NotFoundPage), {
    query: false,
  }),
};

/** A route showing `page`; the handle lets preloadRoute() start loading it early. */
const show = (lazyPage: LazyPage) => ({ Component: lazyPage, handle: { preload: lazyPage.preload } });

/** An error below keeps the layout around it (the pathless route of the table). */
function PageErrorBoundary() {
  return (
    <RouteErrorBoundary>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** The route table: the page each address shows. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        Component: PageErrorBoundary,
        children: [
          { index: true, element: <Navigate to="/menu" replace /> },
          { path: 'menu', ...show(pages.menu) },
          {
            // Signed-in users have nothing to do here: they go to /menu.
            Component: GuestOnlyRoute,
            children: [
              { path: 'login', ...show(pages.login) },
              { path: 'signup', ...show(pages.signup) },
            ],
          },
          { path: 'verify-email', ...show(pages.verifyEmail) },
          { path: 'reprograma', ...show(pages.reprograma) },
          { path: 'manifiesta', ...show(pages.manifiesta) },
          { path: 'manifiesta-call', ...show(pages.manifiestaCall) },
          { path: 'hielo', ...show(pages.hielo) },
          { path: 'masterclasses', ...show(pages.masterclasses) },
          { path: 'coaching', ...show(pages.coaching) },
          { path: 'about', ...show(pages.about) },
          { path: 'recursos-gratuitos', ...show(pages.freeResources) },
          { path: 'nostalgia', ...show(pages.nostalgia) },
          { path: 'niveles', ...show(pages.levels) },
          { path: 'afirmaciones', ...show(pages.affirmations) },
          { path: 'newsletter', ...show(pages.newsletter) },
          { path: 'newsletter/:campaign/:slug', ...show(pages.newsletterIssue) },
          {
            // The confirmation acts on the signed-in account: a guest signs in first and comes back.
            Component: ProtectedRoute,
            children: [
              { path: 'confirmacion-pago', ...show(pages.paymentConfirmation) },
            ],
          },
          {
            // The coach's desk: a guest signs in first; the layout shows the coach-only page to anyone else.
            Component: ProtectedRoute,
            children: [
              {
                path: 'coach',
                ...show(pages.coach),
                children: [
                  { index: true, ...show(pages.coachLearners) },
                  { path: 'learners/:id', ...show(pages.coachJourney) },
                  { path: 'analytics', ...show(pages.coachAnalytics) },
                ],
              },
            ],
          },
          { path: 'cursos/manifiesta', ...show(pages.syllabus) },
          {
            // Open to guests: their progress stays in this browser until they sign in.
            path: 'cursos/manifiesta/:activitySlug',
            ...show(pages.activity),
          },
          { path: 'herramientas/7-fases', ...show(pages.sevenPhases) },
          { path: 'metafisica/bashar/15-minutos-y-contando', ...show(pages.rewiring) },
          { path: '*', ...show(pages.notFound) },
        ],
      },
    ],
  },
];

/** Starts loading the pages of `pathname` at once, before the session check and the first render. */
export function preloadRoute(pathname: string, table: RouteObject[] = routes): void {
  for (const { route } of matchRoutes(table, pathname) ?? []) {
    const handle = route.handle as { preload?: LazyPage['preload'] } | undefined;
    void handle?.preload?.().catch(() => undefined); // the render reports a failure, with the error page
  }
}

export type AppHistory = ReturnType<typeof createBrowserHistory>;

function RouteTable({ table }: { table: RouteObject[] }) {
  return useRoutes(table);
}

type AppRouterProps = {
  /** The browser's history by default; a memory history in tests. */
  history?: AppHistory;
  routes?: RouteObject[];
};

/**
 * The declarative router, with each navigation in a transition: while the next page loads, React keeps the
 * current one on screen and `useNavigating()` is true.
 */
export function AppRouter({ history: given, routes: table = routes }: AppRouterProps) {
  const [history] = useState(() => given ?? createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [navigating, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <NavigatingContext.Provider value={navigating}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        <RouteTable table={table} />
      </Router>
    </NavigatingContext.Provider>
  );
}
