// Payment confirmation end to end against the fake Mercado Pago that global setup starts (server.ts): the
// checkout's return URL is opened as the buyer would, the server verifies the payment with the fake, the
// account changes, and the buyer lands where the product lives. Payment ids: fake-payments.ts.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { verifiedAccount, type Account } from './accounts';
import { E2E_PAYMENTS } from './fake-payments';

const INVALID = 'Los datos de pago son inválidos o el pago fue rechazado. Si crees que es un error, contacta a soporte.';

const returnUrl = (productId: string, paymentId: number | string, status = 'approved') =>
  `/confirmacion-pago?product_id=${productId}&payment_id=${paymentId}&status=${status}`;

async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

async function rolesOf(page: Page): Promise<number[]> {
  const me = await page.request.get('/api/auth/verifyToken');
  expect(me.status()).toBe(200);
  return (await me.json()).data.roles;
}

test("/confirmacion-pago with missing data shows 'Error en la Confirmación' and calls nothing", async ({ page }) => {
  await logIn(page, await verifiedAccount(page.request, 'pago'));
  const confirms: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/payment/confirm')) confirms.push(request.url());
  });

  await page.goto('/confirmacion-pago?product_id=manifiesta-curso-completo&status=approved');
  await expect(page.getByRole('heading', { level: 2, name: 'Error en la Confirmación' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(INVALID);
  expect(confirms).toEqual([]);
});

test('a signed-in user with a fake approved payment becomes premium and lands on /cursos/manifiesta', async ({ page }) => {
  const account = await verifiedAccount(page.request, 'curso');
  await logIn(page, account);
  expect(await rolesOf(page)).not.toContain(7);

  await page.goto(returnUrl('manifiesta-curso-completo', E2E_PAYMENTS.course.id));
  await expect(page.getByText('¡Pago exitoso! Tu acceso ha sido activado.')).toBeVisible();
  await expect(page.getByText('Serás redirigido en unos segundos...')).toBeVisible();
  await expect(page).toHaveURL(/\/cursos\/manifiesta$/, { timeout: 10_000 });
  expect(await rolesOf(page)).toContain(7);
});

test('a payment the provider rejected is not granted, whatever the return URL says', async ({ page }) => {
  const account = await verifiedAccount(page.request, 'rechazo');
  await logIn(page, account);

  await page.goto(returnUrl('manifiesta-curso-completo', E2E_PAYMENTS.rejected.id));
  await expect(page.getByRole('heading', { level: 2, name: 'Error en la Confirmación' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(INVALID);
  expect(await rolesOf(page)).not.toContain(7);
});

test('a guest back from the ebook checkout signs in, is confirmed, and downloads the full ebook', async ({ page }) => {
  test.setTimeout(60_000);
  const account = await verifiedAccount(page.request, 'ebook');
  const back = returnUrl('afirmaciones-ebook', E2E_PAYMENTS.ebook.id);

  await page.goto(back);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  await expect(page.getByText('¡Pago exitoso! Tu acceso ha sido activado.')).toBeVisible();
  await expect(page).toHaveURL(/\/menu$/, { timeout: 10_000 });
  const record = JSON.parse((await page.evaluate(() => window.localStorage.getItem('userSM'))) ?? 'null');
  expect(record).toMatchObject({ pagoAfirmaciones: 'done' });

  await page.goto('/afirmaciones');
  const form = page.getByRole('form', { name: 'Descargar el ebook completo' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pago Promo' })).toHaveCount(0);
  await form.getByLabel('Tu nombre').fill('Lucía');
  await form.getByLabel('Tu email').fill(account.email);
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Descargar mi ebook' }).click();
  const ebook = await download;
  expect(ebook.suggestedFilename()).toBe('afirmaciones-ebook-completo.pdf');
  const pdf = await readFile(await ebook.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('heading', { name: '¡Gracias, Lucía! Tu ebook está en camino' })).toBeVisible();
});
