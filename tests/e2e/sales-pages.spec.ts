// The sales pages end to end on the real server: each opens with its heading and its calls to action, and the
// clarification-call form of /manifiesta-call reaches the real API.
import { expect, test, type Page } from '@playwright/test';
import { serveSite } from './site';

/** Every external call to action opens a new tab without handing over the opener. */
async function expectSafeExternalLinks(page: Page) {
  const external = page.locator('a[target="_blank"]');
  expect(await external.count()).toBeGreaterThan(0);
  for (const rel of await external.evaluateAll((links) => links.map((a) => a.getAttribute('rel')))) {
    expect(rel).toBe('noopener noreferrer');
  }
}

const whatsappLinks = (page: Page) => page.locator('a[href^="https://wa.me/"]');

// Links come from the coach's settings: these pages are checked as she would have set them.
test.beforeEach(({ page }) => serveSite(page));

test('/reprograma opens with Reprogramate, its price and both calls to action', async ({ page }) => {
  await page.goto('/reprograma');
  await expect(page.getByRole('heading', { level: 1, name: 'Reprogramate' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Quiero reprogramarme/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Agenda tu sesión gratuita/ }).first()).toBeVisible();
  await expect(page.getByText('Cupos limitados – sin compromiso').first()).toBeVisible();
  await expect(page.getByText('$177 USD', { exact: true })).toBeAttached();
  await expect(page.getByText('$40 USD', { exact: true })).toBeAttached();
  expect(await whatsappLinks(page).count()).toBeGreaterThan(1);
  await expectSafeExternalLinks(page);
});

test('/manifiesta sells the course: price, modules, and the enrol button asks a guest to sign in first, back to this page', async ({ page }) => {
  await page.goto('/manifiesta');
  await expect(page.getByRole('heading', { level: 1, name: 'Manifiesta: el curso completo' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Los 5 módulos' }).getByRole('listitem')).toHaveCount(5);

  await page.getByRole('button', { name: 'Quiero inscribirme' }).first().click();
  const enrol = page.getByRole('region', { name: 'Reserva tu lugar en Manifiesta' });
  await expect(enrol).toBeFocused();
  await expect(enrol.getByText('$270 USD', { exact: true })).toBeVisible();
  await expect(enrol.locator('s')).toContainText('$770 USD');
  await expectSafeExternalLinks(page);
  // The checkout is made by the server for a signed-in buyer (payments.spec.ts): a guest signs in first.
  await enrol.getByRole('link', { name: 'Inscribirme ahora' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=\/manifiesta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
});

test('/manifiesta-call: booking and WhatsApp links, and the request form reaches the real API', async ({ page }) => {
  await page.goto('/manifiesta-call');
  await expect(page.getByRole('heading', { level: 1, name: 'Llamada de claridad' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Agenda tu llamada gratuita/ }).first()).toHaveAttribute('href', /^https:\/\//);
  expect(await whatsappLinks(page).count()).toBeGreaterThan(0);
  await expectSafeExternalLinks(page);

  const form = page.getByRole('form', { name: 'Pedir la llamada de claridad' });
  await form.getByLabel('Tu nombre').fill('Sofía');
  await form.getByRole('button', { name: 'Quiero mi llamada gratuita' }).click();
  await expect(form.getByText('Déjanos un email o un número de WhatsApp para poder contactarte.')).toBeVisible();

  const posted = page.waitForResponse((r) => r.url().includes('/api/manifiesta/clarification-call') && r.request().method() === 'POST');
  await form.getByLabel('Tu email').fill(`sofia-${Date.now().toString(36)}@example.com`);
  await form.getByLabel('¿Qué te gustaría cambiar en tu vida? (opcional)').fill('Quiero ordenar mis prioridades.');
  await form.getByRole('button', { name: 'Quiero mi llamada gratuita' }).click();
  expect((await posted).status()).toBe(200);
  await expect(page.getByRole('status')).toHaveText(/^¡Gracias! Recibimos tu solicitud/);
});

test('/hielo states the retreat and repeats its calls to action', async ({ page }) => {
  await page.goto('/hielo');
  await expect(page.getByRole('heading', { level: 1, name: 'Retiro de Hielo en Córdoba' })).toBeVisible();
  // The spec gives no year, so no weekdays until the coach sets one in the catalogue.
  await expect(page.getByText('Del 14 al 16 de noviembre', { exact: true })).toBeAttached();
  await expect(page.getByText('$377 USD', { exact: true })).toBeAttached();
  expect(await whatsappLinks(page).count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('link', { name: /Agenda una llamada informativa/ }).first()).toBeVisible();
  const faq = page.getByRole('region', { name: 'Antes de reservar' });
  await expect(faq.getByRole('button')).toHaveCount(5);
  const answer = faq.getByText('el traslado hasta el pueblo no está incluido');
  await expect(answer).toBeHidden();
  await faq.getByRole('button', { name: '¿Está incluido el traslado?' }).click();
  await expect(answer).toBeVisible();
  await faq.getByRole('button', { name: '¿Está incluido el traslado?' }).click();
  await expect(answer).toBeHidden();
  await expectSafeExternalLinks(page);
});
