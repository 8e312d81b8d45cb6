// The built SPA under its real Content-Security-Policy: every page renders without a single policy
// violation (no inline script or style, no foreign frame or connection), and the shell arrives compressed.
import { expect, test, type Page } from '@playwright/test';
import { verifiedAccount } from './accounts';

type Violation = { directive: string; blocked: string; source: string };

declare global {
  interface Window {
    __cspViolations: Violation[];
  }
}

/** Records every violation the page reports, from the first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations);

const PUBLIC_PAGES: Array<[string, string | RegExp]> = [
  ['/menu', /Manifiesta/],
  ['/reprograma', /Reprograma/i],
  ['/manifiesta', /Manifiesta/],
  ['/niveles', /Niveles/i],
  ['/afirmaciones', /firmaciones/i],
  ['/newsletter/dean/2025-07-01-el-arte-de-soltar', 'El arte de soltar'],
  ['/cursos/manifiesta', /Manifiesta/],
  ['/herramientas/7-fases', /Meditaci/i],
  ['/login', /Iniciar/i],
];

test('public pages render under the policy without a single violation', async ({ page }) => {
  await watchViolations(page);
  for (const [url, heading] of PUBLIC_PAGES) {
    const response = await page.goto(url);
    const csp = response!.headers()['content-security-policy'];
    expect(csp, url).toContain("script-src 'self'");
    expect(csp, url).not.toContain('unsafe-inline');
    await expect(page.getByRole('heading', { level: 1 }).first(), url).toContainText(heading);
    expect(await violations(page), url).toEqual([]);
  }
});

test("a learner's activities (charts, forms, the meditation player) run under the policy", async ({ page }) => {
  await watchViolations(page);
  const account = await verifiedAccount(page.request, 'csp');
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(200);
  for (const slug of ['12-areas-balance', '7-niveles-deep-why', 'umbral-de-creencia', 'niveles-conciencia-hawkins']) {
    await page.goto(`/cursos/manifiesta/${slug}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await violations(page), slug).toEqual([]);
  }
  await page.goto('/herramientas/7-fases');
  await page.getByRole('button', { name: 'Comenzar Meditación' }).first().click();
  await page.waitForTimeout(500);
  expect(await violations(page)).toEqual([]);
});
test('the shell and its scripts arrive compressed; hashed scripts are cached for a year', async ({ request }) => {
  const shell = await request.get('/menu', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(shell.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(shell.headers()['cache-control']).toBe('no-cache');
  const html = await shell.text();
  const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(entry, 'the shell names its entry script').toBeTruthy();
  expect(html, 'no inline script in the shell').not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const script = await request.get(entry!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(script.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
