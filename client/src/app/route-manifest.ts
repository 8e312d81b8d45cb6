// The site's addresses as data: the page each shows, the guard in front of it, whether the page uses the query
// cache. The router builds its route table from it (router.tsx); the build imports it to name each address's
// chunks in that address's first HTML (client/vite.config.ts), and the e2e suite to know every address. It imports
// nothing, so Node loads it as it is.
//
// The page modules are written twice, here as data and in router.tsx as `import('…')`: the bundler only splits a
// page into its own chunk for an import() with a literal path, and Node cannot load the pages (CSS modules, JSX).
// route-manifest.test.ts checks that both name the same module and export, so this file stays the one place that
// says which address shows what.

/** Each page's module, under client/src, by the key routes name it with; it exports the page as its file's name. */
export const PAGE_MODULES = {
  menu: 'app/routes/MenuRoute',
  login: 'features/accounts/pages/LoginPage',
  signup: 'features/accounts/pages/SignupPage',
  verifyEmail: 'features/accounts/pages/VerifyEmailPage',
  account: 'features/accounts/pages/AccountPage',
  recover: 'features/accounts/pages/RecoverPage',
  confirmEmailChange: 'features/accounts/pages/ConfirmEmailChangePage',
  undoEmailChange: 'features/accounts/pages/UndoEmailChangePage',
  forgetLead: 'features/erasure/pages/ForgetLeadPage',
  reprograma: 'features/marketing/pages/ReprogramaPage',
  manifiesta: 'app/routes/ManifiestaRoute',
  manifiestaCall: 'features/marketing/pages/ManifiestaCallPage',
  hielo: 'features/marketing/pages/HieloPage',
  masterclasses: 'features/marketing/pages/MasterclassesPage',
  coaching: 'features/marketing/pages/CoachingPage',
  about: 'features/marketing/pages/AboutPage',
  freeResources: 'features/leads/pages/FreeResourcesPage',
  nostalgia: 'features/leads/pages/NostalgiaPage',
  levels: 'features/leads/pages/LevelsPage',
  affirmations: 'app/routes/AffirmationsRoute',
  newsletter: 'features/newsletter/pages/NewsletterArchivePage',
  newsletterIssue: 'features/newsletter/pages/NewsletterIssuePage',
  confirmSubscription: 'features/newsletter/pages/ConfirmSubscriptionPage',
  unsubscribe: 'features/newsletter/pages/UnsubscribePage',
  paymentConfirmation: 'features/payments/pages/PaymentConfirmationPage',
  coach: 'features/coach/pages/CoachLayout',
  coachLearners: 'features/coach/pages/LearnersPage',
  coachJourney: 'features/coach/pages/LearnerJourneyPage',
  coachAnalytics: 'features/coach/pages/AnalyticsPage',
  coachSales: 'features/coach/pages/SalesPage',
  coachSubscribers: 'features/coach/pages/SubscribersPage',
  coachTestimonials: 'features/testimonials/pages/TestimonialsPage',
  coachSettings: 'features/coach/pages/SettingsPage',
  coachCatalogue: 'features/coach/pages/CataloguePage',
  coachLetters: 'features/coach/pages/LettersPage',
  coachLetter: 'features/coach/pages/LetterEditorPage',
  coachSequences: 'features/coach/pages/SequencesPage',
  coachSequenceStep: 'features/coach/pages/SequenceStepPage',
  coachMedia: 'app/routes/CoachMediaRoute',
  syllabus: 'app/routes/SyllabusRoute',
  activity: 'app/routes/ActivityRoute',
  sevenPhases: 'features/meditation/pages/SevenPhasesPage',
  rewiring: 'features/meditation/pages/RewiringPage',
  notFound: 'features/not-found/pages/NotFoundPage',
} as const;

export type PageKey = keyof typeof PAGE_MODULES;

/** 'guest-only': a signed-in user is sent to /menu. 'protected': a guest signs in first and comes back. */
export type Guard = 'guest-only' | 'protected';

/**
 * One route. `query: false` spares a page the query library (the sales pages and /menu ask the API nothing
 * through the cache); pages with it get the app's cache, and the library loads with the page.
 */
export type RouteEntry =
  /** An address and its page; the pages of its children render inside it. */
  | { path: string; page: PageKey; query?: boolean; children?: readonly RouteEntry[] }
  /** What the parent's own address shows. */
  | { index: true; page: PageKey; query?: boolean }
  /** The parent's own address sends the browser on. */
  | { index: true; redirect: string }
  /** Routes behind a guard, at their own paths. */
  | { guard: Guard; children: readonly RouteEntry[] };

/** Every route below '/', in the order React Router ranks them among equals. */
export const ROUTES: readonly RouteEntry[] = [
  { index: true, redirect: '/menu' },
  { path: 'menu', page: 'menu', query: false },
  {
    // Signed-in users have nothing to do here: they go to /menu.
    guard: 'guest-only',
    children: [
      { path: 'login', page: 'login' },
      { path: 'signup', page: 'signup' },
    ],
  },
  { path: 'verify-email', page: 'verifyEmail' },
  // Links from our mails: they work whoever is signed in in this browser (the token says whose account it is).
  { path: 'recuperar', page: 'recover' },
  { path: 'cuenta/confirmar-correo', page: 'confirmEmailChange' },
  { path: 'cuenta/deshacer-correo', page: 'undoEmailChange' },
  { path: 'olvidar', page: 'forgetLead' },
  { path: 'reprograma', page: 'reprograma', query: false },
  { path: 'manifiesta', page: 'manifiesta', query: false },
  { path: 'manifiesta-call', page: 'manifiestaCall', query: false },
  { path: 'hielo', page: 'hielo', query: false },
  { path: 'masterclasses', page: 'masterclasses', query: false },
  { path: 'coaching', page: 'coaching', query: false },
  { path: 'about', page: 'about', query: false },
  { path: 'recursos-gratuitos', page: 'freeResources' },
  { path: 'nostalgia', page: 'nostalgia' },
  { path: 'niveles', page: 'levels' },
  { path: 'afirmaciones', page: 'affirmations' },
  { path: 'newsletter', page: 'newsletter' },
  // The link of the newsletter's confirmation mail (double opt-in): the token says whose subscription it is.
  { path: 'newsletter/confirmar', page: 'confirmSubscription' },
  // The unsubscribe link of every marketing mail (one-click by button; opening it changes nothing).
  { path: 'newsletter/baja', page: 'unsubscribe' },
  { path: 'newsletter/:campaign/:slug', page: 'newsletterIssue' },
  // Open to everyone: a guest's purchase is confirmed as a guest; an account's asks its buyer to sign in there.
  { path: 'confirmacion-pago', page: 'paymentConfirmation' },
  {
    // The account page: a guest signs in first and comes back.
    guard: 'protected',
    children: [{ path: 'mi-cuenta', page: 'account' }],
  },
  {
    // The coach's desk: a guest signs in first; the layout shows the coach-only page to anyone else.
    guard: 'protected',
    children: [
      {
        path: 'coach',
        page: 'coach',
        children: [
          { index: true, page: 'coachLearners' },
          { path: 'learners/:id', page: 'coachJourney' },
          { path: 'analytics', page: 'coachAnalytics' },
          { path: 'ventas', page: 'coachSales' },
          { path: 'suscriptores', page: 'coachSubscribers' },
          { path: 'testimonios', page: 'coachTestimonials' },
          { path: 'ajustes', page: 'coachSettings' },
          { path: 'catalogo', page: 'coachCatalogue' },
          { path: 'newsletter', page: 'coachLetters' },
          // 'nueva' (a letter not saved yet) or a letter's id.
          { path: 'newsletter/:id', page: 'coachLetter' },
          { path: 'secuencias', page: 'coachSequences' },
          // A mail of a download's welcome sequence (src/app/route-params.ts lists the ones there are).
          { path: 'secuencias/:page/:section/:step', page: 'coachSequenceStep' },
          { path: 'medios', page: 'coachMedia' },
        ],
      },
    ],
  },
  { path: 'cursos/manifiesta', page: 'syllabus' },
  // Open to guests: their progress stays in this browser until they sign in.
  { path: 'cursos/manifiesta/:activitySlug', page: 'activity' },
  { path: 'herramientas/7-fases', page: 'sevenPhases' },
  { path: 'metafisica/bashar/15-minutos-y-contando', page: 'rewiring' },
  { path: '*', page: 'notFound', query: false },
];

/** What a page that uses the query cache loads besides its own module (router.tsx's page()). */
export const QUERY_SCOPE_MODULE = 'app/query-scope';

/** An address that shows a page: the full pattern, as React Router matches it, and the modules it loads. */
export type AddressModules = {
  /** '/reprograma', '/newsletter/:campaign/:slug', '/*'. */
  path: string;
  /** Modules under client/src, outermost first: a layout's page (and the query scope) before the page inside it. */
  modules: string[];
};

const join = (parent: string, child: string) => (child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`);

/** Every address of `routes` (below `parent`) that shows a page, with the modules of its pages. */
export function addressModules(routes: readonly RouteEntry[] = ROUTES, parent = '/'): AddressModules[] {
  const found: AddressModules[] = [];
  const walk = (list: readonly RouteEntry[], path: string, outer: string[]) => {
    for (const route of list) {
      if ('guard' in route) walk(route.children, path, outer);
      else if ('page' in route) {
        const own = 'path' in route ? join(path, route.path) : path;
        const page = [PAGE_MODULES[route.page], ...(route.query === false ? [] : [QUERY_SCOPE_MODULE])];
        const modules = [...new Set([...outer, ...page])];
        found.push({ path: own, modules });
        if ('children' in route && route.children) walk(route.children, own, modules);
      }
    }
  };
  walk(routes, parent, []);
  // An index route has its layout's path: the index (found after its layout) is what that address shows.
  return [...new Map(found.map((address) => [address.path, address])).values()];
}
