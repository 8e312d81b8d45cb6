// A fresh install ships no invented contact: no placeholder number or link in any public page (read at 390 px) nor
// in the built bundle, and no story of the coach on /about that she did not write. Then the coach sets her WhatsApp
// number through the API and /menu shows it, and writes her story in /coach/ajustes and /about tells it: no restart.
import { expect, test, type Page } from '@playwright/test';
import { addressModules } from '../../client/src/app/route-manifest';
import { grantRole, verifiedAccount } from './accounts';
import { dist, filesUnder, textOf } from './build-files';

const PLACEHOLDERS = [
  '5490000000000',
  'calendly.com/manifiesta',
  'amazon.com/s?k=',
  'manifiesta.local',
  'instagram.com/manifiesta',
  'tiktok.com/@manifiesta',
  'youtube.com/@manifiesta',
];

/** The public addresses of the route manifest without parameters (the guarded ones are not public). */
const PUBLIC_PATHS = addressModules()
  .map((a) => a.path)
  .filter((p) => !p.includes(':') && !p.includes('*') && !p.startsWith('/coach') && p !== '/mi-cuenta');

test.use({ viewport: { width: 390, height: 844 } });

test('no public page and no file of the build carries a placeholder number or link', async ({ page }) => {
  test.setTimeout(240_000);
  for (const file of filesUnder(dist)) {
    const text = textOf(file);
    if (text === null) continue;
    for (const p of PLACEHOLDERS) expect(text.includes(p), `${p} in ${file}`).toBe(false);
  }
  for (const path of PUBLIC_PATHS) {
    await page.goto(path);
    // The page's heading (some pages have none: then only the load) — and its links with it.
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    const html = await page.content();
    for (const p of PLACEHOLDERS) expect(html.includes(p), `${p} on ${path}`).toBe(false);
  }

  // /about tells no story of her life until she writes it: no «Mi historia» section, and the page still stands.
  expect((await (await page.request.get('/api/site')).json()).data.coachStory).toBeNull();
  await openAbout(page);
  await expect(page.getByRole('heading', { name: 'Mi historia' })).toHaveCount(0);
  await expect(page.getByText(/mi historia/i)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Cómo acompaño' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 2, name: 'Dos formas de hacerlo' })).toBeAttached();
});

/** /about once the site's settings have arrived (the story's section depends on them). */
async function openAbout(page: Page) {
  const settings = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/site');
  await page.goto('/about');
  await settings;
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre mí' })).toBeVisible();
}

test('the number the coach sets shows on /menu at once', async ({ page, request, playwright }) => {
  const coach = await verifiedAccount(request, 'ajustes');
  await grantRole(coach, 9);
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await api.post('/api/auth/login', { data: { email: coach.email, password: coach.password } })).status()).toBe(200);
  const saved = await api.patch('/api/coach/settings', { data: { whatsappNumber: '+54 9 11 0000-0001' } });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/menu');
  await expect(page.getByRole('navigation', { name: 'Redes sociales' }).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/5491100000001\?text=/,
  );
  await api.dispose();
});

test('the story the coach writes in /coach/ajustes is told on /about at once', async ({ page }) => {
  const coach = await verifiedAccount(page.request, 'historia');
  await grantRole(coach, 9);
  const login = await page.request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } });
  expect(login.status(), await login.text()).toBe(200);
  const paragraphs = ['Empecé a meditar una mañana cualquiera, sin saber por qué.', 'Hoy acompaño a otras personas en ese mismo camino.'];
  try {
    await page.goto('/coach/ajustes');
    const presentation = page.getByRole('form', { name: 'Tu presentación' });
    const story = presentation.getByLabel('Tu historia');
    await story.fill(paragraphs.join('\n\n'));
    await expect(presentation.getByText(`${paragraphs.join('\n\n').length} de 6000 caracteres`)).toBeVisible();
    await presentation.getByRole('button', { name: 'Guardar' }).click();
    await expect(presentation.getByRole('status')).toHaveText('Guardado.');

    await openAbout(page);
    const section = page.getByRole('region', { name: 'Mi historia' });
    await expect(section.getByText(paragraphs[0]!, { exact: true })).toBeVisible();
    await expect(section.getByText(paragraphs[1]!, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: '¿Te resonó algo de mi historia?' })).toBeVisible();
  } finally {
    // Leave the site as a fresh install has it for the specs that follow.
    const cleared = await page.request.patch('/api/coach/settings', { data: { coachStory: null } });
    expect(cleared.status(), await cleared.text()).toBe(200);
  }
});
