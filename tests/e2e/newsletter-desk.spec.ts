// The coach's letter editor end to end, on a phone: she writes a letter in /coach/newsletter, uploads its cover
// right there, sees it as the archive's page and as the mail, sends herself a test (it reaches the SMTP sink),
// publishes it, and finds it in /newsletter with its cover. The preview frames break no rule of the
// Content-Security-Policy.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { grantRole, mailWithSubject, verifiedAccount } from './accounts';

/** A 1600×900 landscape-shaped test picture: a warm sky over a teal hill. */
const coverPng = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3d9b8"/><stop offset="1" stop-color="#d98f6a"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/><ellipse cx="800" cy="1000" rx="1100" ry="420" fill="#2f6f6a"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

test.use({ viewport: { width: 390, height: 844 } });

test('the coach writes a letter, previews it, sends herself a test, publishes it and finds it in the archive', async ({ page }) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  const coach = await verifiedAccount(page.request, 'cartas');
  await grantRole(coach, 9);
  const login = await page.request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto('/coach/newsletter');
  await expect(page).toHaveTitle('Newsletter · Manifiesta');
  await page.getByRole('link', { name: 'Nueva carta' }).click();
  await expect(page).toHaveURL(/\/coach\/newsletter\/nueva$/);

  const title = `Una carta de prueba ${Date.now()}`;
  await page.getByLabel('Título').fill(title);
  const slug = await page.getByLabel('Dirección').inputValue();
  expect(slug).toMatch(/^una-carta-de-prueba-\d+$/);
  await page.getByLabel('Serie').selectOption({ label: 'Metafísica y manifestación' });
  await page.getByLabel('Texto').fill('Hoy te escribo sobre **empezar de nuevo**.\n\n> Lo que vibras, vuelve.\n\n## Un paso\n\nRespira.');

  // Its cover, uploaded to her library from the editor and chosen at once.
  const cover = page.getByRole('group', { name: 'Portada' });
  await cover.getByText('Elegir una portada').click();
  await cover.getByLabel('O sube una imagen nueva').setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: await coverPng() });
  await cover.getByRole('button', { name: 'Subir y usar como portada' }).click();
  await expect(cover.getByAltText('La portada elegida')).toBeVisible();
  await expect(cover.getByRole('button', { name: 'Quitar la portada' })).toBeVisible();

  const preview = page.getByRole('region', { name: 'Vista previa' });
  const pageFrame = page.frameLocator('iframe[title="La página del archivo"]');
  await expect(pageFrame.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(pageFrame.locator('strong')).toHaveText('empezar de nuevo');
  await expect(pageFrame.locator('blockquote')).toHaveCSS('font-style', 'italic');
  await expect(pageFrame.locator('picture img.letter-cover')).toHaveJSProperty('complete', true);
  expect(await pageFrame.locator('picture img.letter-cover').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await preview.getByRole('button', { name: 'Correo' }).click();
  await expect(preview.getByText(`Asunto: ${title}`)).toBeVisible();
  const mailFrame = page.frameLocator('iframe[title="El correo"]');
  await expect(mailFrame.locator('blockquote')).toHaveCSS('font-style', 'italic');
  await expect(mailFrame.locator('img')).toHaveAttribute('src', /^http.*\/media\/[0-9a-f]{64}\.png$/);
  await preview.getByRole('button', { name: 'Texto' }).click();
  await expect(preview.getByLabel('El correo en texto simple')).toContainText('Respira.');

  await page.getByRole('button', { name: 'Enviarme una prueba' }).click();
  await expect(page.getByRole('status')).toHaveText('Te enviamos la prueba a tu correo.');
  await expect(page).toHaveURL(/\/coach\/newsletter\/[0-9a-f-]{36}$/);
  const mail = await mailWithSubject(coach.email, `[Prueba] ${title}`);
  expect(mail.text).toContain('Respira.');
  expect(String(mail.html)).toMatch(/<img src="http[^"]*\/media\/[0-9a-f]{64}\.png" alt=""/);
  expect(mail.text).not.toContain('/media/');

  await page.getByRole('button', { name: 'Publicar' }).click();
  await page.getByRole('button', { name: 'Sí, publicar' }).click();
  await expect(page.getByRole('status')).toContainText('Publicada.');
  await expect(page.getByLabel('Dirección')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Retirar del archivo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver en el archivo' })).toHaveAttribute('href', `/newsletter/meta/${slug}`);

  await page.goto('/newsletter');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/newsletter/meta/${slug}$`));
  await expect(page.getByRole('article').getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('article').getByText('Respira.')).toBeVisible();
  const shown = page.getByRole('article').locator('picture img');
  await expect(shown).toHaveAttribute('alt', '');
  await expect(shown).toHaveAttribute('width', '1600');
  await expect(shown).toHaveAttribute('height', '900');
  await expect(shown).toHaveJSProperty('complete', true);
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.(avif|webp)$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(violations).toEqual([]);

  await page.goto('/coach/newsletter');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Publicada el');
});
