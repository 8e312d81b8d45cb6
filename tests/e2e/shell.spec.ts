import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { verifiedAccount } from './accounts';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

test('the home address lands on the link-in-bio menu', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path answers 404 and shows the 404 page with a way back to the menu', async ({ page }) => {
  const response = await page.goto('/esta-ruta/no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Página No Encontrada' })).toBeVisible();
  await expect(page.getByText('La ruta que buscas no existe o ha sido movida.')).toBeVisible();
  await page.getByRole('link', { name: 'Volver al Menú Principal' }).click();
  await expect(page).toHaveURL(/\/menu$/);
});

test('the API answers in its envelope and is never cached', async ({ request }) => {
  const res = await request.get('/api/health?_=1700000000000');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');
  const body = await res.json();
  expect(body).toMatchObject({ success: true, data: { database: 'ok', queue: 'ok' } });
});

test('unknown files answer a plain 404; a browser that opens one sees the 404 page', async ({ page, request }) => {
  for (const url of ['/downloads/nada.pdf', '/assets/nope.js', '/img/no-existe.svg']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    expect(res.headers()['content-type'], url).toMatch(/text\/plain/);
  }
  const opened = await page.goto('/downloads/nada.pdf');
  expect(opened?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Página No Encontrada' })).toBeVisible();
  // The real files are still there.
  expect((await request.get('/downloads/niveles-de-conciencia.pdf')).status()).toBe(200);
});

test('what the build writes for the server, not for browsers (.vite/, dotfiles, source maps), answers as an unknown file does', async ({ page, request }) => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  const built = files(DIST).map((file) => `/${path.relative(DIST, file).split(path.sep).join('/')}`);
  // Every file is for browsers but the manifest and the route map, which the server reads from disk: no notes,
  // no source maps, no other dotfile.
  const internal = built.filter((url) => url.split('/').some((segment) => segment.startsWith('.')) || url.endsWith('.map'));
  expect(internal.sort()).toEqual(['/.vite/manifest.json', '/.vite/routes.json']);
  expect(built.filter((url) => url.endsWith('.md'))).toEqual([]);

  const unknown = await request.get('/assets/no-existe.js');
  for (const url of [...internal, '/.vite/', '/%2evite/manifest.json', '/.vite/manifest.json.br']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    expect(res.headers()['content-type'], url).toBe(unknown.headers()['content-type']);
    expect(await res.text(), url).toBe(await unknown.text());
  }
  const opened = await page.goto('/.vite/routes.json');
  expect(opened?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Página No Encontrada' })).toBeVisible();
  // The server still reads them: a page's HTML names its chunks.
  expect(await (await request.get('/reprograma')).text()).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ReprogramaPage-[\w-]+\.js">/);
});

test('an unknown activity or letter answers 404 and its page says so; real ones answer 200', async ({ page }) => {
  const activity = await page.goto('/cursos/manifiesta/no-existe-esta-actividad');
  expect(activity?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Actividad no encontrada' })).toBeVisible();

  const letter = await page.goto('/newsletter/dean/2025-07-02-no-existe');
  expect(letter?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Newsletter no encontrado.' })).toBeVisible();

  for (const url of ['/cursos/manifiesta/12-areas-balance', '/cursos/manifiesta/1-1', '/newsletter/dean/2025-07-01-el-arte-de-soltar', '/menu']) {
    expect((await page.goto(url))?.status(), url).toBe(200);
  }
});

/** How many times the browser asked the server for the page at `path` (a reload asks again; the SPA does not). */
function countDocumentLoads(page: Page, path: string) {
  let loads = 0;
  page.on('request', (req) => {
    if (req.isNavigationRequest() && new URL(req.url()).pathname === path) loads += 1;
  });
  return () => loads;
}

/**
 * A deploy while the tab is open: the chunk of /recursos-gratuitos this page knows is gone (404) — until the page
 * is loaded again, when it is the new build's (the same file here), or for good.
 */
async function deployReplacesResourcesChunk(page: Page, { backAfterReload }: { backAfterReload: boolean }) {
  const loads = countDocumentLoads(page, '/recursos-gratuitos');
  let dropped = 0;
  await page.route(/\/assets\/FreeResourcesPage-[\w-]+\.js$/, (route) => {
    if (backAfterReload && loads() > 0) return route.continue();
    dropped += 1;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Archivo no encontrado.' });
  });
  return { loads, dropped: () => dropped };
}

test('a page whose chunk is gone after a deploy reloads once and opens', async ({ page }) => {
  await page.goto('/menu');
  const { loads, dropped } = await deployReplacesResourcesChunk(page, { backAfterReload: true });
  await page.getByRole('link', { name: /Recursos gratuitos/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recursos Gratuitos' })).toBeVisible();
  expect(dropped()).toBeGreaterThan(0);
  expect(loads()).toBe(1);
  await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toHaveCount(0);
});

test('a chunk that stays gone after the reload ends on the error page, not in a loop', async ({ page }) => {
  await page.goto('/menu');
  const { loads } = await deployReplacesResourcesChunk(page, { backAfterReload: false });
  await page.getByRole('link', { name: /Recursos gratuitos/ }).click();
  await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(loads()).toBe(1);
});

test('a slow page shows a skeleton of its kind from the first paint, then the page', async ({ page }) => {
  // A slow network: the scripts take their time.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/cursos/manifiesta', { waitUntil: 'commit' });
  const skeleton = page.locator('.sk-syllabus');
  await expect(skeleton).toBeVisible();
  // Nothing to read on screen but the shapes; screen readers hear the loading text, 'Cargando...'.
  await expect(skeleton.getByRole('status')).toHaveText('Cargando...');
  await expect(skeleton.getByRole('status')).toHaveClass('sr-only');
  await expect(page.getByRole('heading', { level: 1, name: 'Curso Manifiesta' })).toBeVisible({ timeout: 15_000 });
  await expect(skeleton).toHaveCount(0);
});

test('under reduced motion the skeleton keeps still (no shimmer)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/reprograma');
  const bone = page.locator('.sk-sales .sk-bone').first();
  await expect(bone).toBeVisible();
  expect(await bone.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await bone.evaluate((element) => getComputedStyle(element).animationName)).toBe('sk-shimmer');
});

test("the first coaching session says 'Verificando tu acceso...' while the session is being checked", async ({ page }) => {
  const account = await verifiedAccount(page.request, 'acceso');
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  // A slow answer to "who am I".
  await page.route(/\/api\/auth\/verifyToken/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto('/cursos/manifiesta/primera-sesion-de-coaching');
  await expect(page.getByText('Verificando tu acceso...', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tu Primera Sesión de Coaching' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Verificando tu acceso...', { exact: true })).toHaveCount(0);
});
