// The seven levels of why end to end: a learner with a rated wheel and a few texts chooses 3 areas, goes 7
// levels deep in the first with the server's questions (its fallbacks: the e2e server has no AI key), finishes
// early from the second, and finds 'Has encontrado tus motores' again after a reload.
import { expect, test, type Page } from '@playwright/test';
import { FIRST_FALLBACK, NO_FINAL_WHY, noFutureFallback } from '../../course/deep-why';
import { verifiedAccount, type Account } from './accounts';

const DEEP_WHY = '/cursos/manifiesta/7-niveles-deep-why';
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
// In the order above. The 7 weakest, ascending: Familia y Crianza 0, Salud y Bienestar Físico 1, Amistades 2,
// Carrera y Propósito Profesional 3, Vida Emocional 4, Finanzas 5, Vida Espiritual 6.
const SCORES = [9, 2, 5, 7, 1, 10, 4, 6, 3, 8, 0, 6];
const FAMILY_NOW = 'En mi familia cada uno resuelve lo suyo y nadie pide ayuda.';
const FAMILY_VISION = 'Los domingos comemos juntos, nos reímos y nos contamos lo que nos pasa.';
const FRIENDS_NOW = 'Tengo pocas amistades y me cuesta confiar.';
const ANSWERS = [
  'Porque quiero sentirme acompañada por los míos.',
  'Porque cuando estoy sola todo me pesa el doble.',
  'Porque necesito saber que puedo pedir ayuda sin culpa.',
  'Porque de chica aprendí que molestar era peligroso.',
  'Porque quiero romper esa cadena con mis hijos.',
  'Porque ellos merecen una familia que se escucha.',
  'Porque quiero vivir y morir sabiendo que amé sin miedo.',
];

async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
}

/** Activities 1–3 through the API, in order (each opens after the one before). */
async function wheelAndTexts(page: Page) {
  for (const [i, areaId] of AREA_IDS.entries()) await post(page, '/api/activity/saveRating', { activityId: '12-areas-balance', areaId, score: SCORES[i] });
  await post(page, '/api/activity/markAsComplete', { activityId: '12-areas-balance' });
  for (const [areaId, definition] of [
    ['family-parenting', FAMILY_NOW],
    ['friendships', FRIENDS_NOW],
  ]) {
    await post(page, '/api/activity/saveAreaDefinition', { activityId: 'concientizando-areas-balance', areaId, definition });
  }
  await post(page, '/api/activity/markAsComplete', { activityId: 'concientizando-areas-balance' });
  await post(page, '/api/activity/saveAreaDefinition', {
    activityId: 'viendo-hacia-atras-desde-el-futuro',
    areaId: 'family-parenting',
    definition: FAMILY_VISION,
  });
  await post(page, '/api/activity/markAsComplete', { activityId: 'viendo-hacia-atras-desde-el-futuro' });
}

const answerBox = (page: Page) => page.getByRole('textbox', { name: 'Tu respuesta' });
/** The question shown above the answer box, once it is there (the box is described by it). */
const question = (page: Page) => page.locator('p[id$="-question"]');

/** The summary's fact under a label for one area. */
const fact = (page: Page, area: string, label: string) =>
  page.getByRole('article', { name: area }).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

test('a learner chooses 3 areas, goes 7 levels deep in one, finishes early and finds the summary again', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, await verifiedAccount(page.request, 'porque'));
  await wheelAndTexts(page);

  await page.goto(DEEP_WHY);
  await expect(page.getByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeVisible();
  const choices = page.getByRole('region', { name: 'Elige tus 3 áreas de enfoque' }).locator('button[aria-pressed="false"]');
  await expect(choices).toHaveCount(7);
  await expect(choices.first()).toContainText('Familia y Crianza');
  await expect(choices.first()).toContainText('0/10');
  const start = page.getByRole('button', { name: 'Comenzar con estas 3 áreas' });
  for (const area of ['Carrera y Propósito Profesional', 'Amistades', 'Familia y Crianza']) {
    await expect(start).toBeDisabled();
    await page.getByRole('button', { name: area, exact: true }).click();
  }
  // A 4th does not fit: it is marked unavailable, and a click on it says why.
  const fourth = page.getByRole('button', { name: 'Vida Emocional', exact: true });
  await expect(fourth).toBeDisabled();
  await fourth.click({ force: true });
  await expect(fourth).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText(/Ya elegiste tus 3 áreas/)).toBeVisible();
  await start.click();

  // The first area, weakest first: its texts, and the first fixed fallback question (it has a vision).
  await expect(page.getByRole('heading', { level: 2, name: 'Familia y Crianza' })).toBeVisible();
  await expect(page.getByText(FAMILY_NOW)).toBeVisible();
  await expect(page.getByText(FAMILY_VISION)).toBeVisible();
  for (const [level, answer] of ANSWERS.entries()) {
    await expect(page.getByText(`Área 1 de 3 · Nivel ${level + 1} de 7`)).toBeVisible();
    if (level === 0) await expect(question(page)).toHaveText(FIRST_FALLBACK, { timeout: 20_000 });
    // Later questions start from the previous answer.
    else await expect(question(page)).toContainText(ANSWERS[level - 1]!.slice(0, 30), { timeout: 20_000 });
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.round((level / 21) * 100)));
    await expect(page.getByRole('button', { name: 'Finalizar ahora y ver el resumen' })).toHaveCount(0);
    await answerBox(page).fill(answer);
    if (level % 2 === 0) await page.getByRole('button', { name: 'Siguiente Nivel' }).click();
    else await answerBox(page).press('Control+Enter');
  }

  // The second area has no vision written: the first question names the area.
  await expect(page.getByText('Área 2 de 3 · Nivel 1 de 7')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Amistades' })).toBeVisible();
  await expect(question(page)).toHaveText(noFutureFallback('Amistades'), { timeout: 20_000 });
  await answerBox(page).fill('Porque quiero amistades con las que pueda ser yo.');
  await page.getByRole('button', { name: 'Siguiente Nivel' }).click();
  await expect(page.getByText('Área 2 de 3 · Nivel 2 de 7')).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar ahora y ver el resumen' }).click();

  const expectSummary = async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'Has encontrado tus motores' })).toBeVisible();
    await expect(fact(page, 'Familia y Crianza', 'Tu porqué final')).toHaveText(ANSWERS[6]!);
    await expect(fact(page, 'Familia y Crianza', 'Tu visión')).toHaveText(FAMILY_VISION);
    await expect(fact(page, 'Amistades', 'Tu porqué final')).toHaveText(NO_FINAL_WHY);
    await expect(fact(page, 'Carrera y Propósito Profesional', 'Tu porqué final')).toHaveText(NO_FINAL_WHY);
    await expect(page.getByRole('button', { name: 'Rehacer Ejercicio' })).toBeVisible();
  };
  await expectSummary();

  const saved = await (await page.request.get('/api/activity/getDeepWhyPrerequisites')).json();
  expect(saved.data.selectedAreaIds).toEqual(['family-parenting', 'friendships', 'career']);
  expect(saved.data.whyAnswers['family-parenting']).toEqual(ANSWERS);
  expect(saved.data.whyAnswers.friendships).toEqual(['Porque quiero amistades con las que pueda ser yo.']);
  expect(saved.data.isCompleted).toBe(true);

  await page.reload();
  await expectSummary();
});

const GUEST_KEY = 'manifiesta_guest_progress';
const CHOSEN = ['family-parenting', 'friendships', 'career'];

/** A finished deep why: as a learner through the API, or as a guest in this browser's storage. */
async function finishedDeepWhy(page: Page, who: 'learner' | 'guest') {
  if (who === 'learner') {
    await logIn(page, await verifiedAccount(page.request, 'rehacer'));
    await wheelAndTexts(page);
    await post(page, '/api/activity/saveWhySelection', { activityId: '7-niveles-deep-why', selectedAreaIds: CHOSEN });
    for (const [levelIndex, answer] of ANSWERS.entries())
      await post(page, '/api/activity/saveWhyAnswer', { activityId: '7-niveles-deep-why', areaId: 'family-parenting', levelIndex, answer });
    await post(page, '/api/activity/markAsComplete', { activityId: '7-niveles-deep-why' });
    return;
  }
  const progress = {
    completedSlugs: ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro', '7-niveles-deep-why'],
    activityData: {
      '12-areas-balance': { ratings: Object.fromEntries(AREA_IDS.map((id, i) => [id, SCORES[i]])) },
      'concientizando-areas-balance': { definitions: { 'family-parenting': FAMILY_NOW, friendships: FRIENDS_NOW } },
      'viendo-hacia-atras-desde-el-futuro': { definitions: { 'family-parenting': FAMILY_VISION } },
      '7-niveles-deep-why': { selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': ANSWERS } },
    },
  };
  await page.goto('/');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [GUEST_KEY, JSON.stringify(progress)]);
}

for (const who of ['learner', 'guest'] as const) {
  test(`'Rehacer Ejercicio' (${who}) is kept: after a reload the old summary does not return and an area chosen again starts empty`, async ({ page }) => {
    test.setTimeout(120_000);
    await finishedDeepWhy(page, who);
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/api/activity/deepWhy/question/')) polls.push(r.url());
    });

    await page.goto(DEEP_WHY);
    await expect(page.getByRole('heading', { level: 2, name: 'Has encontrado tus motores' })).toBeVisible();
    await page.getByRole('button', { name: 'Rehacer Ejercicio' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Has encontrado tus motores' })).toHaveCount(0);
    for (const area of ['Familia y Crianza', 'Salud y Bienestar Físico', 'Vida Emocional']) await page.getByRole('button', { name: area, exact: true }).click();
    await page.getByRole('button', { name: 'Comenzar con estas 3 áreas' }).click();

    // Familia y Crianza had seven answers: the new round asks its first level again, with nothing filled in.
    await expect(page.getByText('Área 1 de 3 · Nivel 1 de 7')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Familia y Crianza' })).toBeVisible();
    await expect(answerBox(page)).toHaveValue('');
    await expect(page.getByText(/Tus respuestas anteriores/)).toHaveCount(0);
    // No AI on the e2e server: the question is there at once, with no polling behind dots.
    await expect(question(page)).toHaveText(FIRST_FALLBACK, { timeout: 1500 });

    await answerBox(page).fill('Porque hoy lo veo de otra manera.');
    await page.getByRole('button', { name: 'Siguiente Nivel' }).click();
    await expect(page.getByText('Área 1 de 3 · Nivel 2 de 7')).toBeVisible();
    await expect(question(page)).toHaveText('Dices: «Porque hoy lo veo de otra manera…». ¿Y por qué es tan importante eso para ti?', { timeout: 1500 });
    const earlier = page.locator('details', { hasText: 'Tus respuestas anteriores en esta área (1)' });
    await expect(earlier).toBeVisible();
    await earlier.locator('summary').click();
    await expect(earlier.getByRole('listitem')).toHaveText(['Porque hoy lo veo de otra manera.']);
    expect(polls).toEqual([]);

    // Mid-way through the new round, a reload goes back to it, not to a summary.
    await page.reload();
    await expect(page.getByText('Área 1 de 3 · Nivel 2 de 7')).toBeVisible();
    if (who === 'learner') {
      const saved = await (await page.request.get('/api/activity/getDeepWhyPrerequisites')).json();
      expect(saved.data).toMatchObject({
        selectedAreaIds: ['family-parenting', 'health-fitness', 'emotional-life'],
        whyAnswers: { 'family-parenting': ['Porque hoy lo veo de otra manera.'] },
        isCompleted: false,
      });
      // The syllabus keeps the completion: what comes after stays open.
      expect((await (await page.request.get('/api/activity/getCompletionStatus')).json()).data).toContain('7-niveles-deep-why');
    } else {
      const stored = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY))!);
      expect(stored.activityData['7-niveles-deep-why']).toEqual({
        restarted: true,
        selectedAreaIds: ['family-parenting', 'health-fitness', 'emotional-life'],
        whyAnswers: { 'family-parenting': ['Porque hoy lo veo de otra manera.'] },
      });
      expect(stored.completedSlugs).toContain('7-niveles-deep-why');
    }
  });
}
