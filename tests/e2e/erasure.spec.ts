// Leaving, on a phone (390×844): a learner deletes the account from «Mi cuenta» (password and the typed word),
// lands on a goodbye, gets the confirmation mail, and the old password opens nothing any more; a visitor who left
// an address for a download forgets it from the link in the welcome mail.
import { expect, test } from '@playwright/test';
import { logInThroughForm, mailWithSubject, verifiedAccount } from './accounts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true });

test('«Eliminar mi cuenta»: the password and ELIMINAR, a goodbye, a confirmation mail, and the account is gone', async ({ page }) => {
  const account = await verifiedAccount(page.request, 'se-va');
  await page.goto('/login');
  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/menu$/);
  await page.goto('/mi-cuenta');

  const leave = page.getByRole('region', { name: 'Eliminar mi cuenta' });
  await leave.scrollIntoViewIfNeeded();
  // A wrong password deletes nothing, and says so.
  await leave.getByLabel('Tu contraseña').fill('no-es-mi-clave');
  await leave.getByLabel('Escribe ELIMINAR para confirmar').fill('ELIMINAR');
  await leave.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }).click();
  await expect(leave.getByRole('alert')).toContainText('La contraseña no es correcta');
  expect((await page.request.get('/api/auth/verifyToken')).status()).toBe(200);

  await leave.getByLabel('Tu contraseña').fill(account.password);
  await leave.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Eliminamos tu cuenta' })).toBeVisible();
  await expect(page).toHaveURL(/\/menu$/);
  expect((await page.request.get('/api/auth/verifyToken')).status()).toBe(401);

  const mail = await mailWithSubject(account.email, 'Tu cuenta de Manifiesta fue eliminada');
  expect(mail.text).not.toContain(account.username);
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(401);
});

test('the link of a welcome mail: one click, and the address is forgotten', async ({ page }) => {
  const email = `olvido-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await page.goto('/niveles');
  await page.getByLabel('Tu nombre').fill('Dora');
  await page.getByLabel('Tu email').fill(email);
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /Descargar/ })
    .first()
    .click();
  await download;

  const welcome = await mailWithSubject(email, 'Tu guía de los niveles de conciencia');
  const link = welcome.text?.match(/https?:\/\/\S*\/olvidar\?token=[\w%.-]+/)?.[0];
  expect(link, welcome.text).toBeTruthy();
  // The header offers the one-click unsubscribe (RFC 8058); the forget link is the footer's second one.
  expect(welcome.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain('/api/newsletter/unsubscribe?token=');

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Darme de baja y olvidar mi dirección' })).toBeVisible();
  await page.getByRole('button', { name: 'Sí, darme de baja y olvidarme' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});
