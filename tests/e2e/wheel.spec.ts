// The life wheel and its first writing activity end to end: a guest and a user rate the 12 areas and see
// their radar, a user finds the summary again after a reload, one who left before finishing finds the
// activity completed (or, refused, the finish button) and never a summary the syllabus does not count, a
// failed save is rolled back with an alert, and activity 2 starts with the weakest areas and can be finished
// early.
import { expect, test, type Page } from '@playwright/test';
import { verifiedAccount, type Account } from './accounts';

const WHEEL = '/cursos/manifiesta/12-areas-balance';
const BELIEFS = '/cursos/manifiesta/concientizando-areas-balance';
const GUEST_KEY = 'manifiesta_guest_progress';

const AREAS = [
  ['love-relationship', 'Amor y Pareja'],
  ['friendships', 'Amistades'],
  ['finances', 'Finanzas'],
  ['quality-of-life', 'Calidad de Vida'],
  ['health-fitness', 'Salud y Bienestar Físico'],
  ['intellectual-life', 'Vida Intelectual'],
  ['emotional-life', 'Vida Emocional'],
  ['spiritual-life', 'Vida Espiritual'],
  ['career', 'Carrera y Propósito Profesional'],
  ['character', 'Carácter'],
  ['family-parenting', 'Familia y Crianza'],
  ['life-vision', 'Visión de Vida'],
] as const;
// In the order above. Strongest: Vida Intelectual 10, Amor y Pareja 9, Carácter 8; weakest: Familia y Crianza 0,
// Salud y Bienestar Físico 1, Amistades 2.
const SCORES = [9, 2, 5, 7, 1, 10, 4, 6, 3, 8, 0, 6];
const COLOUR = (score: number) => `var(--color-score-${score <= 3 ? 'red' : score <= 6 ? 'yellow' : 'green'})`;

async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

const radio = (page: Page, score: number) => page.getByRole('radio', { name: String(score), exact: true });

/** From the intro: every area rated with SCORES, then 'Finalizar y ver Resumen'. */
async function rateAll(page: Page) {
  await page.getByRole('button', { name: 'Comenzar Actividad' }).click();
  for (const [i, [, title]] of AREAS.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await expect(page.getByText(`Área ${i + 1} de 12`)).toBeVisible();
    await radio(page, SCORES[i]!).click();
  }
  await page.getByRole('button', { name: 'Finalizar y ver Resumen' }).click();
}

async function expectSummary(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeVisible();
  const chart = page.getByRole('img', { name: /Gráfico de radar de tu Rueda de la Vida/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('height', '350');
  const points = chart.locator('circle[data-area]');
  await expect(points).toHaveCount(12);
  for (const [i, [id]] of AREAS.entries()) {
    await expect(chart.locator(`circle[data-area="${id}"]`)).toHaveAttribute('fill', COLOUR(SCORES[i]!));
  }
  // The token really paints the point: green is rgb(47, 122, 75).
  expect(await chart.locator('circle[data-area="intellectual-life"]').evaluate((c) => getComputedStyle(c).fill)).toBe('rgb(47, 122, 75)');

  const items = (name: string) => page.getByRole('region', { name }).getByRole('listitem');
  await expect(items('Tus Fortalezas')).toHaveText([/^Vida Intelectual\s*10/, /^Amor y Pareja\s*9/, /^Carácter\s*8/]);
  await expect(items('Tus Áreas de Oportunidad')).toHaveText([/^Familia y Crianza\s*0/, /^Salud y Bienestar Físico\s*1/, /^Amistades\s*2/]);
  await expect(page.getByRole('button', { name: 'Ir a la Siguiente Actividad' })).toBeVisible();
}

test('a guest rates the 12 areas and sees the radar with its strongest and weakest areas', async ({ page }) => {
  await page.goto(WHEEL);
  await expect(page.getByRole('heading', { level: 2, name: 'El Primer Paso: Tu Diagnóstico de Vida' })).toBeVisible();
  await rateAll(page);
  await expectSummary(page);

  const stored = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY))!);
  expect(stored.completedSlugs).toEqual(['12-areas-balance']);
  expect(stored.activityData['12-areas-balance'].ratings).toEqual(Object.fromEntries(AREAS.map(([id], i) => [id, SCORES[i]])));
});

test("a guest's ratings land in the account after signing in", async ({ page }) => {
  test.setTimeout(60_000);
  const account = await verifiedAccount(page.request, 'invitada');
  // Signing up through the API leaves the page without a session: still a guest.
  await page.context().clearCookies();
  await page.goto(WHEEL);
  await rateAll(page);
  await expectSummary(page);

  await logIn(page, account);
  await page.reload();
  await expect
    .poll(() => page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY), { message: 'the guest progress leaves localStorage' })
    .toBeNull();
  const ratings = await page.request.get('/api/activity/getActivityRatings?activityId=12-areas-balance');
  expect((await ratings.json()).data).toEqual(Object.fromEntries(AREAS.map(([id], i) => [id, SCORES[i]])));
  await page.reload();
  await expectSummary(page);
});

test('a user rates the 12 areas on the server, and after a reload lands on the summary', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, await verifiedAccount(page.request, 'rueda'));

  await page.goto(WHEEL);
  await rateAll(page);
  await expectSummary(page);

  const ratings = await page.request.get('/api/activity/getActivityRatings?activityId=12-areas-balance');
  expect((await ratings.json()).data).toEqual(Object.fromEntries(AREAS.map(([id], i) => [id, SCORES[i]])));
  const status = await page.request.get('/api/activity/getCompletionStatus');
  expect((await status.json()).data).toContain('12-areas-balance');

  await page.reload();
  await expectSummary(page);
  await expect(page.getByRole('button', { name: 'Comenzar Actividad' })).toHaveCount(0);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY)).toBeNull();
});

/** From the intro: every area rated with SCORES, and then the learner leaves without finishing. */
async function rateAllAndLeave(page: Page) {
  await page.getByRole('button', { name: 'Comenzar Actividad' }).click();
  for (const [i, [, title]] of AREAS.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await radio(page, SCORES[i]!).click();
  }
  await expect(page.getByRole('button', { name: 'Finalizar y ver Resumen' })).toBeVisible();
  await expect(page.getByText('Guardando...')).toHaveCount(0);
}

/** The syllabus row of an activity (its <li>). */
const row = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });

/** What the syllabus says after the wheel: 0 % and 'EMPIEZA AQUÍ' before, activity 2 open and current after. */
async function expectSyllabus(page: Page, wheelDone: boolean) {
  await page.goto('/cursos/manifiesta');
  await expect(page.getByRole('progressbar', { name: 'Progreso del curso' })).toHaveAttribute('aria-valuenow', wheelDone ? /^[1-9]\d*$/ : '0');
  if (wheelDone) {
    await expect(row(page, 'Concientizando tus Áreas').getByText('SIGUE AQUÍ')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Comenzar Actividad' })).toHaveAttribute('href', BELIEFS);
  } else {
    await expect(row(page, 'Rueda de la Vida').getByText('EMPIEZA AQUÍ')).toBeVisible();
  }
}

for (const who of ['learner', 'guest'] as const) {
  test(`the wheel trap (${who}): rated all 12, left before 'Finalizar y ver Resumen', came back — the summary only with the completion, and activity 2 opens`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    if (who === 'learner') await logIn(page, await verifiedAccount(page.request, 'trampa'));
    await page.goto(WHEEL);
    await rateAllAndLeave(page);
    await expectSyllabus(page, false);

    await page.goto(WHEEL);
    await expectSummary(page);
    await expectSyllabus(page, true);
    if (who === 'learner') {
      const status = await page.request.get('/api/activity/getCompletionStatus');
      expect((await status.json()).data).toEqual(['12-areas-balance']);
    } else {
      const stored = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY))!);
      expect(stored.completedSlugs).toEqual(['12-areas-balance']);
    }
    // 'Volver al Temario' no longer loops: activity 2 is open, not locked.
    await page.goto(BELIEFS);
    await expect(page.getByRole('heading', { level: 2, name: 'Un Comienzo Enfocado' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Completa la actividad anterior' })).toHaveCount(0);
  });
}

test('the wheel trap with the completion refused: the learner lands on the last area with its finish button', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, await verifiedAccount(page.request, 'trampa'));
  await page.goto(WHEEL);
  await rateAllAndLeave(page);

  await page.route('**/api/activity/markAsComplete', (route) =>
    route.fulfill({ status: 403, json: { success: false, message: 'Completa la actividad anterior antes de continuar con esta.', data: null } }),
  );
  await page.goto(WHEEL);
  await expect(page.getByText('Área 12 de 12')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Visión de Vida', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finalizar y ver Resumen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toHaveCount(0);
});

test('a failed save (500) puts the score back and says so in an alert', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, await verifiedAccount(page.request, 'rueda'));
  await page.route('**/api/activity/saveRating', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Error del servidor.', data: null } }),
  );
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });

  await page.goto(WHEEL);
  await page.getByRole('button', { name: 'Comenzar Actividad' }).click();
  await radio(page, 7).click();

  await expect.poll(() => dialogs).toEqual(['No se pudo guardar tu calificación. Por favor, inténtalo de nuevo.']);
  await expect(radio(page, 7)).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Área 1 de 12')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Tu Progreso' }).getByRole('button', { name: /Amor y Pareja/ })).toContainText('sin calificar');

  // With the server back, the same click counts.
  await page.unroute('**/api/activity/saveRating');
  await radio(page, 7).click();
  await expect(page.getByText('Área 2 de 12')).toBeVisible();
  expect(dialogs).toHaveLength(1);
});

test('activity 2 for a user starts with the weakest areas and can be finished from the 4th', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, await verifiedAccount(page.request, 'creencias'));
  for (const [i, [areaId]] of AREAS.entries()) {
    const res = await page.request.post('/api/activity/saveRating', { data: { activityId: '12-areas-balance', areaId, score: SCORES[i] } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const done = await page.request.post('/api/activity/markAsComplete', { data: { activityId: '12-areas-balance' } });
  expect(done.status()).toBe(200);

  await page.goto(BELIEFS);
  await expect(page.getByRole('heading', { level: 2, name: 'Un Comienzo Enfocado' })).toBeVisible();
  const weakestFirst = ['Familia y Crianza', 'Salud y Bienestar Físico', 'Amistades', 'Carrera y Propósito Profesional'];
  const badges = ['0/10', '1/10', '2/10', '3/10'];
  for (const [i, title] of weakestFirst.entries()) {
    await expect(page.getByText(`ÁREA DE ENFOQUE ${i + 1} DE 12`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await expect(page.getByText(`Tu calificación: ${badges[i]}`)).toBeVisible();
    const finishNow = page.getByRole('button', { name: 'Finalizar ahora y ver el resumen' });
    const next = page.getByRole('button', { name: 'Guardar y Continuar' });
    await expect(next).toBeDisabled();
    await page.getByRole('textbox').fill(`Lo que creo sobre ${title}.`);
    if (i < 3) {
      await expect(finishNow).toHaveCount(0);
      await next.click();
    } else {
      await finishNow.click();
    }
  }

  await expect(page.getByRole('heading', { level: 2, name: '¡Actividad Completada!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revisar mis respuestas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Siguiente Actividad' })).toBeVisible();

  const saved = await page.request.get('/api/activity/getAreaDefinitions?activityId=concientizando-areas-balance');
  expect((await saved.json()).data.definitions).toEqual({
    'family-parenting': 'Lo que creo sobre Familia y Crianza.',
    'health-fitness': 'Lo que creo sobre Salud y Bienestar Físico.',
    friendships: 'Lo que creo sobre Amistades.',
    career: 'Lo que creo sobre Carrera y Propósito Profesional.',
  });
  const status = await page.request.get('/api/activity/getCompletionStatus');
  expect((await status.json()).data).toContain('concientizando-areas-balance');
});
