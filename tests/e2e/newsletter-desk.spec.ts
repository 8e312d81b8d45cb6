// The coach's letter editor end to end, on a phone: she writes a letter in /coach/newsletter, sees it as the
// archive's page and as the mail, sends herself a test (it reaches the SMTP sink), publishes it, and finds it in
// /newsletter. The preview frames break no rule of the Content-Security-Policy.
import { expect, test } from '@playwright/test';
import { grantRole, mailWithSubject, verifiedAccount } from './accounts';

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

  const preview = page.getByRole('region', { name: 'Vista previa' });
  const pageFrame = page.frameLocator('iframe[title="La página del archivo"]');
  await expect(pageFrame.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(pageFrame.locator('strong')).toHaveText('empezar de nuevo');
  await expect(pageFrame.locator('blockquote')).toHaveCSS('font-style', 'italic');

  await preview.getByRole('button', { name: 'Correo' }).click();
  await expect(preview.getByText(`Asunto: ${title}`)).toBeVisible();
  const mailFrame = page.frameLocator('iframe[title="El correo"]');
  await expect(mailFrame.locator('blockquote')).toHaveCSS('font-style', 'italic');
  await preview.getByRole('button', { name: 'Texto' }).click();
  await expect(preview.getByLabel('El correo en texto simple')).toContainText('Respira.');

  await page.getByRole('button', { name: 'Enviarme una prueba' }).click();
  await expect(page.getByRole('status')).toHaveText('Te enviamos la prueba a tu correo.');
  await expect(page).toHaveURL(/\/coach\/newsletter\/[0-9a-f-]{36}$/);
  const mail = await mailWithSubject(coach.email, `[Prueba] ${title}`);
  expect(mail.text).toContain('Respira.');

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
  expect(violations).toEqual([]);

  await page.goto('/coach/newsletter');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Publicada el');
});
