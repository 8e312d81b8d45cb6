// The public pages a visitor reaches from a social profile: the link-in-bio menu, the free resources, the
// masterclass subscription, the 1:1 session and the coach's story; and the site notice above them all.
import { expect, test, type Page } from '@playwright/test';
import { serveSite } from './site';

const PAGES = [
  { path: '/menu', heading: 'Manifiesta' },
  { path: '/masterclasses', heading: 'Masterclasses' },
  { path: '/coaching', heading: 'Sesión 1:1 de Propósito' },
  { path: '/about', heading: 'Sobre mí' },
  { path: '/recursos-gratuitos', heading: 'Recursos Gratuitos' },
];

for (const { path, heading } of PAGES) {
  test(`${path} loads with its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

// Links come from the coach's settings: these pages are checked as she would have set them.
test.beforeEach(({ page }) => serveSite(page));

test('each card of /recursos-gratuitos leads to its resource', async ({ page }) => {
  const cards = [
    { action: 'Meditar ahora', path: '/cursos/manifiesta/meditacion-7-fases' },
    { action: 'Empezar el curso', path: '/cursos/manifiesta' },
    { action: 'Leer las cartas', path: '/newsletter' },
    { action: 'Descargar el fragmento', path: '/afirmaciones' },
    { action: 'Escuchar el audio', path: '/nostalgia' },
  ];
  for (const { action, path } of cards) {
    await page.goto('/recursos-gratuitos');
    await page.getByRole('link', { name: action }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test("a guest's /menu has no 'Continuar mi Curso' and starts with the programme", async ({ page }) => {
  await page.goto('/menu');
  const main = page.getByRole('navigation', { name: 'Enlaces principales' });
  await expect(main.getByRole('link').first()).toHaveAttribute('href', '/reprograma');
  await expect(page.getByText('Continuar mi Curso')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Redes sociales' }).getByRole('link')).toHaveCount(5);
});

test('/coaching opens WhatsApp with its own greeting and books on the scheduling page, in new tabs', async ({ page }) => {
  await page.goto('/coaching');
  const whatsapp = page.locator('a[href^="https://wa.me/"]').first();
  const href = await whatsapp.getAttribute('href');
  expect(new URL(href!).searchParams.get('text')).toContain('Sesión 1:1 de Propósito');
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  const booking = page.getByRole('link', { name: /Agenda tu sesión/ }).first();
  await expect(booking).toHaveAttribute('href', /^https:\/\//);
  await expect(booking).toHaveAttribute('target', '_blank');
  await expect(page.getByText('$17 USD').first()).toBeVisible();
});

/** Answers GET /api/app/notification in the browser with `notice` (the e2e server runs without one). */
async function serveNotice(page: Page, notice: { id: string; text: string; link: string | null }) {
  await page.route('**/api/app/notification*', (route) => route.fulfill({ json: { success: true, message: 'Aviso del sitio.', data: notice } }));
}

test('the site notice shows above the page, stays closed after a reload, and comes back when it changes', async ({ page }) => {
  await serveNotice(page, { id: 'e2e-notice-1', text: 'Últimos cupos para el Retiro de Hielo.', link: '/hielo' });
  await page.goto('/about');
  const notice = page.getByRole('complementary', { name: 'Aviso' });
  await expect(notice.getByRole('link', { name: 'Últimos cupos para el Retiro de Hielo.' })).toBeVisible();

  await notice.getByRole('button', { name: 'Cerrar aviso' }).click();
  await expect(notice).toHaveCount(0);
  // Reloaded, the page asks again and gets the same notice: it stays closed.
  const askedAgain = page.waitForResponse((response) => response.url().includes('/api/app/notification'));
  await page.reload();
  await askedAgain;
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre mí' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.unroute('**/api/app/notification*');
  await serveNotice(page, { id: 'e2e-notice-2', text: 'Nueva masterclass en vivo este jueves.', link: null });
  await page.reload();
  await expect(notice.getByText('Nueva masterclass en vivo este jueves.')).toBeVisible();
});

test('the real server answers the notice call in its envelope', async ({ request }) => {
  const res = await request.get('/api/app/notification');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ success: true });
});
