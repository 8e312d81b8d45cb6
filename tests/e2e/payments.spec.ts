// Buying end to end against the fake Mercado Pago that global setup starts (server.ts): the buy button asks the
// server for a checkout, the browser goes to the fake's checkout page, «Pagar» makes the payment and sends the
// buyer back to /confirmacion-pago as Mercado Pago does; the server verifies the payment with the fake and grants
// it to its purchase's buyer only. Payments made outside our checkout: fake-payments.ts.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { logInThroughForm, mailWithSubject, verifiedAccount, type Account } from './accounts';
import { buildTexts } from './build-files';
import { E2E_PAYMENTS } from './fake-payments';

const INVALID = 'Los datos de pago son inválidos o el pago fue rechazado. Si crees que es un error, contacta a soporte.';
const SUCCESS = '¡Pago exitoso! Tu acceso ha sido activado.';
const HELD = 'Recibimos tu pago, pero no corresponde a una compra iniciada en este sitio. Lo revisaremos y te escribiremos para activar tu acceso.';

const returnUrl = (productId: string, paymentId: number | string, extra = '') =>
  `/confirmacion-pago?product_id=${productId}&payment_id=${paymentId}&status=approved${extra}`;

async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

async function rolesOf(page: Page): Promise<number[]> {
  const me = await page.request.get('/api/auth/verifyToken');
  expect(me.status()).toBe(200);
  return (await me.json()).data.roles;
}

async function entitlementsOf(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/me/entitlements');
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { productId: string }[]).map((e) => e.productId);
}

/** On Mercado Pago's (fake) checkout page for `title`: the buyer pays and is sent back to the site. */
async function payOnCheckoutPage(page: Page, title: string) {
  await expect(page).toHaveURL(/\/checkout\/v1\/redirect\?pref_id=/);
  await expect(page.getByRole('heading', { level: 1, name: `Pagar ${title}` })).toBeVisible();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/confirmacion-pago\?/);
  const back = new URL(page.url());
  // Mercado Pago's return address: our purchase comes back as external_reference.
  expect(back.searchParams.get('status')).toBe('approved');
  expect(back.searchParams.get('external_reference')).toMatch(/^[0-9a-f-]{36}$/);
  return back;
}

test('no checkout address ships in the build: every checkout is made by the server for its buyer', () => {
  const texts = buildTexts();
  // The scan reads the build, the buy button's own code included, so a miss below is not a blind spot.
  expect(texts.length).toBeGreaterThan(50);
  expect(texts.some((f) => f.text.includes('Continuar al pago'))).toBe(true);
  const CHECKOUT_ADDRESSES = [/mercadopago\.com/i, /pref_id/i, /checkout\/v1\/redirect/i, /VITE_CHECKOUT/];
  const found = texts.flatMap(({ file, text }) => CHECKOUT_ADDRESSES.filter((pattern) => pattern.test(text)).map((pattern) => `${pattern} in ${file}`));
  expect(found).toEqual([]);
});

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

test('a signed-in learner enrols on /manifiesta, pays, becomes premium and lands on /cursos/manifiesta', async ({ page }) => {
  test.setTimeout(60_000);
  const account = await verifiedAccount(page.request, 'curso');
  await logIn(page, account);
  expect(await rolesOf(page)).not.toContain(7);

  await page.goto('/manifiesta');
  await page.getByRole('region', { name: 'Reserva tu lugar en Manifiesta' }).getByRole('button', { name: 'Inscribirme ahora' }).click();
  await payOnCheckoutPage(page, 'Manifiesta: el curso completo');

  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(page.getByText('Serás redirigido en unos segundos...')).toBeVisible();
  await expect(page).toHaveURL(/\/cursos\/manifiesta$/, { timeout: 10_000 });
  expect(await rolesOf(page)).toContain(7);
  await mailWithSubject(account.email, 'Tu compra en Manifiesta está activa');
});

test('a signed-in learner buys the ebook on /afirmaciones, pays, and downloads it from there', async ({ page }) => {
  test.setTimeout(60_000);
  const account = await verifiedAccount(page.request, 'ebook');
  await logIn(page, account);

  await page.goto('/afirmaciones');
  await page.getByRole('button', { name: 'Pago Promo' }).click();
  // The account is the buyer: no address is asked.
  await expect(page.getByRole('form', { name: 'Comprar sin cuenta' })).toHaveCount(0);
  await payOnCheckoutPage(page, 'Afirmaciones: el ebook completo');

  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(page).toHaveURL(/\/menu$/, { timeout: 10_000 });
  expect(await entitlementsOf(page)).toEqual(['afirmaciones-ebook']);
  const record = JSON.parse((await page.evaluate(() => window.localStorage.getItem('userSM'))) ?? 'null');
  expect(record).toMatchObject({ pagoAfirmaciones: 'done' });

  await page.goto('/afirmaciones');
  const form = page.getByRole('form', { name: 'Descargar el ebook completo' });
  await expect(form).toBeVisible();
  await expect(page.getByText('Pago Promo')).toHaveCount(0);
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

test("the buyer of an account's purchase who comes back signed out signs in there, and the page confirms by itself", async ({ page, context }) => {
  test.setTimeout(60_000);
  const account = await verifiedAccount(page.request, 'vuelta');
  await logIn(page, account);
  await page.goto('/manifiesta');
  await page.getByRole('region', { name: 'Reserva tu lugar en Manifiesta' }).getByRole('button', { name: 'Inscribirme ahora' }).click();
  await expect(page).toHaveURL(/\/checkout\/v1\/redirect\?pref_id=/);
  // The session ends while the buyer is paying (another device, a cleared browser).
  await context.clearCookies();
  const back = await payOnCheckoutPage(page, 'Manifiesta: el curso completo');

  await expect(page.getByRole('heading', { level: 2, name: 'Falta un paso' })).toBeVisible();
  await expect(page.getByText('Inicia sesión con la cuenta con la que compraste para activar tu compra.')).toBeVisible();
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await logInThroughForm(page, account);

  await expect(page.getByText(SUCCESS)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('payment_id')).toBe(back.searchParams.get('payment_id'));
  await expect(page).toHaveURL(/\/cursos\/manifiesta$/, { timeout: 10_000 });
  expect(await rolesOf(page)).toContain(7);
});

test('a payment is granted to its buyer only: another account that brings it back is refused and gets nothing', async ({ page }) => {
  test.setTimeout(60_000);
  const buyer = await verifiedAccount(page.request, 'duena');
  const other = await verifiedAccount(page.request, 'otra');
  await logIn(page, buyer);
  await page.goto('/manifiesta');
  await page.getByRole('region', { name: 'Reserva tu lugar en Manifiesta' }).getByRole('button', { name: 'Inscribirme ahora' }).click();
  await expect(page).toHaveURL(/\/checkout\/v1\/redirect\?pref_id=/);
  // Someone else's session in this browser by the time the buyer comes back.
  await logIn(page, other);
  await payOnCheckoutPage(page, 'Manifiesta: el curso completo');

  await expect(page.getByRole('heading', { level: 2, name: 'Error en la Confirmación' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Este pago pertenece a otra cuenta. Inicia sesión con la cuenta con la que compraste.');
  expect(await rolesOf(page)).not.toContain(7);
});

test('a payment made outside our checkout is held for the coach: the buyer is told so calmly, and nothing is granted', async ({ page }) => {
  const account = await verifiedAccount(page.request, 'retenido');
  await logIn(page, account);

  await page.goto(returnUrl('afirmaciones-ebook', E2E_PAYMENTS.held.id, '&external_reference=afirmaciones-ebook'));
  await expect(page.getByRole('heading', { level: 2, name: 'Tu pago está en revisión' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(HELD);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(/\/confirmacion-pago\?/);
  expect(await entitlementsOf(page)).toEqual([]);
  expect(await rolesOf(page)).not.toContain(7);
  expect((await page.request.get('/api/downloads/afirmaciones-ebook')).status()).toBe(403);
});

test('a payment the provider rejected is not granted, whatever the return URL says', async ({ page }) => {
  const account = await verifiedAccount(page.request, 'rechazo');
  await logIn(page, account);

  await page.goto(returnUrl('manifiesta-curso-completo', E2E_PAYMENTS.rejected.id));
  await expect(page.getByRole('heading', { level: 2, name: 'Error en la Confirmación' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(INVALID);
  expect(await rolesOf(page)).not.toContain(7);
});
