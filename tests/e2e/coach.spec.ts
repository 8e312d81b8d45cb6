// The coach's desk end to end: a learner rates Finanzas 2, later 7; the coach (role 9 through the CLI) finds
// her in the list, replays her journey back to before the second rating and sees the older wheel, reads the
// funnel, and finds the checkout she started in the sales. Anyone else signed in gets the coach-only page.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dataDir, verifiedAccount, type Account } from './accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function logIn(request: APIRequestContext, account: Account) {
  const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

/** Role 9 through the CLI, on the running server's embedded database. */
async function grantCoach(account: Account) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir() };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'user:grant-role', '--', account.email, '9'], { cwd: root, env });
  expect(stdout).toContain('role 9 granted');
}

async function rateFinances(request: APIRequestContext, score: number) {
  const res = await request.post('/api/activity/saveRating', { data: { activityId: '12-areas-balance', areaId: 'finances', score } });
  expect(res.status(), await res.text()).toBe(200);
}

const slider = (page: Page) => page.getByRole('slider', { name: 'Momento del recorrido' });

test('the coach finds a learner, replays her journey to an earlier wheel, and reads the funnel', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const coach = await verifiedAccount(page.request, 'coach');
  await grantCoach(coach);

  // The learner, in a browser context of her own: Finanzas 2, and later 7.
  const learnerRequest = await playwright.request.newContext({ baseURL });
  const learner = await verifiedAccount(learnerRequest, 'learner');
  await logIn(learnerRequest, learner);
  await rateFinances(learnerRequest, 2);
  await rateFinances(learnerRequest, 7);
  // A visit to a lead page, for the funnel.
  const view = await learnerRequest.post('/api/leads/view', { data: { page: 'nostalgia' } });
  expect(view.status(), await view.text()).toBe(200);
  // She goes to pay for the course, and does not (yet).
  const checkout = await learnerRequest.post('/api/checkout', { data: { productId: 'manifiesta-curso-completo' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await learnerRequest.dispose();

  await logIn(page.request, coach);
  await page.goto('/coach');
  await expect(page.getByRole('heading', { level: 1, name: 'Personas del curso' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar por nombre de usuario o correo' }).fill(learner.username);
  await expect(page).toHaveURL(new RegExp(`q=${learner.username}`));
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await page.getByRole('link', { name: learner.username, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: learner.username })).toBeVisible();
  await expect(page.getByText(`Creó su cuenta como @${learner.username}`)).toBeVisible();
  const wheel = page.getByRole('img', { name: new RegExp(`^Rueda de la Vida de ${learner.username}`) });
  const finances = wheel.locator('circle[data-area="finances"]');
  // Now: the latest rating, over the first one.
  await expect(slider(page)).toHaveAttribute('aria-valuetext', /Calificó Finanzas con 7$/);
  await expect(finances).toHaveAttribute('data-score', '7');
  await expect(wheel.locator('circle[data-compare-area="finances"]')).toHaveAttribute('data-score', '2');

  // One event back: just after the first rating.
  await page.getByRole('button', { name: 'Evento anterior' }).click();
  await expect(slider(page)).toHaveAttribute('aria-valuetext', /Calificó Finanzas con 2$/);
  await expect(finances).toHaveAttribute('data-score', '2');
  await expect(wheel).toHaveAttribute('aria-label', /Finanzas: 2/);
  await expect(page.locator('[aria-current="step"]')).toContainText('Calificó Finanzas con 2');

  // And with the keyboard, on the slider itself: to the first event (no wheel yet), then back to now.
  await slider(page).focus();
  await page.keyboard.press('Home');
  await expect(page.getByText('Todavía no había calificado ninguna área.')).toBeVisible();
  await page.getByRole('button', { name: 'Ahora' }).click();
  await expect(finances).toHaveAttribute('data-score', '7');

  // A private note joins the timeline.
  await page.getByLabel('Nota privada').fill('Le cuesta hablar de dinero: volver sobre Finanzas.');
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.locator('li[data-stream="notes"]')).toContainText('Le cuesta hablar de dinero');

  // The funnel: the analytics tables follow the log, within about a second.
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/coach/analytics/funnel');
        const body = (await res.json()) as { data: { pages: { page: string; views: number }[] } };
        return body.data.pages.find((p) => p.page === 'nostalgia')?.views ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Analítica' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analítica del embudo' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Por página/ });
  await expect(table.getByRole('rowheader', { name: '/nostalgia' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Embudo de todas las páginas/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Visitas y registros por día/ })).toBeVisible();

  // The sales: her checkout, started and not paid; the CSV of the same filters has it too.
  await page.getByRole('link', { name: 'Ventas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ventas' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar por nombre, correo o id de pago' }).fill(learner.email);
  await expect(page).toHaveURL(/q=/);
  const sale = page.getByRole('table', { name: /^Ventas, de la más reciente/ }).getByRole('row', { name: new RegExp(learner.username) });
  await expect(sale).toContainText('Iniciada');
  await expect(sale).toContainText('Manifiesta: el curso completo');
  const csv = await page.request.get((await page.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href'))!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(`Iniciada,Manifiesta: el curso completo,270,USD,${learner.username},${learner.email}`);
});

test('anyone else signed in finds the coach-only page', async ({ page }) => {
  const account = await verifiedAccount(page.request, 'curiosa');
  await logIn(page.request, account);
  await page.goto('/coach');
  await expect(page.getByRole('heading', { level: 1, name: 'Sin acceso' })).toBeVisible();
  await expect(page.getByText('Esta sección es solo para la coach.')).toBeVisible();
  const res = await page.request.get('/api/coach/learners');
  expect(res.status()).toBe(403);
});
