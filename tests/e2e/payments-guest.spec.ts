// A guest buys the ebook on a phone with nothing but an e-mail address: /afirmaciones → 'Pago Promo' → the address →
// Mercado Pago's (fake) checkout page → «Pagar» → back on /confirmacion-pago, which hands over the download; the
// same kind of link arrives by mail (the server's outbox, `${E2E_DATA_DIR}/outbox`) and downloads too.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download } from '@playwright/test';
import { mailWithSubject, newAccount } from './accounts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';

async function pdfOf(download: Download): Promise<Buffer> {
  expect(download.suggestedFilename()).toBe('afirmaciones-ebook-completo.pdf');
  return readFile(await download.path());
}

test('a guest buys the ebook with an e-mail address, downloads it on the confirmation page, and again from the mail', async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = newAccount('invitada');

  await page.goto('/afirmaciones');
  await page.getByRole('button', { name: 'Pago Promo' }).click();
  const form = page.getByRole('form', { name: 'Comprar sin cuenta' });
  await expect(form).toBeVisible();
  await form.getByLabel('Tu email').fill(email);
  await form.getByRole('button', { name: 'Continuar al pago' }).click();

  await expect(page).toHaveURL(/\/checkout\/v1\/redirect\?pref_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagar Afirmaciones: el ebook completo' })).toBeVisible();
  await page.getByRole('button', { name: 'Pagar' }).click();

  await expect(page).toHaveURL(/\/confirmacion-pago\?/);
  await expect(page.getByRole('heading', { level: 2, name: '¡Gracias por tu compra!' })).toBeVisible();
  await expect(page.getByText(/también te enviamos un enlace de descarga por correo/)).toBeVisible();
  await expect(page.getByText(/El enlace vale hasta el/)).toBeVisible();
  const link = page.getByRole('link', { name: 'Descargar el ebook' });
  // Nothing fits badly on the phone: the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const downloading = page.waitForEvent('download');
  await link.click();
  expect(isPdf(await pdfOf(await downloading))).toBe(true);
  // No account was made or used, and the page stays where the link is.
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(/\/confirmacion-pago\?/);
  expect((await page.request.get('/api/auth/verifyToken')).status()).toBe(401);
  const record = JSON.parse((await page.evaluate(() => window.localStorage.getItem('userSM'))) ?? 'null');
  expect(record).toMatchObject({ pagoAfirmaciones: 'done' });

  const mail = await mailWithSubject(email, 'Tu ebook de Manifiesta: enlace de descarga');
  const mailed = mail.text?.match(/https?:\/\/\S+\/api\/downloads\/afirmaciones-ebook\?token=\S+/)?.[0];
  expect(mailed, mail.text).toBeDefined();
  const fromMail = await page.request.get(mailed!);
  expect(fromMail.status()).toBe(200);
  expect(fromMail.headers()['content-type']).toBe('application/pdf');
  expect(isPdf(await fromMail.body())).toBe(true);
});
