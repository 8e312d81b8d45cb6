// The 7-phase meditation end to end, on Playwright's clock: a user meditates two 3-minute phases, sees 6
// minutes and saves a revelation; a free user cannot pick a premium sound; a guest's revelation survives the
// sign-in through the login form.
import { expect, test, type Page } from '@playwright/test';
import { verifiedAccount, type Account } from './accounts';

const TOOL = '/herramientas/7-fases';
const PHASES = ['Presencia', 'Gratitud', 'Amor', 'Perdón', 'Visión', 'Elección', 'Conexión'];
const KEEP = ['Presencia', 'Visión'];
const PREMIUM_ALERT = 'Esta es una opción premium. Debes mejorar tu cuenta para usarla.';
// 7 s before the first phase (no intro), then 2 × 3 min.
const WHOLE_MEDITATION_MS = 7_000 + 2 * 3 * 60_000;
const NOW = new Date('2026-03-12T18:00:00Z');

async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

/** Two phases of 3 minutes; no intro, voice or gong, so nothing waits for a sound to end. */
async function twoShortPhases(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Prepara tu meditación' })).toBeVisible();
  for (const name of PHASES.filter((phase) => !KEEP.includes(phase))) await page.getByLabel(`Incluir la fase ${name}`).uncheck();
  for (const name of KEEP) await page.getByLabel(`Duración de ${name}`).fill('3');
  for (const name of ['Introducción guiada', 'Voz que anuncia cada fase', 'Gong entre fases']) await page.getByLabel(name).uncheck();
  await expect(page.getByText('2 fases · 6 minutos')).toBeVisible();
}

/** The page's clock is held still from the start, so every second of the timeline is the test's to run. */
async function meditateToTheEnd(page: Page) {
  await page.clock.pauseAt(new Date(NOW.getTime() + 60 * 60_000));
  await page.getByRole('button', { name: 'Comenzar Meditación' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Prepárate' })).toBeVisible();
  await page.clock.runFor(7_000);
  await expect(page.getByRole('heading', { level: 2, name: 'Presencia' })).toBeVisible();
  await expect(page.getByText('Fase 1 de 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('03:00');
  await page.clock.runFor(WHOLE_MEDITATION_MS - 7_000);
  await expect(page.getByRole('heading', { level: 2, name: 'Meditación completada' })).toBeVisible();
  await expect(page.getByText('Meditaste 6 minutos.')).toBeVisible();
  // Time flows again for the rest of the page (the query cache, for one, schedules on timers).
  await page.clock.resume();
}

test('a user meditates two 3-minute phases, sees 6 minutes and keeps a revelation', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, await verifiedAccount(page.request, 'medita'));
  await page.clock.install({ time: NOW });
  await page.goto(TOOL);
  await expect(page.getByRole('heading', { level: 1, name: 'Meditación de las 7 Fases' })).toBeVisible();
  await twoShortPhases(page);
  await meditateToTheEnd(page);

  // The session is in the history.
  await expect(page.getByText('Racha: 1 día · hoy ya meditaste')).toBeVisible();
  const history = await (await page.request.get('/api/meditation/history')).json();
  expect(history.data).toMatchObject({ totalSeconds: 360, sessions: 1 });

  await page.getByLabel(/Qué se te reveló/).fill('La calma no se busca: se recuerda.');
  await page.getByRole('button', { name: 'Guardar revelación' }).click();
  await expect(page.getByText('Tu revelación quedó guardada.')).toBeVisible();
  const list = page.getByRole('region', { name: 'Tus revelaciones' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('La calma no se busca: se recuerda.');
  await expect(list.getByRole('listitem').first()).toContainText('6 minutos de meditación');
  expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('384px');

  const saved = await (await page.request.get('/api/activity/getRevelations')).json();
  expect(saved.data).toMatchObject([{ Revelation: 'La calma no se busca: se recuerda.', TotalTimeMeditated: 360 }]);
});

test('a free user cannot pick a premium sound', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, await verifiedAccount(page.request, 'gratis'));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await page.goto(TOOL);

  const background = page.getByLabel('Música de fondo');
  await background.selectOption('forest');
  await expect.poll(() => dialogs).toEqual([PREMIUM_ALERT]);
  await expect(background).toHaveValue('none');

  const gong = page.getByLabel('Sonido del gong');
  await gong.selectOption('tibetan-bowl');
  await expect.poll(() => dialogs).toEqual([PREMIUM_ALERT, PREMIUM_ALERT]);
  await expect(gong).toHaveValue('gong1');

  // A free background is simply chosen.
  await background.selectOption('stress-relief');
  await expect(background).toHaveValue('stress-relief');
  expect(dialogs).toHaveLength(2);
});

test("a guest's revelation survives signing in through the login form", async ({ page }) => {
  test.setTimeout(90_000);
  const account = await verifiedAccount(page.request, 'invitada');
  // Signing up through the API leaves no session, but clear it to be sure: a guest.
  await page.context().clearCookies();
  await page.clock.install({ time: NOW });
  await page.goto(TOOL);
  await twoShortPhases(page);
  await meditateToTheEnd(page);

  await page.getByLabel(/Qué se te reveló/).fill('Puedo empezar de nuevo cada mañana.');
  await page.getByRole('button', { name: 'Guardar e iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=\/herramientas\/7-fases$/);
  expect(JSON.parse((await page.evaluate(() => window.sessionStorage.getItem('manifiesta_pending_revelation')))!)).toEqual({
    revelation: 'Puedo empezar de nuevo cada mañana.',
    totalTimeMeditated: 360,
  });

  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  await expect(page).toHaveURL(new RegExp(`${TOOL}$`));
  const list = page.getByRole('region', { name: 'Tus revelaciones' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('Puedo empezar de nuevo cada mañana.');
  await expect(list.getByRole('listitem').first()).toContainText('6 minutos de meditación');
  await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('manifiesta_pending_revelation'))).toBeNull();
});
