// The route table of the e2e suite: every path of the router (client/src/app/route-manifest.ts) with the visits
// that cover it — the page itself, as the right person (guest, learner, premium learner, coach), and the states a
// visitor reaches by acting (a failed login, an open dialog, the wheel half-rated…). The accessibility spec and the
// phone-layout spec walk the same table, and both fail when a route of the router has no entry here.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { addressModules } from '../../client/src/app/route-manifest';
import { ACTIVITIES } from '../../course/syllabus';
import { CAMPAIGNS, issuePath } from '../../client/src/features/newsletter/archive';
import { SEED_LETTERS } from '../../server/features/newsletter/seed/letters';
import { dataDir, grantRole, verifiedAccount, type Account } from './accounts';
import { E2E_PAYMENTS } from './fake-payments';

export type Role = 'guest' | 'learner' | 'premium' | 'coach';
export type Session = { account: Account; id: string; storageState: Awaited<ReturnType<APIRequestContext['storageState']>> };
export type Sessions = Record<Exclude<Role, 'guest'>, Session>;

/** What the test does on a page before axe looks at it. */
export type Visit = {
  /** What is being checked, for the test title. */
  name: string;
  as: Role;
  /** The address, or one built from the sessions (a learner's id, say). */
  url: string | ((sessions: Sessions) => string);
  /** Runs before the page is opened: API calls that put the account in the right state. */
  prepare?: (request: APIRequestContext, sessions: Sessions) => Promise<void>;
  /** Brings the page to the state under test (a dialog open, a form submitted…). */
  act?: (page: Page) => Promise<void>;
  /** Waited for before axe runs; by default the page's level-1 heading. */
  ready?: (page: Page) => Promise<void>;
};

// ---------------------------------------------------------------------------------------------------------
// Accounts: one learner, one premium learner (role 7), one coach (role 9), made once per run and shared by
// the workers through a file in the server's data folder (a failed test restarts its worker, and signing up
// again each time would run into the per-address rate limit).

async function openSession(request: APIRequestContext, account: Account): Promise<Session> {
  const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { data } = (await login.json()) as { data: { id: string } };
  return { account, id: data.id, storageState: await request.storageState() };
}

async function rate(request: APIRequestContext, areaId: string, score: number) {
  const res = await request.post('/api/activity/saveRating', { data: { activityId: '12-areas-balance', areaId, score } });
  expect(res.status(), await res.text()).toBe(200);
}

async function makeSessions(
  playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<Sessions> {
  const file = path.join(dataDir(), 'visit-sessions.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Sessions;
  const open = async (prefix: string, role?: 7 | 9, before?: (request: APIRequestContext) => Promise<void>) => {
    const request = await playwright.request.newContext({ baseURL });
    try {
      const account = await verifiedAccount(request, prefix);
      if (role) await grantRole(account, role);
      const session = await openSession(request, account);
      await before?.(request);
      return session;
    } finally {
      await request.dispose();
    }
  };
  const sessions: Sessions = {
    // The learner rated Finanzas twice, so that the coach's journey page has a wheel and a timeline.
    learner: await open('a11y_learner', undefined, async (request) => {
      await rate(request, 'finances', 2);
      await rate(request, 'finances', 7);
      const view = await request.post('/api/leads/view', { data: { page: 'nostalgia' } });
      expect(view.status(), await view.text()).toBe(200);
    }),
    premium: await open('a11y_premium', 7),
    coach: await open('a11y_coach', 9),
  };
  await writeFile(file, JSON.stringify(sessions));
  return sessions;
}

export const test = base.extend<{ role: Role }, { sessions: Sessions }>({
  role: ['guest', { option: true }],
  sessions: [async ({ playwright }, use) => use(await makeSessions(playwright, process.env.E2E_BASE_URL!)), { scope: 'worker' }],
  storageState: async ({ role, sessions }, use) => use(role === 'guest' ? undefined : sessions[role].storageState),
});

// ---------------------------------------------------------------------------------------------------------
// Helpers for the visits.

/** /afirmaciones as a guest: 'Pago Promo' opens the form that asks the buyer's address. */
async function openGuestCheckout(page: Page) {
  await page.getByRole('button', { name: 'Pago Promo' }).click();
  await expect(page.getByRole('form', { name: 'Comprar sin cuenta' })).toBeVisible();
}

const COURSE = '/cursos/manifiesta';
const activityUrl = (slug: string) => `${COURSE}/${slug}`;

/** Completes, through the API and in course order, every activity before `slug` that is not done yet. */
async function completeBefore(request: APIRequestContext, slug: string) {
  const status = await request.get('/api/activity/getCompletionStatus');
  expect(status.status(), await status.text()).toBe(200);
  const done = new Set(((await status.json()) as { data: string[] }).data);
  for (const activity of ACTIVITIES) {
    if (activity.slug === slug) return;
    if (done.has(activity.slug)) continue;
    const res = await request.post('/api/activity/markAsComplete', { data: { activityId: activity.slug } });
    expect(res.status(), `${activity.slug}: ${await res.text()}`).toBe(200);
  }
}

export const heading = (page: Page, level = 1) => page.locator(`main h${level}`).first();

async function logInFails(page: Page) {
  await page.getByLabel('Correo electrónico').fill('nadie-a11y@example.com');
  await page.getByLabel('Contraseña').fill('no-es-esta-clave');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
}

// ---------------------------------------------------------------------------------------------------------
// The route table: every path of the router, with the visits that cover it.

const activityVisits: Visit[] = ACTIVITIES.map((activity) => ({
  name: activity.isFree ? `${activity.title}, as a learner` : `${activity.title}, as a premium learner`,
  as: activity.isFree ? 'learner' : 'premium',
  url: activityUrl(activity.slug),
  prepare: (request) => completeBefore(request, activity.slug),
}));

// The server records the archive's first letters when it starts: one of each series.
const oneLetterPerCampaign = Object.keys(CAMPAIGNS).map((series) => SEED_LETTERS.find((letter) => letter.series === series)!);

export const ROUTES: Record<string, Visit[]> = {
  '/': [{ name: 'the home address (redirects to /menu)', as: 'guest', url: '/' }],
  '/menu': [
    { name: 'the menu, as a guest', as: 'guest', url: '/menu' },
    {
      name: 'the account drawer open, as a coach',
      as: 'coach',
      url: '/menu',
      act: async (page) => {
        await page.getByRole('button', { name: 'Abrir el menú de tu cuenta' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  ],
  '/login': [
    { name: 'the login form', as: 'guest', url: '/login' },
    { name: 'the login form after a failed submit', as: 'guest', url: '/login', act: logInFails },
  ],
  '/signup': [
    { name: 'the signup form', as: 'guest', url: '/signup' },
    {
      name: 'the signup form submitted empty',
      as: 'guest',
      url: '/signup',
      act: async (page) => {
        await page.locator('main form button[type="submit"]').click();
        await expect(page.locator('main [role="alert"], main [aria-invalid="true"]').first()).toBeVisible();
      },
    },
  ],
  '/verify-email': [
    { name: 'a verification link without a token', as: 'guest', url: '/verify-email' },
    { name: 'a spent or wrong verification link', as: 'guest', url: '/verify-email?token=no-es-un-token-valido' },
  ],
  '/recuperar': [
    { name: 'the form that asks for a reset link', as: 'guest', url: '/recuperar' },
    {
      name: 'the reset link sent',
      as: 'guest',
      url: '/recuperar',
      act: async (page) => {
        await page.getByLabel('Correo electrónico').fill('nadie-a11y@example.com');
        await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeVisible();
      },
    },
    { name: 'the new-password form of a reset link', as: 'guest', url: '/recuperar?token=no-es-un-token-valido' },
  ],
  '/cuenta/confirmar-correo': [{ name: 'a wrong link to confirm a new address', as: 'guest', url: '/cuenta/confirmar-correo?token=no-es-un-token-valido' }],
  '/cuenta/deshacer-correo': [{ name: 'a wrong link to undo a change of address', as: 'guest', url: '/cuenta/deshacer-correo?token=no-es-un-token-valido' }],
  '/olvidar': [
    { name: 'a forget link without its token', as: 'guest', url: '/olvidar' },
    {
      name: 'a wrong forget link, confirmed',
      as: 'guest',
      url: '/olvidar?token=no-es-un-token-valido',
      act: async (page) => {
        await page.getByRole('button', { name: 'Sí, darme de baja y olvidarme' }).click();
        await expect(page.getByRole('alert')).toBeVisible();
      },
    },
  ],
  '/reprograma': [{ name: 'the Reprograma sales page', as: 'guest', url: '/reprograma' }],
  '/manifiesta': [
    { name: 'the course enrolment page', as: 'guest', url: '/manifiesta' },
    { name: 'the course enrolment page, as a learner (the enrol button buys)', as: 'learner', url: '/manifiesta' },
  ],
  '/manifiesta-call': [{ name: 'the clarification-call page', as: 'guest', url: '/manifiesta-call' }],
  '/hielo': [{ name: 'the Hielo page', as: 'guest', url: '/hielo' }],
  '/masterclasses': [{ name: 'the masterclasses page', as: 'guest', url: '/masterclasses' }],
  '/coaching': [{ name: 'the coaching page', as: 'guest', url: '/coaching' }],
  '/about': [{ name: 'the about page', as: 'guest', url: '/about' }],
  '/recursos-gratuitos': [{ name: 'the free resources', as: 'guest', url: '/recursos-gratuitos' }],
  '/nostalgia': [{ name: 'the Nostalgia lead page', as: 'guest', url: '/nostalgia' }],
  '/niveles': [{ name: 'the levels lead page', as: 'guest', url: '/niveles' }],
  '/afirmaciones': [
    { name: 'the affirmations lead page', as: 'guest', url: '/afirmaciones' },
    { name: "the ebook promo with the guest's e-mail form open", as: 'guest', url: '/afirmaciones', act: openGuestCheckout },
  ],
  '/newsletter': [{ name: 'the newsletter archive', as: 'guest', url: '/newsletter' }],
  '/newsletter/confirmar': [
    { name: 'a newsletter confirmation link without its token', as: 'guest', url: '/newsletter/confirmar' },
    {
      name: 'a wrong newsletter confirmation link',
      as: 'guest',
      url: '/newsletter/confirmar?token=no-es-un-token-valido',
      ready: async (page) => {
        await expect(page.getByRole('alert')).toBeVisible();
      },
    },
  ],
  '/newsletter/baja': [
    { name: 'an unsubscribe link without its token', as: 'guest', url: '/newsletter/baja' },
    { name: 'an unsubscribe link, before the click', as: 'guest', url: '/newsletter/baja?token=no-es-un-token-valido' },
    {
      name: 'a wrong unsubscribe link, clicked',
      as: 'guest',
      url: '/newsletter/baja?token=no-es-un-token-valido',
      act: async (page) => {
        await page.getByRole('button', { name: 'Darme de baja' }).click();
        await expect(page.getByRole('alert')).toBeVisible();
      },
    },
  ],
  '/newsletter/:campaign/:slug': oneLetterPerCampaign.map((entry) => ({
    name: `the letter '${entry.title}' (${entry.series})`,
    as: 'guest' as const,
    url: issuePath(entry),
  })),
  '/confirmacion-pago': [
    { name: 'a payment return without its data', as: 'learner', url: '/confirmacion-pago?product_id=manifiesta-curso-completo&status=approved' },
    {
      name: 'a payment the provider rejected',
      as: 'learner',
      url: `/confirmacion-pago?product_id=manifiesta-curso-completo&payment_id=${E2E_PAYMENTS.rejected.id}&status=approved`,
      ready: async (page) => {
        await expect(page.getByRole('alert')).toBeVisible({ timeout: 15_000 });
      },
    },
    {
      name: 'a payment held for the coach, as a guest',
      as: 'guest',
      url: `/confirmacion-pago?product_id=afirmaciones-ebook&payment_id=${E2E_PAYMENTS.held.id}&status=approved&external_reference=afirmaciones-ebook`,
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 2, name: 'Tu pago está en revisión' })).toBeVisible({ timeout: 15_000 });
      },
    },
    {
      name: "a guest's ebook bought with an e-mail address, ready to download",
      as: 'guest',
      url: '/afirmaciones',
      act: async (page) => {
        await openGuestCheckout(page);
        const form = page.getByRole('form', { name: 'Comprar sin cuenta' });
        await form.getByLabel('Tu email').fill(`visita-${Date.now().toString(36)}@example.com`);
        await form.getByRole('button', { name: 'Continuar al pago' }).click();
        await page.getByRole('button', { name: 'Pagar' }).click();
        await expect(page.getByRole('link', { name: 'Descargar el ebook' })).toBeVisible({ timeout: 15_000 });
      },
    },
  ],
  '/mi-cuenta': [{ name: 'the account page, as a learner', as: 'learner', url: '/mi-cuenta' }],
  '/coach': [
    { name: 'the learners list, as the coach', as: 'coach', url: '/coach' },
    { name: 'the coach-only page, as a learner', as: 'learner', url: '/coach' },
  ],
  '/coach/learners/:id': [
    {
      name: "a learner's journey, as the coach",
      as: 'coach',
      url: (sessions) => `/coach/learners/${sessions.learner.id}`,
      ready: async (page) => {
        await expect(page.getByRole('img', { name: /^Rueda de la Vida de / })).toBeVisible();
      },
    },
  ],
  '/coach/analytics': [
    {
      name: 'the funnel, as the coach',
      as: 'coach',
      url: '/coach/analytics',
      ready: async (page) => {
        await expect(page.getByRole('img', { name: /^Embudo de todas las páginas/ })).toBeVisible();
      },
    },
  ],
  '/coach/ajustes': [
    {
      name: "the site's settings, as the coach",
      as: 'coach',
      url: '/coach/ajustes',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 2, name: 'Historial' })).toBeVisible();
      },
    },
  ],
  '/coach/catalogo': [
    {
      name: 'the catalogue, as the coach',
      as: 'coach',
      url: '/coach/catalogo',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 2, name: 'Historial' })).toBeVisible();
      },
    },
  ],
  '/coach/newsletter': [
    {
      name: 'the letters, as the coach',
      as: 'coach',
      url: '/coach/newsletter',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Nueva carta' })).toBeVisible();
      },
    },
  ],
  '/coach/newsletter/:id': [
    {
      name: 'a new letter with its preview, as the coach',
      as: 'coach',
      url: '/coach/newsletter/nueva',
      act: async (page) => {
        await page.getByLabel('Título').fill('Una carta para mirar');
        await page.getByLabel('Texto').fill('Hoy te escribo sobre **empezar**.\n\n> Una cita.');
        await expect(page.frameLocator('iframe[title="La página del archivo"]').getByRole('heading', { level: 1 })).toBeVisible();
      },
    },
  ],
  '/coach/secuencias': [
    {
      name: 'the welcome mails of the downloads, as the coach',
      as: 'coach',
      url: '/coach/secuencias',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Correos de bienvenida' })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: 'Guía de los niveles de conciencia' })).toBeVisible();
      },
    },
  ],
  '/coach/secuencias/:page/:section/:step': [
    {
      name: 'a welcome mail with its preview, as the coach',
      as: 'coach',
      url: '/coach/secuencias/niveles/pdf/1',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Correo 1: al momento de la descarga' })).toBeVisible();
        await expect(page.frameLocator('iframe[title="El correo"]').locator('body')).toContainText('niveles de conciencia');
      },
    },
    {
      name: 'an unwritten third mail, as the coach',
      as: 'coach',
      url: '/coach/secuencias/afirmaciones/ebook/3',
      ready: async (page) => {
        await expect(page.getByLabel('Día')).toHaveValue('5');
        await expect(page.getByText('La vista previa aparece cuando el correo tiene asunto y texto.')).toBeVisible();
      },
    },
  ],
  '/coach/testimonios': [
    {
      name: "the clients' testimonials, as the coach",
      as: 'coach',
      url: '/coach/testimonios',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Testimonios' })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: 'Tus testimonios' })).toBeVisible();
        await expect(page.getByText('Cargando los testimonios...')).toHaveCount(0);
      },
    },
  ],
  '/coach/medios': [
    {
      name: 'the media library, as the coach',
      as: 'coach',
      url: '/coach/medios',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: 'Medios' })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: 'Tu biblioteca' })).toBeVisible();
        await expect(page.getByText('Cargando tu biblioteca…')).toHaveCount(0);
        await expect(page.getByRole('form', { name: 'Meditación de las 7 fases' })).toBeVisible();
      },
    },
  ],
  '/coach/ventas': [
    {
      name: 'the sales ledger, as the coach',
      as: 'coach',
      url: '/coach/ventas',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 2, name: 'Ingresos por mes' })).toBeVisible();
      },
    },
  ],
  '/coach/suscriptores': [
    {
      name: 'the subscriber list, as the coach',
      as: 'coach',
      url: '/coach/suscriptores',
      ready: async (page) => {
        await expect(page.getByRole('list', { name: 'Suscripciones por estado' })).toBeVisible();
      },
    },
  ],
  '/cursos/manifiesta': [
    { name: 'the syllabus, as a guest', as: 'guest', url: COURSE },
    { name: 'the syllabus, as a premium learner', as: 'premium', url: COURSE },
    {
      name: 'the premium dialog of the syllabus, as a free learner',
      as: 'learner',
      url: COURSE,
      act: async (page) => {
        await page
          .getByRole('link', { name: /Tus Sistemas de Creencias Actuales/ })
          .or(page.getByRole('button', { name: /Tus Sistemas de Creencias Actuales/ }))
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  ],
  '/cursos/manifiesta/:activitySlug': [
    ...activityVisits,
    {
      name: 'the life wheel half-rated, as a guest',
      as: 'guest',
      url: activityUrl('12-areas-balance'),
      act: async (page) => {
        await page.getByRole('button', { name: 'Comenzar Actividad' }).click();
        for (const score of [9, 2, 5]) await page.getByRole('radio', { name: String(score), exact: true }).click();
        await expect(page.getByText('Área 4 de 12')).toBeVisible();
      },
    },
    {
      name: 'the life wheel summary with its radar, as a guest',
      as: 'guest',
      url: activityUrl('12-areas-balance'),
      act: async (page) => {
        await page.getByRole('button', { name: 'Comenzar Actividad' }).click();
        for (const score of [9, 2, 5, 7, 1, 10, 4, 6, 3, 8, 0, 6]) await page.getByRole('radio', { name: String(score), exact: true }).click();
        await page.getByRole('button', { name: 'Finalizar y ver Resumen' }).click();
        await expect(page.getByRole('img', { name: /Gráfico de radar de tu Rueda de la Vida/ })).toBeVisible();
      },
    },
    { name: 'a premium activity locked for a free learner', as: 'learner', url: activityUrl('tus-sistemas-de-creencias-actuales') },
    { name: 'an activity locked until the previous one, as a guest', as: 'guest', url: activityUrl('concientizando-areas-balance') },
    { name: 'an unknown activity', as: 'guest', url: activityUrl('no-existe-esta-actividad') },
    {
      name: 'the full table of consciousness levels, open',
      as: 'premium',
      url: activityUrl('niveles-conciencia-hawkins'),
      prepare: (request) => completeBefore(request, 'niveles-conciencia-hawkins'),
      act: async (page) => {
        await page.getByRole('button', { name: 'Ver la tabla completa' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  ],
  '/herramientas/7-fases': [
    {
      name: 'the meditation settings, as a learner',
      as: 'learner',
      url: '/herramientas/7-fases',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 2, name: 'Prepara tu meditación' })).toBeVisible();
      },
    },
    { name: 'the meditation tool, as a guest', as: 'guest', url: '/herramientas/7-fases' },
    {
      name: 'the meditation settings, unfolded',
      as: 'guest',
      url: '/herramientas/7-fases',
      act: async (page) => {
        await page.getByText(/^\d+ fases? · /).click();
        await expect(page.getByRole('heading', { level: 3, name: 'Las siete fases' })).toBeVisible();
      },
    },
    {
      name: 'a meditation paused, its countdown and controls',
      as: 'guest',
      url: '/herramientas/7-fases',
      act: async (page) => {
        await page.getByRole('button', { name: 'Comenzar Meditación' }).click();
        await page.getByRole('button', { name: 'Empezar ya' }).click();
        await page.getByRole('button', { name: 'Pausar' }).click();
        await expect(page.getByText('En pausa. Tómate el tiempo que necesites.')).toBeVisible();
      },
    },
    {
      name: 'a meditation finished early, as a learner',
      as: 'learner',
      url: '/herramientas/7-fases',
      act: async (page) => {
        await page.getByRole('button', { name: 'Comenzar Meditación' }).click();
        await page.getByRole('button', { name: 'Finalizar Meditación' }).click();
        await expect(page.getByRole('heading', { level: 2, name: 'Meditación finalizada' })).toBeVisible();
      },
    },
  ],
  '/metafisica/bashar/15-minutos-y-contando': [
    { name: 'the rewiring meditation', as: 'guest', url: '/metafisica/bashar/15-minutos-y-contando' },
    { name: 'the rewiring meditation, opened from the course', as: 'guest', url: '/metafisica/bashar/15-minutos-y-contando?desde=meditacion-7-fases' },
  ],
  '*': [{ name: 'the 404 page', as: 'guest', url: '/esta-ruta/no-existe' }],
};

// ---------------------------------------------------------------------------------------------------------
// The router's paths, from the route manifest: every address that shows a page, and '/', which sends the browser
// on to /menu.

function routerPaths(): string[] {
  return ['/', ...addressModules().map((address) => (address.path === '/*' ? '*' : address.path))].sort();
}

/** Fails unless the table names every path of the router, and nothing else. */
export async function expectEveryRouteVisited(): Promise<void> {
  const paths = routerPaths();
  expect(paths.length).toBeGreaterThan(20);
  expect(Object.keys(ROUTES).sort(), 'add every new route of client/src/app/route-manifest.ts to ROUTES in tests/e2e/visits.ts').toEqual(paths);
  for (const [route, visits] of Object.entries(ROUTES)) expect(visits.length, `${route} has no visit`).toBeGreaterThan(0);
}

/** Opens the visit's page as its person and brings it to the state under test; returns the address. */
export async function openVisit(page: Page, visit: Visit, sessions: Sessions): Promise<string> {
  const url = typeof visit.url === 'function' ? visit.url(sessions) : visit.url;
  if (visit.prepare) await visit.prepare(page.request, sessions);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toHaveCount(0);
  if (visit.ready) await visit.ready(page);
  else await expect(heading(page)).toBeVisible();
  if (visit.act) await visit.act(page);
  return url;
}
