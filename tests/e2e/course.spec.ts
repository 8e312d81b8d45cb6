// The course end to end: a guest starts it and keeps progress in the browser, signs up and finds that
// progress in the account; a premium learner finds paid activities opening in order.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dataDir, grantRole, newAccount, signUpThroughForm, verificationLink, verifiedAccount, type Account } from './accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GUEST_KEY = 'manifiesta_guest_progress';

/** page.request shares the page's cookies: this signs the page in. */
async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

async function completeByApi(page: Page, slugs: string[]) {
  for (const slug of slugs) {
    const res = await page.request.post('/api/activity/markAsComplete', { data: { activityId: slug } });
    expect(res.status(), `${slug}: ${await res.text()}`).toBe(200);
  }
}

/** The syllabus row of an activity (its <li>). */
const row = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
/** The element that carries the row's tooltip: the row is locked when it has one. */
const lockOf = (page: Page, title: string) => row(page, title).locator('[title]');

const guestProgress = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY);

test("a guest sees 'EMPIEZA AQUÍ', and a paid activity invites to create an account", async ({ page }) => {
  await page.goto('/cursos/manifiesta');
  await expect(page.getByRole('heading', { level: 1, name: 'Curso Manifiesta' })).toBeVisible();
  await expect(row(page, 'Rueda de la Vida').getByText('EMPIEZA AQUÍ')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Comenzar Actividad' })).toHaveAttribute('href', '/cursos/manifiesta/12-areas-balance');

  const paid = row(page, 'Tus Sistemas de Creencias Actuales').getByRole('button');
  await expect(paid).toHaveAttribute('title', 'Contenido Premium');
  await paid.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Crear Cuenta Gratis' })).toHaveAttribute('href', '/signup?redirect=/cursos/manifiesta');
  await expect(dialog.getByRole('link', { name: 'Ya tengo cuenta' })).toHaveAttribute('href', '/login?redirect=/cursos/manifiesta');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the premium invitation names the paid activity and says what is free as the syllabus has it', async ({ page }) => {
  test.setTimeout(60_000);
  // A guest, then a learner without the programme: both branches of the dialog.
  for (const who of ['guest', 'learner'] as const) {
    if (who === 'learner') await logIn(page, await verifiedAccount(page.request, 'invitacion'));
    await page.goto('/cursos/manifiesta');
    // Week 1 is open: 'Tus Sistemas de Creencias Actuales' (1-8) is in it and paid.
    await row(page, 'Tus Sistemas de Creencias Actuales').getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Esta actividad es parte del programa completo' });
    await expect(dialog).toContainText('«Tus Sistemas de Creencias Actuales» es parte del programa completo.');
    await expect(dialog).toContainText('Las primeras 7 actividades de la semana 1 son tuyas, gratis.');
    await expect(dialog).not.toContainText(/primera semana es tuya/i);
    await expect(dialog.getByRole('link', { name: who === 'guest' ? 'Crear Cuenta Gratis' : 'Conocer el programa completo' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
});

/** As the coach, in another browser context: the wheel's video place gets her upload; the address the site plays. */
async function coachPlacesVideo(request: APIRequestContext, value: { file: Buffer }) {
  const coach = await verifiedAccount(request, 'videos');
  await grantRole(coach, 9);
  expect((await request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } })).status()).toBe(200);
  const upload = await request.post('/api/coach/media', { multipart: { file: { name: 'rueda.webm', mimeType: 'video/webm', buffer: value.file } } });
  expect(upload.status(), await upload.text()).toBe(200);
  const placed = await request.patch('/api/coach/placements', { data: { 'video-12-areas-balance': (await upload.json()).data.id } });
  expect(placed.status(), await placed.text()).toBe(200);
  return (await (await request.get('/api/placements')).json()).data.slots['video-12-areas-balance'].url as string;
}

test('an activity shows no video until the coach puts one in its place', async ({ page }) => {
  await page.goto('/cursos/manifiesta');
  await expect(page.getByRole('link', { name: 'Comenzar Actividad' })).toBeVisible();
  await expect(page.locator('video, iframe')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Ver video/ })).toHaveCount(0);
});

test('the video the coach uploads: the featured card previews it, and the video modal opens and closes', async ({ page, browser }) => {
  const desk = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const src = await coachPlacesVideo(desk.request, { file: readFileSync(path.join(root, 'tests/fixtures/video.webm')) });
  expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.webm$/);
  // Taken away again afterwards: the other tests see a fresh install's course.
  try {
    await page.goto('/cursos/manifiesta');
    const preview = page.locator('video').first();
    await expect(preview).toHaveAttribute('src', src!);
    // Muted autoplay really plays in Chromium: the preview's clock moves.
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.muted && v.currentTime > 0)).toBe(true);

    await page.getByRole('button', { name: /Ver video/ }).click();
    const dialog = page.getByRole('dialog');
    const full = dialog.locator('video');
    await expect(full).toHaveAttribute('src', src!);
    await expect.poll(() => full.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 10)).toBe(true);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toHaveCount(0);

    // The backdrop closes it too, and so does the end of the video.
    await page.getByRole('button', { name: /Ver video/ }).click();
    await page.mouse.click(5, 5);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: /Ver video/ }).click();
    await page
      .getByRole('dialog')
      .locator('video')
      .evaluate((v: HTMLVideoElement) => {
        v.currentTime = v.duration - 0.2;
        return v.play();
      });
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 10_000 });
  } finally {
    await desk.request.patch('/api/coach/placements', { data: { 'video-12-areas-balance': null } });
    await desk.close();
  }
});

test("a guest's completion is kept in the browser and lands in the account after signing up", async ({ page }) => {
  test.setTimeout(90_000);

  // As a guest: complete the first activity and go on without an account.
  await page.goto('/cursos/manifiesta/12-areas-balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Rueda de la Vida' })).toBeVisible();
  await page.getByRole('button', { name: 'Comenzar Actividad' }).click();
  for (let area = 1; area <= 12; area++) {
    await expect(page.getByText(`Área ${area} de 12`)).toBeVisible();
    await page.getByRole('radio', { name: '5', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Finalizar y ver Resumen' }).click();
  await page.getByRole('button', { name: 'Ir a la Siguiente Actividad' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Guardamos tu progreso?' });
  await expect(dialog.getByRole('link', { name: 'Crear Cuenta Gratis' })).toHaveAttribute('href', '/signup?redirect=/cursos/manifiesta/12-areas-balance');
  await dialog.getByRole('button', { name: 'Seguir como invitado' }).click();
  await expect(page).toHaveURL(/\/cursos\/manifiesta\/concientizando-areas-balance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Concientizando tus Áreas' })).toBeVisible();
  expect(JSON.parse((await guestProgress(page))!)).toMatchObject({ completedSlugs: ['12-areas-balance'] });

  await page.goto('/cursos/manifiesta');
  await expect(row(page, 'Concientizando tus Áreas').getByText('SIGUE AQUÍ')).toBeVisible();

  // Sign up, verify by e-mail, log in.
  const account = newAccount();
  await page.goto('/signup?redirect=/cursos/manifiesta');
  await signUpThroughForm(page, account);
  // Nothing is merged before anyone is signed in.
  expect(await guestProgress(page)).not.toBeNull();

  await page.goto(await verificationLink(account.email));
  await expect(page.getByText('Tu cuenta ha sido activada! Ya puedes iniciar sesión.')).toBeVisible({ timeout: 10_000 });
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Abrir el menú de tu cuenta' })).toBeVisible();

  // The merge: the local copy goes, the completion is on the server.
  await expect.poll(() => guestProgress(page), { message: 'the guest progress leaves localStorage' }).toBeNull();
  const res = await page.request.get('/api/activity/getCompletionStatus');
  expect(res.status()).toBe(200);
  expect((await res.json()).data).toContain('12-areas-balance');

  await page.goto('/cursos/manifiesta');
  await expect(row(page, 'Rueda de la Vida').locator('[data-icon="completed"]').first()).toBeVisible();
  await expect(row(page, 'Concientizando tus Áreas').getByText('SIGUE AQUÍ')).toBeVisible();
  expect(await guestProgress(page)).toBeNull();
});

test('a premium learner finds paid activities opening in order, not locked as premium', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await verifiedAccount(page.request);
  await logIn(page, account);

  await page.goto('/cursos/manifiesta');
  await expect(row(page, 'Rueda de la Vida').getByText('EMPIEZA AQUÍ')).toBeVisible();
  await expect(lockOf(page, 'Tus Sistemas de Creencias Actuales')).toHaveAttribute('title', 'Contenido Premium');

  // Role 7 through the CLI, on the running server's embedded database.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir() };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'user:grant-role', '--', account.email, '7'], { cwd: root, env });
  expect(stdout).toContain('role 7 granted');
  await logIn(page, account);

  await page.goto('/cursos/manifiesta');
  await expect(row(page, 'Rueda de la Vida').getByText('EMPIEZA AQUÍ')).toBeVisible();
  await expect(lockOf(page, 'Tus Sistemas de Creencias Actuales')).toHaveAttribute('title', 'Completa la actividad anterior');
  await expect(row(page, 'Tus Sistemas de Creencias Actuales').locator('[data-icon="premium"]')).toHaveCount(0);

  // Most of the free week done: still waiting for 1-7.
  await completeByApi(page, ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro', '7-niveles-deep-why']);
  await page.goto('/cursos/manifiesta');
  await expect(row(page, 'Tu Primera Sesión de Coaching').getByText('SIGUE AQUÍ')).toBeVisible();
  await expect(lockOf(page, 'Tus Sistemas de Creencias Actuales')).toHaveAttribute('title', 'Completa la actividad anterior');

  // 1-7 through its page: a signed-in learner goes straight on to 1-8, which opens.
  await page.goto('/cursos/manifiesta/primera-sesion-de-coaching');
  await page.getByRole('button', { name: 'Marcar como completada' }).click();
  await expect(page).toHaveURL(/\/cursos\/manifiesta\/tus-sistemas-de-creencias-actuales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tus Sistemas de Creencias Actuales' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marcar como completada' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/cursos/manifiesta');
  const opened = row(page, 'Tus Sistemas de Creencias Actuales');
  await expect(opened.getByRole('link')).toHaveAttribute('href', '/cursos/manifiesta/tus-sistemas-de-creencias-actuales');
  await expect(opened.getByText('SIGUE AQUÍ')).toBeVisible();
  await expect(lockOf(page, 'Tus Nuevos Sistemas de Creencias')).toHaveAttribute('title', 'Completa la actividad anterior');
});
