// Leaving the letters, on a phone (390×844): a visitor downloads a free guide with the newsletter's box ticked (the
// download is immediate, a confirmation mail goes too), then opens the unsubscribe link of her welcome mail, leaves
// with one tap and comes back with another (decision 0019).
import { expect, test } from '@playwright/test';
import { mailWithSubject } from './accounts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true });

test('a download with the box ticked asks for the letters; the welcome mail’s link leaves and comes back', async ({ page }) => {
  const email = `baja-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await page.goto('/niveles');
  await page.getByLabel('Tu nombre').fill('Dora');
  await page.getByLabel('Tu email').fill(email);
  const box = page.getByRole('checkbox', { name: 'Quiero recibir también las cartas del newsletter' }).first();
  await expect(box).not.toBeChecked();
  await box.check();
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /Descargar/ })
    .first()
    .click();
  await download;
  await expect(page.getByText('te enviamos un enlace para confirmar tu suscripción')).toBeVisible();
  await mailWithSubject(email, 'Confirma tu suscripción al newsletter de Manifiesta');

  const welcome = await mailWithSubject(email, 'Tu guía de los niveles de conciencia');
  expect(welcome.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toContain('List-Unsubscribe=One-Click');
  const link = welcome.text?.match(/https?:\/\/\S*\/newsletter\/baja\?token=[\w%.-]+/)?.[0];
  expect(link, welcome.text).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Darte de baja de las cartas' })).toBeVisible();
  // Opening the link changed nothing; the token left the address bar.
  expect(page.url()).not.toContain('token=');
  await page.getByRole('button', { name: 'Darme de baja' }).click();
  await expect(page.getByRole('status')).toContainText('ya no recibirás más cartas');
  await expect(page.getByRole('heading', { level: 1, name: 'Listo, te diste de baja' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  await page.getByRole('button', { name: 'Volver a suscribirme' }).click();
  await expect(page.getByRole('status')).toContainText('Vuelves a recibir las cartas');
  await expect(page.getByRole('link', { name: 'Leer las cartas anteriores' })).toBeVisible();
});
