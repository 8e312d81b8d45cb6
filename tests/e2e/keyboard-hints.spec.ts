// Keyboard hints ('teclas ← y →', 'Ctrl + Enter') are for a device with a fine pointer and a keyboard: a phone
// (touch, no hover) does not see them; a desktop does. The rest of each hint, and the keys themselves,
// work on both.
import { expect, test, type Browser, type Page } from '@playwright/test';

const GUEST_KEY = 'manifiesta_guest_progress';
const AREA_IDS = [
  'love-relationship',
  'friendships',
  'finances',
  'quality-of-life',
  'health-fitness',
  'intellectual-life',
  'emotional-life',
  'spiritual-life',
  'career',
  'character',
  'family-parenting',
  'life-vision',
];
// A guest through the deep why's choice of areas: the wheel rated, three areas chosen.
const GUEST = {
  completedSlugs: ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro', '7-niveles-deep-why'],
  activityData: {
    '12-areas-balance': { ratings: Object.fromEntries(AREA_IDS.map((id, i) => [id, i % 11])) },
    '7-niveles-deep-why': { restarted: true, selectedAreaIds: ['love-relationship', 'friendships', 'finances'], whyAnswers: {} },
  },
};

const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} as const;

async function open(browser: Browser, device: keyof typeof DEVICES, path: string): Promise<Page> {
  const context = await browser.newContext({ ...DEVICES[device], baseURL: process.env.E2E_BASE_URL, locale: 'es-AR' });
  const page = await context.newPage();
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [GUEST_KEY, JSON.stringify(GUEST)] as const);
  await page.goto(path);
  return page;
}

for (const device of ['phone', 'desktop'] as const) {
  const shown = device === 'desktop';

  test(`the consciousness carousel on a ${device}: the arrow keys are ${shown ? 'mentioned' : 'not mentioned'}`, async ({ browser }) => {
    const page = await open(browser, device, '/cursos/manifiesta/niveles-conciencia-hawkins');
    const carousel = page.getByRole('region', { name: 'Recorre los niveles' });
    await expect(carousel.getByText('Empezamos en un nivel al azar.', { exact: false })).toBeVisible();
    const keys = carousel.getByText('teclas ← y →', { exact: false });
    if (shown) await expect(keys).toBeVisible();
    else await expect(keys).toBeHidden();
    await page.context().close();
  });

  test(`the deep why on a ${device}: 'Ctrl + Enter' is ${shown ? 'mentioned' : 'not mentioned'}`, async ({ browser }) => {
    const page = await open(browser, device, '/cursos/manifiesta/7-niveles-deep-why');
    await expect(page.getByText('Área 1 de 3 · Nivel 1 de 7')).toBeVisible();
    await expect(page.getByText('Responde con lo primero que sientas, sin corregirte.', { exact: false })).toBeVisible();
    const keys = page.getByText('Ctrl + Enter', { exact: false });
    if (shown) await expect(keys).toBeVisible();
    else await expect(keys).toBeHidden();
    await page.context().close();
  });
}
