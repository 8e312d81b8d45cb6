// A forgotten password on a phone (390×844): ask for a link on /recuperar, open it from the mail the server wrote
// (its outbox, as every e2e spec reads mails), choose a new password, log in with it. The link works once.
import { expect, test } from '@playwright/test';
import { mailWithSubject, newAccount, verifiedAccount } from './accounts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const RESET_SUBJECT = 'Crea una nueva contraseña para Manifiesta';

function resetLink(text: string | undefined): string {
  const link = text?.match(/https?:\/\/\S*\/recuperar\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no reset link in: ${text}`);
  return link;
}

test('forgot the password: a link by mail, a new password, and in', async ({ page }) => {
  const account = await verifiedAccount(page.request, 'recupera');

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/recuperar$/);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  const link = resetLink((await mailWithSubject(account.email, RESET_SUBJECT)).text);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Crea una nueva contraseña' })).toBeVisible();
  // The token is read, then gone from the address bar (and from this entry of the history).
  await expect(page).toHaveURL(/\/recuperar$/);

  const password = 'mi-nueva-clave-tranquila';
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(password);
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Guardar mi nueva contraseña' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '¡Contraseña actualizada!' })).toBeVisible();
  await expect(page.getByText('cerramos todas las sesiones')).toBeVisible();

  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByText(`@${account.username}`)).toBeVisible();

  // The notice of the change reached the account's address.
  const notice = await mailWithSubject(account.email, 'Tu contraseña de Manifiesta cambió');
  expect(notice.text).toContain('(hora UTC)');

  // The same link a second time: it says so and offers a new one.
  await page.goto(link);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('otra-clave-distinta');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('otra-clave-distinta');
  await page.getByRole('button', { name: 'Guardar mi nueva contraseña' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Este enlace ya no sirve' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('ya se usó');
  await page.getByRole('button', { name: 'Pedir un enlace nuevo' }).click();
  await expect(page.getByRole('button', { name: 'Enviarme el enlace' })).toBeVisible();
});

test('an address without an account gets the same confirmation', async ({ page }) => {
  await page.goto('/recuperar');
  await page.getByLabel('Correo electrónico').fill(newAccount('nadie').email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
