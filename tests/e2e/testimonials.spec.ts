// Testimonials end to end: the coach (role 9) adds two real ones for /hielo with the client's consent; the page
// shows them in its own section; removed from the coach's page after confirming, they are gone from /hielo.
import { expect, test } from '@playwright/test';
import { grantRole, verifiedAccount } from './accounts';

const SHOTS = process.env.SCREENSHOT_DIR;
const TWO = [
  { name: 'Lucía M.', text: 'Llegué con miedo al frío y me fui sabiendo que puedo con mucho más de lo que creía.' },
  { name: 'Jorge', text: 'Tres días que me ordenaron la cabeza. Volví con calma y con ganas.' },
];
const HEADING = 'Lo que cuentan quienes ya lo vivieron';

test('the coach adds two testimonials for /hielo, the page shows them, and removing them takes them off', async ({ page }) => {
  test.setTimeout(90_000);
  const coach = await verifiedAccount(page.request, 'testimonios');
  await grantRole(coach, 9);
  const login = await page.request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } });
  expect(login.status(), await login.text()).toBe(200);

  const refused = await page.request.post('/api/coach/testimonials', { data: { ...TWO[0], page: 'hielo', consent: false } });
  expect(refused.status()).toBe(400);
  for (const t of TWO) {
    const res = await page.request.post('/api/coach/testimonials', { data: { ...t, page: 'hielo', consent: true } });
    expect(res.status(), await res.text()).toBe(200);
  }

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/hielo');
    const section = page.getByRole('region', { name: HEADING });
    await expect(section).toBeVisible();
    await expect(section.getByText(TWO[0]!.text)).toBeVisible();
    await expect(section.getByText('Jorge')).toBeVisible();
    if (SHOTS) {
      await section.scrollIntoViewIfNeeded();
      await page.waitForTimeout(700); // the cards fade in
      await page.screenshot({ path: `${SHOTS}/hielo-testimonials-${width}.png` });
    }
    await page.goto('/coach/testimonios');
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonios' })).toBeVisible();
    await expect(page.getByText(TWO[1]!.text)).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/coach-testimonios-${width}.png`, fullPage: true });
  }

  for (const t of TWO) {
    const card = page.getByRole('listitem').filter({ hasText: t.text });
    await card.getByRole('button', { name: 'Eliminar' }).click();
    await card.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(page.getByRole('status')).toHaveText(`Listo: el testimonio de ${t.name} ya no se muestra.`);
  }
  await page.goto('/hielo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: HEADING })).toHaveCount(0);
});
