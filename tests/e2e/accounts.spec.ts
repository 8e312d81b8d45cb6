// Accounts end to end: sign up, verify by the e-mailed link, log in, the drawer, log out, and the guards.
// The server writes its mails as .eml files to `${E2E_DATA_DIR}/outbox` (no SMTP in e2e; see server.ts).
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { logInThroughForm, mailWithSubject, newAccount, signUpThroughForm, verificationLink, verifiedAccount } from './accounts';

/** Every URL the page shows, including the ones the SPA replaces at once (e.g. /login?verified=true). */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

test('sign up, verify by e-mail, log in, meet the drawer, log out', async ({ page }) => {
  const account = newAccount();

  await page.goto('/signup');
  await signUpThroughForm(page, account);
  await expect(page.getByText(account.email)).toBeVisible();

  // The link in the mail is on this server (PUBLIC_URL); open it like a visitor would.
  const link = await verificationLink(account.email);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  const urls = recordUrls(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '¡Tu cuenta está activa!' })).toBeVisible();

  // After 3 s: /login?verified=true, whose banner stays while the query is cleared.
  await expect(page.getByText('Tu cuenta ha sido activada! Ya puedes iniciar sesión.')).toBeVisible({ timeout: 10_000 });
  expect(urls.some((url) => url.endsWith('/login?verified=true'))).toBe(true);
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByText(`@${account.username}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Continuar mi Curso/ })).toHaveAttribute('href', '/cursos/manifiesta');

  const toggle = page.getByRole('button', { name: 'Abrir el menú de tu cuenta' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(`Hola, ${account.username}`)).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/menu');
  await expect(drawer.getByRole('link', { name: 'Mi Curso' })).toHaveAttribute('href', '/cursos/manifiesta');

  await drawer.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(toggle).toHaveCount(0);

  // The session is gone on the server too.
  const me = await page.request.get('/api/auth/verifyToken');
  expect(me.status()).toBe(401);
});

test('signing up again with an address that has an account shows the same panel; the mail tells the owner', async ({ page }) => {
  const account = await verifiedAccount(page.request);

  await page.goto('/signup');
  await signUpThroughForm(page, { ...account, username: newAccount().username });
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const mail = await mailWithSubject(account.email, 'Alguien intentó crear una cuenta con tu correo');
  expect(mail.text).toContain(`${new URL(page.url()).origin}/login`);
  expect(mail.text).not.toContain('verify-email');
});

test('an account not verified yet is offered a new verification e-mail', async ({ page, request }) => {
  const account = newAccount();
  expect((await request.post('/api/auth/signup', { data: account })).status()).toBe(200);

  await page.goto('/login');
  await logInThroughForm(page, account);
  await expect(page.getByRole('alert')).toContainText('Todavía no activaste tu cuenta');
  await page.getByRole('button', { name: 'Reenviar el correo de verificación' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'te enviamos un nuevo enlace' })).toBeVisible();
});

test('a signed-in user who opens /login is sent to /menu', async ({ page }) => {
  const account = await verifiedAccount(page.request);
  // page.request shares the browser context's cookies: this signs the page in.
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto('/login');
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByText(`@${account.username}`)).toBeVisible();
  await expect(page.getByLabel('Contraseña')).toHaveCount(0);
});

test('a guest on /mi-cuenta signs in and comes back to it', async ({ page }) => {
  const account = await verifiedAccount(page.request);

  await page.goto('/mi-cuenta?x=1');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/mi-cuenta?x=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();

  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/mi-cuenta\?x=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
});

test("a guest's 'Acceder' button leads to /login and back", async ({ page }) => {
  const account = await verifiedAccount(page.request);

  await page.goto('/about');
  const acceder = page.getByRole('link', { name: 'Acceder' });
  await expect(acceder).toHaveAttribute('href', '/login?redirect=/about');
  await acceder.click();
  await expect(page).toHaveURL(/\/login\?redirect=\/about$/);
  await expect(acceder).toHaveCount(0);

  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('button', { name: 'Abrir el menú de tu cuenta' })).toBeVisible();
});

test('a guest who signs up from inside the course lands back on the activity after verifying and logging in', async ({ page }) => {
  test.setTimeout(90_000);
  const WHEEL = '/cursos/manifiesta/12-areas-balance';
  const account = newAccount('vuelta');

  // The first activity, as a guest, to its summary.
  await page.goto(WHEEL);
  await page.getByRole('button', { name: 'Comenzar Actividad' }).click();
  for (let area = 1; area <= 12; area += 1) {
    await expect(page.getByText(`Área ${area} de 12`)).toBeVisible();
    await page.getByRole('radio', { name: '7', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Finalizar y ver Resumen' }).click();
  await page.getByRole('button', { name: 'Ir a la Siguiente Actividad' }).click();

  // The account prompt: sign up from it.
  const prompt = page.getByRole('dialog', { name: '¿Guardamos tu progreso?' });
  await prompt.getByRole('link', { name: 'Crear Cuenta Gratis' }).click();
  await expect(page).toHaveURL(`/signup?redirect=${WHEEL}`);
  await signUpThroughForm(page, account);

  // The mail's link carries the way back; the verify page hands it to the login page.
  const link = await verificationLink(account.email);
  expect(new URL(link).searchParams.get('redirect')).toBe(WHEEL);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '¡Tu cuenta está activa!' })).toBeVisible();
  await expect(page.getByText('Tu cuenta ha sido activada! Ya puedes iniciar sesión.')).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(WHEEL);

  await logInThroughForm(page, account);
  await expect(page).toHaveURL(WHEEL);
  await expect(page.getByRole('heading', { level: 1, name: 'Rueda de la Vida' })).toBeVisible();
  // What they did as a guest is in their account, and the page shows it: the wheel's summary, not its start.
  await expect(page.getByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comenzar Actividad' })).toHaveCount(0);
});

test.describe('«Mi cuenta», on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, acceptDownloads: true });

  test('name, password, the sessions of two browsers, and my data', async ({ page, browser }) => {
    const account = await verifiedAccount(page.request);
    await page.goto('/login');
    await logInThroughForm(page, account);
    await expect(page).toHaveURL(/\/menu$/);

    // From the drawer.
    await page.getByRole('button', { name: 'Abrir el menú de tu cuenta' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(page).toHaveURL(/\/mi-cuenta$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();

    // A name of any language; the drawer greets with it at once.
    const name = page.getByRole('region', { name: 'Tu nombre' });
    await name.getByLabel('Nombre', { exact: true }).fill('María José');
    await name.getByRole('button', { name: 'Guardar nombre' }).click();
    await expect(name.getByRole('status')).toHaveText('Listo: ya te saludamos con tu nuevo nombre.');
    await page.getByRole('button', { name: 'Abrir el menú de tu cuenta' }).click();
    await expect(page.getByRole('dialog').getByText('Hola, María José')).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar el menú' }).click();

    // A new password.
    const newPassword = 'una-clave-nueva-y-larga';
    const password = page.getByRole('region', { name: 'Contraseña', exact: true });
    await password.getByLabel('Contraseña actual', { exact: true }).fill(account.password);
    await password.getByLabel('Contraseña nueva', { exact: true }).fill(newPassword);
    await password.getByLabel('Repite la contraseña nueva').fill(newPassword);
    await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(password.getByRole('status')).toContainText('Cambiaste tu contraseña');

    // Another browser signs in with it: two sessions, this one marked; ending the other ends its cookie.
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin, userAgent: firefox });
    try {
      const login = await other.request.post('/api/auth/login', { data: { email: account.email, password: newPassword } });
      expect(login.status(), await login.text()).toBe(200);
      await page.reload();
      const sessions = page.getByRole('region', { name: 'Sesiones abiertas' });
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await expect(sessions.getByRole('listitem').filter({ hasText: 'Este dispositivo' })).toContainText('Chrome en Linux');
      await expect(sessions.getByRole('listitem').filter({ hasText: 'Firefox en Windows' })).toContainText('Último uso: hace un momento');
      await sessions.getByRole('button', { name: 'Cerrar la sesión de Firefox en Windows' }).click();
      await expect(sessions.getByRole('status')).toHaveText('Cerramos la sesión de Firefox en Windows.');
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      expect((await other.request.get('/api/auth/verifyToken')).status()).toBe(401);
      expect((await page.request.get('/api/auth/verifyToken')).status()).toBe(200);
    } finally {
      await other.close();
    }

    // My data, as a file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar mis datos' }).click()]);
    expect(download.suggestedFilename()).toBe('mis-datos-manifiesta.json');
    const saved = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      account: { email: string; username: string };
      events: Array<{ type: string }>;
    };
    expect(saved.account).toMatchObject({ email: account.email, username: 'María José' });
    expect(saved.events.map((e) => e.type)).toEqual(expect.arrayContaining(['UserRegistered', 'DisplayNameChanged', 'PasswordChanged']));
  });
});
