// Two reading pages of week 1 end to end: the consciousness levels (the carousel that counts 'n / 18' and wraps,
// the arrow keys, the full table in a modal) and the first coaching session, which offers the free
// clarification call to a guest and a free learner and welcomes an enrolled learner (role 7) with their own
// booking link.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { dataDir, verifiedAccount, type Account } from './accounts';
import { E2E_SITE, serveSite } from './site';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LEVELS = '/cursos/manifiesta/niveles-conciencia-hawkins';
const COACHING = '/cursos/manifiesta/primera-sesion-de-coaching';
const GUEST_KEY = 'manifiesta_guest_progress';
// Both pages open once the 7 levels of why is done (the meditation before them is a tool and never blocks).
const BEFORE = ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro', '7-niveles-deep-why'];
// client/src/config/links.ts: the defaults, unless the build was given other addresses.
const CLARIFICATION_CALL = E2E_SITE.bookingClarificationCallUrl;
const FIRST_SESSION = E2E_SITE.bookingFirstSessionUrl;

/** A guest who already did the first four activities (their progress, in this browser). */
async function guestAfterDeepWhy(page: Page) {
  await page.addInitScript(
    ([key, slugs]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, JSON.stringify({ completedSlugs: slugs, activityData: {} }));
    },
    [GUEST_KEY, BEFORE] as const,
  );
}

async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

async function expectBookingLink(page: Page, name: RegExp, href: string) {
  const link = page.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

// Links come from the coach's settings: these pages are checked as she would have set them.
test.beforeEach(({ page }) => serveSite(page));

test('a guest walks the consciousness levels: the carousel counts and wraps, and the full table opens', async ({ page }) => {
  await guestAfterDeepWhy(page);
  await page.goto(LEVELS);
  await expect(page.getByRole('heading', { level: 1, name: 'Los Niveles de Conciencia' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /pirámide de la creación/ }).getByRole('listitem')).toHaveCount(3);

  const carousel = page.getByRole('region', { name: 'Recorre los niveles' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carrusel');
  const counter = carousel.getByText(/^\d+ \/ 18$/);
  await expect(counter).toBeVisible();
  const start = Number((await counter.textContent())!.split(' / ')[0]);
  expect(start).toBeGreaterThanOrEqual(1);
  expect(start).toBeLessThanOrEqual(18);
  const after = (steps: number) => `${((((start - 1 + steps) % 18) + 18) % 18) + 1} / 18`;

  const next = carousel.getByRole('button', { name: 'Nivel siguiente' });
  await next.click();
  await expect(counter).toHaveText(after(1));
  // Round the whole scale: back where it was after 18 steps.
  for (let i = 1; i < 18; i += 1) await next.click();
  await expect(counter).toHaveText(after(0));
  await carousel.getByRole('button', { name: 'Nivel anterior' }).click();
  await expect(counter).toHaveText(after(-1));
  // The arrow keys, from the focused slide.
  await carousel.getByRole('group').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(after(1));
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(after(0));

  await expect(page.getByRole('region', { name: 'El Salto al Poder' })).toContainText('Coraje (200)');

  await page.getByRole('button', { name: 'Ver la tabla completa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Los niveles de conciencia' });
  const table = dialog.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.locator('caption')).toContainText('18 niveles');
  await expect(table.locator('tbody th[scope="row"]')).toHaveCount(18);
  await expect(table.getByRole('row', { name: /Melancolía/ })).toContainText('60');
  await expect(table.getByRole('row', { name: /Coraje/ })).toContainText('200');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ver la tabla completa' })).toBeFocused();

  await expect(page.getByRole('button', { name: 'Marcar como completada' })).toBeVisible();
});

test('a guest is offered the free 30-minute clarification session, with its booking link', async ({ page }) => {
  await guestAfterDeepWhy(page);
  await page.goto(COACHING);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu Primera Sesión de Coaching' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tu sesión de claridad, de regalo' })).toBeVisible();
  await expect(page.getByText('30 minutos', { exact: true })).toBeVisible();
  await expectBookingLink(page, /^Reservar mi sesión gratuita/, CLARIFICATION_CALL);
  await expect(page.getByRole('link', { name: /Reservar mi primera sesión/ })).toHaveCount(0);
});

test('a free learner sees the clarification session; once enrolled (role 7), the welcome and the first-session link', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await verifiedAccount(page.request, 'sesion');
  await logIn(page, account);
  for (const slug of BEFORE) {
    const res = await page.request.post('/api/activity/markAsComplete', { data: { activityId: slug } });
    expect(res.status(), `${slug}: ${await res.text()}`).toBe(200);
  }

  await page.goto(COACHING);
  await expect(page.getByRole('heading', { level: 2, name: 'Tu sesión de claridad, de regalo' })).toBeVisible();
  await expectBookingLink(page, /^Reservar mi sesión gratuita/, CLARIFICATION_CALL);

  // Role 7 through the CLI, on the running server's embedded database; a new login carries it.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir() };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'user:grant-role', '--', account.email, '7'], { cwd: root, env });
  expect(stdout).toContain('role 7 granted');
  await logIn(page, account);

  await page.goto(COACHING);
  await expect(page.getByRole('heading', { level: 2, name: '¡Llegó tu primera sesión de coaching!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Qué preparar' })).toBeVisible();
  await expectBookingLink(page, /^Reservar mi primera sesión/, FIRST_SESSION);
  await expect(page.getByRole('link', { name: /Reservar mi sesión gratuita/ })).toHaveCount(0);
});
