// The app's router, built from the route manifest (route-manifest.ts). Pages load on demand, one chunk per route, and
// pages that use TanStack Query load it with them (the sales pages and /menu do not). The shell routes with React
// Router's declarative router (no data router: no route here has a loader or an action), which keeps the first
// page's JavaScript small.
import { lazy, useLayoutEffect, useState, useTransition, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { GuestOnlyRoute } from './guards/GuestOnlyRoute';
import { ProtectedRoute } from './guards/ProtectedRoute';
import { RootLayout } from './layout/RootLayout';
import { NavigatingContext } from './navigating';
import { ROUTES, type Guard, type PageKey, type RouteEntry } from './route-manifest';
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
 * React.lazy gets the loading promise as it is, also once it has settled: pages render in transitions (the first
 * one too, providers.tsx), and a transition that meets a settled promise yields once to the browser's next task
 * and renders the page then, without committing the 'Cargando...' fallback first.
 */
export function page(load: PageLoader, { query = true }: { query?: boolean } = {}): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), query ? import('./query-scope') : null]).then(
      ([Page, scope]) => {
        chunkLoaded();
        return { default: scope ? scope.withQuery(Page) : Page };
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
  return Object.assign(lazy(preload), { preload });
}

/**
 * Each page's code, by its key in the route manifest. The bundler makes a chunk of each page only for an import()
 * with a literal path, so the paths are written here as well as in PAGE_MODULES (route-manifest.test.ts checks that
 * they agree).
 */
export const pages = {
  menu: () => import('./routes/MenuRoute').then((m) => m.MenuRoute),
  login: () => import('../features/accounts/pages/LoginPage').then((m) => m.LoginPage),
  signup: () => import('../features/accounts/pages/SignupPage').then((m) => m.SignupPage),
  verifyEmail: () => import('../features/accounts/pages/VerifyEmailPage').then((m) => m.VerifyEmailPage),
  account: () => import('../features/accounts/pages/AccountPage').then((m) => m.AccountPage),
  recover: () => import('../features/accounts/pages/RecoverPage').then((m) => m.RecoverPage),
  confirmEmailChange: () => import('../features/accounts/pages/ConfirmEmailChangePage').then((m) => m.ConfirmEmailChangePage),
  undoEmailChange: () => import('../features/accounts/pages/UndoEmailChangePage').then((m) => m.UndoEmailChangePage),
  forgetLead: () => import('../features/erasure/pages/ForgetLeadPage').then((m) => m.ForgetLeadPage),
  reprograma: () => import('../features/marketing/pages/ReprogramaPage').then((m) => m.ReprogramaPage),
  manifiesta: () => import('./routes/ManifiestaRoute').then((m) => m.ManifiestaRoute),
  manifiestaCall: () => import('../features/marketing/pages/ManifiestaCallPage').then((m) => m.ManifiestaCallPage),
  hielo: () => import('../features/marketing/pages/HieloPage').then((m) => m.HieloPage),
  masterclasses: () => import('../features/marketing/pages/MasterclassesPage').then((m) => m.MasterclassesPage),
  coaching: () => import('../features/marketing/pages/CoachingPage').then((m) => m.CoachingPage),
  about: () => import('../features/marketing/pages/AboutPage').then((m) => m.AboutPage),
  freeResources: () => import('../features/leads/pages/FreeResourcesPage').then((m) => m.FreeResourcesPage),
  nostalgia: () => import('../features/leads/pages/NostalgiaPage').then((m) => m.NostalgiaPage),
  levels: () => import('../features/leads/pages/LevelsPage').then((m) => m.LevelsPage),
  affirmations: () => import('./routes/AffirmationsRoute').then((m) => m.AffirmationsRoute),
  newsletter: () => import('../features/newsletter/pages/NewsletterArchivePage').then((m) => m.NewsletterArchivePage),
  newsletterIssue: () => import('../features/newsletter/pages/NewsletterIssuePage').then((m) => m.NewsletterIssuePage),
  confirmSubscription: () => import('../features/newsletter/pages/ConfirmSubscriptionPage').then((m) => m.ConfirmSubscriptionPage),
  unsubscribe: () => import('../features/newsletter/pages/UnsubscribePage').then((m) => m.UnsubscribePage),
  paymentConfirmation: () => import('../features/payments/pages/PaymentConfirmationPage').then((m) => m.PaymentConfirmationPage),
  coach: () => import('../features/coach/pages/CoachLayout').then((m) => m.CoachLayout),
  coachLearners: () => import('../features/coach/pages/LearnersPage').then((m) => m.LearnersPage),
  coachJourney: () => import('../features/coach/pages/LearnerJourneyPage').then((m) => m.LearnerJourneyPage),
  coachAnalytics: () => import('../features/coach/pages/AnalyticsPage').then((m) => m.AnalyticsPage),
  coachSales: () => import('../features/coach/pages/SalesPage').then((m) => m.SalesPage),
  coachSubscribers: () => import('../features/coach/pages/SubscribersPage').then((m) => m.SubscribersPage),
  coachTestimonials: () => import('../features/testimonials/pages/TestimonialsPage').then((m) => m.TestimonialsPage),
  coachSettings: () => import('../features/coach/pages/SettingsPage').then((m) => m.SettingsPage),
  coachCatalogue: () => import('../features/coach/pages/CataloguePage').then((m) => m.CataloguePage),
  coachLetters: () => import('../features/coach/pages/LettersPage').then((m) => m.LettersPage),
  coachSequences: () => import('../features/coach/pages/SequencesPage').then((m) => m.SequencesPage),
  coachSequenceStep: () => import('../features/coach/pages/SequenceStepPage').then((m) => m.SequenceStepPage),
  coachLetter: () => import('../features/coach/pages/LetterEditorPage').then((m) => m.LetterEditorPage),
  coachMedia: () => import('./routes/CoachMediaRoute').then((m) => m.CoachMediaRoute),
  syllabus: () => import('./routes/SyllabusRoute').then((m) => m.SyllabusRoute),
  activity: () => import('./routes/ActivityRoute').then((m) => m.ActivityRoute),
  sevenPhases: () => import('../features/meditation/pages/SevenPhasesPage').then((m) => m.SevenPhasesPage),
  rewiring: () => import('../features/meditation/pages/RewiringPage').then((m) => m.RewiringPage),
  notFound: () => import('../features/not-found/pages/NotFoundPage').then((m) => m.NotFoundPage),
} satisfies Record<PageKey, PageLoader>;

const GUARDS: Record<Guard, ComponentType> = { 'guest-only': GuestOnlyRoute, protected: ProtectedRoute };

/** React Router's routes for the manifest's entries; the handle of a page's route lets preloadRoute() start it early. */
function toRouteObjects(entries: readonly RouteEntry[]): RouteObject[] {
  return entries.map((entry): RouteObject => {
    if ('guard' in entry) return { Component: GUARDS[entry.guard], children: toRouteObjects(entry.children) };
    if ('redirect' in entry) return { index: true, element: <RedirectKeepingState to={entry.redirect} /> };
    const shown = page(pages[entry.page], { query: entry.query });
    const route = { Component: shown, handle: { preload: shown.preload } };
    if ('index' in entry) return { index: true, ...route };
    return { path: entry.path, ...route, ...(entry.children ? { children: toRouteObjects(entry.children) } : {}) };
  });
}

/** Sends the browser on, with what the page that sent it here handed over (a goodbye after an account is deleted). */
function RedirectKeepingState({ to }: { to: string }) {
  const { state } = useLocation();
  return <Navigate to={to} replace state={state} />;
}

/** An error below keeps the layout around it (the pathless route of the table). */
function PageErrorBoundary() {
  return (
    <RouteErrorBoundary>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** The route table: the layout, and below it the page each address shows (route-manifest.ts). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [{ Component: PageErrorBoundary, children: toRouteObjects(ROUTES) }],
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
