// A fresh install ships no invented contact: no placeholder number or link in any public page (read at 390 px) nor
// in the built bundle. Then the coach sets her WhatsApp number through the API and /menu shows it, no restart.
import { expect, test } from '@playwright/test';
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
});

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
