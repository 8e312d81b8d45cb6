// The coach's welcome mails end to end, on a phone: in /coach/secuencias she rewrites the audiobook's welcome in her
// own words, sees it as the mail, sends herself a test (it reaches the SMTP sink), writes a second mail for day 3;
// then a visitor downloads the audiobook from /nostalgia and the welcome that arrives is hers. The preview frame
// breaks no rule of the Content-Security-Policy.
import { expect, test } from '@playwright/test';
import { grantRole, mailWithSubject, verifiedAccount } from './accounts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true });

test('the coach rewrites a download’s welcome, tests it, adds a second mail, and a visitor gets her welcome', async ({ page }) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  const coach = await verifiedAccount(page.request, 'bienvenidas');
  await grantRole(coach, 9);
  const login = await page.request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto('/coach/secuencias');
  await expect(page).toHaveTitle('Bienvenidas · Manifiesta');
  const audiobook = page.getByRole('region', { name: 'Audiolibro «Soltar el Pasado»' });
  await audiobook.getByRole('link', { name: 'Tu audiolibro «Soltar el Pasado» ya es tuyo' }).click();
  await expect(page).toHaveURL(/\/coach\/secuencias\/nostalgia\/fragmento\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Correo 1: al momento de la descarga' })).toBeVisible();

  const subject = `Tu audiolibro te espera ${Date.now()}`;
  await page.getByLabel('Asunto').fill(subject);
  await page.getByLabel('Texto').fill('Escúchalo **sin apuro**, con los ojos cerrados.\n\n> Soltar también es un regalo.');
  const preview = page.getByRole('region', { name: 'Vista previa' });
  await expect(preview.getByText(`Asunto: ${subject}`)).toBeVisible();
  const mailFrame = page.frameLocator('iframe[title="El correo"]');
  await expect(mailFrame.locator('strong')).toHaveText('sin apuro');
  await expect(mailFrame.locator('blockquote')).toHaveCSS('font-style', 'italic');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  await page.getByRole('button', { name: 'Enviarme una prueba' }).click();
  await expect(page.getByRole('status')).toHaveText('Te enviamos una prueba a tu correo. Llega en unos minutos.');
  await expect(page.getByText('Escrito por ti', { exact: true })).toBeVisible();
  const test1 = await mailWithSubject(coach.email, `[Prueba] ${subject}`);
  expect(test1.text).toContain('Escúchalo sin apuro, con los ojos cerrados.');

  await page.getByRole('link', { name: 'Volver a los correos de bienvenida' }).click();
  await audiobook.getByRole('link', { name: 'Correo 2' }).click();
  await page.getByLabel('Asunto').fill('¿Cómo te fue con el audiolibro?');
  await page.getByLabel('Día').fill('3');
  await page.getByLabel('Texto').fill('Hoy te propongo volver a escucharlo.');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status')).toHaveText('Correo guardado.');
  await page.getByRole('link', { name: 'Volver a los correos de bienvenida' }).click();
  await expect(audiobook.getByRole('listitem').nth(1)).toContainText('Día 3¿Cómo te fue con el audiolibro?Escrito por ti');
  expect(violations).toEqual([]);

  // A visitor, in a context of her own: the welcome that arrives is the coach's.
  const visitor = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true, baseURL: test.info().project.use.baseURL });
  const visit = await visitor.newPage();
  const email = `bienvenida-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await visit.goto('/nostalgia');
  await visit.getByLabel('Tu nombre').fill('Inés');
  await visit.getByLabel('Tu email').fill(email);
  const download = visit.waitForEvent('download');
  await visit.getByRole('button', { name: 'Descargar el audiolibro' }).click();
  await download;
  const welcome = await mailWithSubject(email, subject);
  expect(welcome.text).toContain('Inés');
  expect(welcome.text).toContain('Escúchalo sin apuro, con los ojos cerrados.');
  await visitor.close();
});
