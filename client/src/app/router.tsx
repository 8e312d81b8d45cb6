// Every route of the app (spec platform.md §2). Pages load on demand, one chunk per route.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/Loading/Loading';
import { GuestOnlyRoute } from './guards/GuestOnlyRoute';
import { ProtectedRoute } from './guards/ProtectedRoute';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './RouteError';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: Loading,
    ErrorBoundary: RouteError,
    children: [
      {
        // Pathless: an error keeps the layout around it.
        ErrorBoundary: RouteError,
        children: [
          { index: true, element: <Navigate to="/menu" replace /> },
          {
            path: 'menu',
            lazy: () => import('./routes/MenuRoute').then((m) => ({ Component: m.MenuRoute })),
          },
          {
            // Signed-in users have nothing to do here: they go to /menu.
            Component: GuestOnlyRoute,
            children: [
              {
                path: 'login',
                lazy: () => import('../features/auth/pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
              },
              {
                path: 'signup',
                lazy: () => import('../features/auth/pages/SignupPage').then((m) => ({ Component: m.SignupPage })),
              },
            ],
          },
          {
            path: 'verify-email',
            lazy: () =>
              import('../features/auth/pages/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          {
            path: 'reprograma',
            lazy: () =>
              import('../features/marketing/pages/ReprogramaPage').then((m) => ({ Component: m.ReprogramaPage })),
          },
          {
            path: 'manifiesta',
            lazy: () =>
              import('../features/marketing/pages/ManifiestaPage').then((m) => ({ Component: m.ManifiestaPage })),
          },
          {
            path: 'manifiesta-call',
            lazy: () =>
              import('../features/marketing/pages/ManifiestaCallPage').then((m) => ({
                Component: m.ManifiestaCallPage,
              })),
          },
          {
            path: 'hielo',
            lazy: () => import('../features/marketing/pages/HieloPage').then((m) => ({ Component: m.HieloPage })),
          },
          {
            path: 'masterclasses',
            lazy: () =>
              import('../features/marketing/pages/MasterclassesPage').then((m) => ({
                Component: m.MasterclassesPage,
              })),
          },
          {
            path: 'coaching',
            lazy: () =>
              import('../features/marketing/pages/CoachingPage').then((m) => ({ Component: m.CoachingPage })),
          },
          {
            path: 'about',
            lazy: () => import('../features/marketing/pages/AboutPage').then((m) => ({ Component: m.AboutPage })),
          },
          {
            path: 'recursos-gratuitos',
            lazy: () =>
              import('../features/leads/pages/FreeResourcesPage').then((m) => ({ Component: m.FreeResourcesPage })),
          },
          {
            path: 'nostalgia',
            lazy: () => import('../features/leads/pages/NostalgiaPage').then((m) => ({ Component: m.NostalgiaPage })),
          },
          {
            path: 'niveles',
            lazy: () => import('../features/leads/pages/LevelsPage').then((m) => ({ Component: m.LevelsPage })),
          },
          {
            path: 'afirmaciones',
            lazy: () =>
              import('../features/leads/pages/AffirmationsPage').then((m) => ({ Component: m.AffirmationsPage })),
          },
          {
            path: 'newsletter',
            lazy: () =>
              import('../features/newsletter/pages/NewsletterArchivePage').then((m) => ({
                Component: m.NewsletterArchivePage,
              })),
          },
          {
            path: 'newsletter/:campaign/:slug',
            lazy: () =>
              import('../features/newsletter/pages/NewsletterIssuePage').then((m) => ({
                Component: m.NewsletterIssuePage,
              })),
          },
          {
            // The confirmation acts on the signed-in account: a guest signs in first and comes back.
            Component: ProtectedRoute,
            children: [
              {
                path: 'confirmacion-pago',
                lazy: () =>
                  import('../features/payment/pages/PaymentConfirmationPage').then((m) => ({
                    Component: m.PaymentConfirmationPage,
                  })),
              },
            ],
          },
          {
            // The coach's desk: a guest signs in first; the layout shows the coach-only page to anyone else.
            Component: ProtectedRoute,
            children: [
              {
                path: 'coach',
                lazy: () => import('../features/coach/pages/CoachLayout').then((m) => ({ Component: m.CoachLayout })),
                children: [
                  {
                    index: true,
                    lazy: () => import('../features/coach/pages/LearnersPage').then((m) => ({ Component: m.LearnersPage })),
                  },
                  {
                    path: 'learners/:id',
                    lazy: () =>
                      import('../features/coach/pages/LearnerJourneyPage').then((m) => ({ Component: m.LearnerJourneyPage })),
                  },
                  {
                    path: 'analytics',
                    lazy: () => import('../features/coach/pages/AnalyticsPage').then((m) => ({ Component: m.AnalyticsPage })),
                  },
                ],
              },
            ],
          },
          {
            path: 'cursos/manifiesta',
            lazy: () => import('./routes/SyllabusRoute').then((m) => ({ Component: m.SyllabusRoute })),
          },
          {
            // Open to guests: their progress stays in this browser until they sign in.
            path: 'cursos/manifiesta/:activitySlug',
            lazy: () => import('./routes/ActivityRoute').then((m) => ({ Component: m.ActivityRoute })),
          },
          {
            path: 'herramientas/7-fases',
            lazy: () =>
              import('../features/meditation/pages/SevenPhasesPage').then((m) => ({ Component: m.SevenPhasesPage })),
          },
          {
            path: 'metafisica/bashar/15-minutos-y-contando',
            lazy: () =>
              import('../features/meditation/pages/RewiringPage').then((m) => ({ Component: m.RewiringPage })),
          },
          {
            path: '*',
            lazy: () =>
              import('../features/not-found/pages/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
