// The meditation on a phone with no network, end to end through the real service worker (client/pwa/sw.ts) and
// Chromium's offline mode: a learner who opened the tool once meditates after a reload with no network, and the
// session reaches their history once when the network returns — even when the answer to the first try is lost.
// A page reloaded with the network cut shows the Spanish offline page, which leads to the meditation. Premium
// sounds the worker kept for a premium learner are dropped when that learner logs out.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { grantRole, verifiedAccount } from './accounts';
import { logIn, openSettings, shortPhases, TOOL } from './meditation-tool';

const NOW = new Date('2026-03-12T18:00:00Z');

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The service worker is active and has kept the files named (the tool's sounds, among others). */
async function workerKeeps(page: Page, ...urls: string[]) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate((wanted) => Promise.all(wanted.map((url) => caches.match(url).then(Boolean))), urls), { timeout: 20_000 })
    .toEqual(urls.map(() => true));
}

const history = async (page: Page) =>
  ((await (await page.request.get('/api/meditation/history')).json()) as { data: { sessions: number; totalSeconds: number } }).data;

test('a learner meditates after a reload with no network; the session reaches the history once when the network returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  await logIn(page, await verifiedAccount(page.request, 'sinred'));
  await page.goto(TOOL);
  await expect(page.getByRole('heading', { level: 1, name: 'Meditación de las 7 Fases' })).toBeVisible();
  await workerKeeps(page, '/index.html', '/audio/meditation/bell-start.mp3', '/audio/meditation/bell-end.mp3');

  await context.setOffline(true);
  await page.clock.install({ time: NOW });
  await page.reload();
  await expect(page.getByText(/Estás sin conexión\. Puedes meditar igual/)).toBeVisible();
  // A phone's player asks for part of a sound: the worker answers it from the kept file.
  const part = await page.evaluate(() =>
    fetch('/audio/meditation/bell-start.mp3', { headers: { Range: 'bytes=100-199' } }).then(async (r) => [
      r.status,
      r.headers.get('content-range'),
      (await r.arrayBuffer()).byteLength,
    ]),
  );
  expect(part).toEqual([206, expect.stringMatching(/^bytes 100-199\/\d+$/), 100]);
  await shortPhases(page, ['Gratitud']);
  await page.clock.pauseAt(new Date(NOW.getTime() + 60 * 60_000));
  await page.getByRole('button', { name: 'Comenzar Meditación' }).click();
  await page.clock.runFor(7_000 + 90_000);
  await expect(page.getByRole('timer')).toHaveText('01:30');
  await page.getByRole('button', { name: 'Finalizar Meditación' }).click();
  await expect(page.getByText('Meditaste 1 minuto.')).toBeVisible();
  await expect(page.getByText(/guardamos esta sesión en este dispositivo/)).toBeVisible();
  expect(await history(page)).toMatchObject({ sessions: 0 });
  await page.clock.resume();

  // Back online, the first try reaches the server but its answer is lost on the way back: the session stays in
  // the browser and goes again, with the same key, at the next visit.
  const keys: string[] = [];
  await page.route('**/api/meditation/sessions', async (route) => {
    keys.push(route.request().headers()['idempotency-key']!);
    const response = await route.fetch();
    if (keys.length === 1) {
      expect(response.status()).toBe(200);
      return route.abort('connectionreset');
    }
    return route.fulfill({ response });
  });
  await context.setOffline(false);
  await expect.poll(() => keys.length).toBe(1);
  await expect.poll(() => history(page)).toMatchObject({ sessions: 1, totalSeconds: 97 });
  expect(await page.evaluate(() => localStorage.getItem('manifiesta_outbox'))).toContain(keys[0]);

  await page.reload();
  await expect.poll(() => keys.length).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('manifiesta_outbox'))).toBeNull();
  expect(await history(page)).toMatchObject({ sessions: 1, totalSeconds: 97 });
  await expect(page.getByText('Racha: 1 día · hoy ya meditaste')).toBeVisible();
});

test('a reload with the network cut shows the Spanish offline page, and its way to the meditation works', async ({ page, context }) => {
  test.setTimeout(60_000);
  await page.goto('/menu');
  await workerKeeps(page, '/offline.html', '/index.html');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Estás sin conexión' })).toBeVisible();
  await expect(page).toHaveTitle('Sin conexión · Manifiesta');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByRole('link', { name: 'Meditar sin conexión' }).click();
  await expect(page.getByRole('button', { name: 'Comenzar Meditación' })).toBeVisible();

  // Back online, 'Reintentar' loads the page again.
  await context.setOffline(false);
  await page.goto('/menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Estás sin conexión' })).toHaveCount(0);
});

test('premium sounds kept for a premium learner are dropped when they log out', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await verifiedAccount(page.request, 'premiumsinred');
  await grantRole(account, 7);
  await logIn(page, account);
  await page.goto(TOOL);
  await openSettings(page);
  await page.getByLabel('Música de fondo').selectOption('forest');
  await workerKeeps(page, '/api/meditation/audio/bg-forest.mp3');

  // A page the worker controls (the one loaded before it was installed is not) signs out through the menu.
  await page.reload();
  await page.getByRole('button', { name: 'Abrir el menú de tu cuenta' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect.poll(() => page.evaluate(() => caches.match('/api/meditation/audio/bg-forest.mp3').then(Boolean))).toBe(false);
});
