// The catalogue end to end: the coach changes the retreat's price and dates and the course's price in
// /coach/catalogo; /hielo and /manifiesta show them on the next load, and the checkout's preference (the fake
// Mercado Pago's page) is at the new price. The catalogue is put back as it was at the end (one server for all specs).
import { expect, test, type Page } from '@playwright/test';
import { grantRole, verifiedAccount } from './accounts';

const SHOTS = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  const width = page.viewportSize()!.width;
  // Sections are revealed as they scroll into view: walk down first.
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 400) await page.mouse.wheel(0, 400);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  // The price box alone, large enough to read.
  const price = page.locator('[class*="price"]').filter({ hasText: 'USD' }).first();
  if (await price.count()) await price.screenshot({ path: `${SHOTS}/${name}-price-${width}.png` });
};

test('the coach changes prices and dates in /coach/catalogo; the pages and the checkout follow at once', async ({ page }) => {
  test.setTimeout(90_000);
  const coach = await verifiedAccount(page.request, 'catalogo');
  await grantRole(coach, 9);
  const login = await page.request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } });
  expect(login.status(), await login.text()).toBe(200);
  const before = (await (await page.request.get('/api/coach/catalogue')).json()).data.version as number;

  try {
    await page.goto('/coach/catalogo');
    const retreat = page.getByRole('form', { name: 'Retiro de hielo' });
    await retreat.getByLabel('Precio total del retiro (USD)').fill('420');
    await retreat.getByLabel('Primer día del retiro').fill('2027-11-12');
    await retreat.getByLabel('Último día del retiro').fill('2027-11-14');
    await retreat.getByLabel('Lugares que quedan en el retiro').fill('6');
    await retreat.getByRole('button', { name: 'Guardar' }).click();
    await expect(retreat.getByRole('status')).toContainText('Guardado');

    const course = page.getByRole('form', { name: 'Curso Manifiesta' });
    await course.getByLabel('Precio del curso Manifiesta (USD)').fill('300');
    await course.getByRole('button', { name: 'Guardar' }).click();
    await expect(course.getByRole('status')).toContainText('Guardado');
    await expect(page.getByRole('region', { name: 'Historial' }).getByText(`Versión ${before + 2}`)).toBeVisible();

    await page.goto('/hielo');
    const price = page.getByRole('region', { name: 'Reserva tu lugar' });
    await expect(price.getByText('$420 USD', { exact: true })).toBeVisible();
    await expect(page.getByText('Del 12 al 14 de noviembre de 2027, de viernes a domingo')).toBeVisible();
    await expect(price.getByText(/Solo quedan 6 lugares/)).toBeVisible();
    await expect(page.getByText('$377 USD', { exact: true })).toHaveCount(0);

    await page.goto('/manifiesta');
    const enrol = page.getByRole('region', { name: 'Reserva tu lugar en Manifiesta' });
    await expect(enrol.getByText('$300 USD', { exact: true })).toBeVisible();
    await enrol.getByRole('button', { name: 'Inscribirme ahora' }).click();
    await expect(page).toHaveURL(/\/checkout\/v1\/redirect\?pref_id=/);
    await expect(page.getByText('$300 USD')).toBeVisible();

    // The other offers read it too (changed through the API here).
    const other = await page.request.patch('/api/coach/catalogue', { data: { reprogramaSingle: 190, reprogramaOldAmount: 250, masterclassesMonthly: 19 } });
    expect(other.status(), await other.text()).toBe(200);
    await page.goto('/reprograma');
    await expect(page.getByRole('region', { name: 'Empieza hoy tu reprogramación' }).getByText('$190 USD', { exact: true })).toBeVisible();
    await page.goto('/masterclasses');
    await expect(page.getByRole('region', { name: 'Súmate este mes' }).getByText('$19 USD', { exact: true })).toBeVisible();

    // Screenshots to look at, at a phone's width and a desktop's.
    if (SHOTS) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const path of ['/coach/catalogo', '/hielo', '/manifiesta', '/reprograma', '/masterclasses']) {
          await page.goto(path);
          await page.locator('h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          await shot(page, path.slice(1).replace('/', '-'));
        }
      }
    }
  } finally {
    // Back to what it was, as one more change (the other specs expect the spec's prices).
    const restored = await page.request.post('/api/coach/catalogue/restore', { data: { version: before } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
