// The 7-phase meditation end to end, on Playwright's clock: a user meditates two 3-minute phases, sees 6
// minutes and saves a revelation; the screen is kept on while it plays (Screen Wake Lock) and let go when it is
// paused or ends; a free user cannot pick a premium sound, nor fetch one; a guest's revelation survives the
// sign-in through the login form.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { grantRole, verifiedAccount } from './accounts';
import { logIn, openSettings, shortPhases, TOOL } from './meditation-tool';

const KEEP = ['Presencia', 'Visión'];
const PREMIUM_ALERT = 'Esta es una opción premium. Debes mejorar tu cuenta para usarla.';
// 7 s before the first phase (no intro), then 2 × 3 min.
const WHOLE_MEDITATION_MS = 7_000 + 2 * 3 * 60_000;
const NOW = new Date('2026-03-12T18:00:00Z');

const twoShortPhases = (page: Page) => shortPhases(page, KEEP);

/** The page's clock is held still from the start, so every second of the timeline is the test's to run. */
async function meditateToTheEnd(page: Page) {
  await page.clock.pauseAt(new Date(NOW.getTime() + 60 * 60_000));
  await page.getByRole('button', { name: 'Comenzar Meditación' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Prepárate' })).toBeVisible();
  await page.clock.runFor(7_000);
  await expect(page.getByRole('heading', { level: 2, name: 'Presencia' })).toBeVisible();
  await expect(page.getByText('Fase 1 de 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('03:00');
  await page.clock.runFor(WHOLE_MEDITATION_MS - 7_000);
  await expect(page.getByRole('heading', { level: 2, name: 'Meditación completada' })).toBeVisible();
  await expect(page.getByText('Meditaste 6 minutos.')).toBeVisible();
  // Time flows again for the rest of the page (the query cache, for one, schedules on timers).
  await page.clock.resume();
}

test('a user meditates two 3-minute phases, sees 6 minutes and keeps a revelation', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, await verifiedAccount(page.request, 'medita'));
  await page.clock.install({ time: NOW });
  await page.goto(TOOL);
  await expect(page.getByRole('heading', { level: 1, name: 'Meditación de las 7 Fases' })).toBeVisible();
  await twoShortPhases(page);
  await meditateToTheEnd(page);

  // The session is in the history: the time played, the 7 s before the first phase included.
  await expect(page.getByText('Racha: 1 día · hoy ya meditaste')).toBeVisible();
  const history = await (await page.request.get('/api/meditation/history')).json();
  expect(history.data).toMatchObject({ totalSeconds: 367, sessions: 1 });

  await page.getByLabel(/Qué se te reveló/).fill('La calma no se busca: se recuerda.');
  await page.getByRole('button', { name: 'Guardar revelación' }).click();
  await expect(page.getByText('Tu revelación quedó guardada.')).toBeVisible();
  const list = page.getByRole('region', { name: 'Tus revelaciones' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('La calma no se busca: se recuerda.');
  await expect(list.getByRole('listitem').first()).toContainText('6 minutos de meditación');
  expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('384px');

  const saved = await (await page.request.get('/api/activity/getRevelations')).json();
  expect(saved.data).toMatchObject([{ Revelation: 'La calma no se busca: se recuerda.', TotalTimeMeditated: 367 }]);
});

test('a free user cannot pick a premium sound', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, await verifiedAccount(page.request, 'gratis'));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await page.goto(TOOL);
  await openSettings(page);

  const background = page.getByLabel('Música de fondo');
  await background.selectOption('forest');
  await expect.poll(() => dialogs).toEqual([PREMIUM_ALERT]);
  await expect(background).toHaveValue('none');

  const gong = page.getByLabel('Sonido del gong');
  await gong.selectOption('tibetan-bowl');
  await expect.poll(() => dialogs).toEqual([PREMIUM_ALERT, PREMIUM_ALERT]);
  await expect(gong).toHaveValue('gong1');

  // A free background is simply chosen.
  await background.selectOption('stress-relief');
  await expect(background).toHaveValue('stress-relief');
  expect(dialogs).toHaveLength(2);

  // Nor can the file be fetched behind the tool's back: the server serves premium sounds to premium users only.
  expect((await page.request.get('/api/meditation/audio/bg-forest.mp3')).status()).toBe(403);
  expect((await page.request.get('/audio/meditation/bg-forest.mp3')).headers()['content-type']).not.toMatch(/audio/);
});

test('the screen stays on while the meditation plays, and is let go when it is paused or ends', async ({ page }) => {
  test.setTimeout(60_000);
  // Every request for the screen lock and every release, as the page's Screen Wake Lock API sees them.
  await page.addInitScript(() => {
    const log: string[] = ((window as unknown as { wakeLockLog: string[] }).wakeLockLog = []);
    const wakeLock = navigator.wakeLock;
    const request = wakeLock.request.bind(wakeLock);
    wakeLock.request = async (type) => {
      log.push('request');
      const sentinel = await request(type);
      sentinel.addEventListener('release', () => log.push('release'));
      return sentinel;
    };
  });
  const log = () => page.evaluate(() => (window as unknown as { wakeLockLog: string[] }).wakeLockLog);
  await page.clock.install({ time: NOW });
  await page.goto(TOOL);
  await twoShortPhases(page);
  await page.clock.pauseAt(new Date(NOW.getTime() + 60 * 60_000));
  expect(await log()).toEqual([]);

  await page.getByRole('button', { name: 'Comenzar Meditación' }).click();
  await expect.poll(log).toEqual(['request']);
  await page.clock.runFor(7_000 + 30_000);
  await expect(page.getByRole('timer')).toHaveText('02:30');

  await page.getByRole('button', { name: 'Pausar' }).click();
  await expect.poll(log).toEqual(['request', 'release']);
  await page.clock.runFor(60_000);
  await expect(page.getByRole('timer')).toHaveText('02:30');

  await page.getByRole('button', { name: 'Reanudar' }).click();
  await expect.poll(log).toEqual(['request', 'release', 'request']);
  await page.getByRole('button', { name: 'Finalizar Meditación' }).click();
  await expect(page.getByText('Meditaste 37 segundos.')).toBeVisible();
  await expect.poll(log).toEqual(['request', 'release', 'request', 'release']);
});

test("a guest's revelation survives signing in through the login form", async ({ page }) => {
  test.setTimeout(90_000);
  const account = await verifiedAccount(page.request, 'invitada');
  // Signing up through the API leaves no session, but clear it to be sure: a guest.
  await page.context().clearCookies();
  await page.clock.install({ time: NOW });
  await page.goto(TOOL);
  await twoShortPhases(page);
  await meditateToTheEnd(page);

  await page.getByLabel(/Qué se te reveló/).fill('Puedo empezar de nuevo cada mañana.');
  await page.getByRole('button', { name: 'Guardar e iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=\/herramientas\/7-fases$/);
  expect(JSON.parse((await page.evaluate(() => window.sessionStorage.getItem('manifiesta_pending_revelation')))!)).toEqual({
    revelation: 'Puedo empezar de nuevo cada mañana.',
    totalTimeMeditated: 367,
  });

  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  await expect(page).toHaveURL(new RegExp(`${TOOL}$`));
  const list = page.getByRole('region', { name: 'Tus revelaciones' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('Puedo empezar de nuevo cada mañana.');
  await expect(list.getByRole('listitem').first()).toContainText('6 minutos de meditación');
  await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('manifiesta_pending_revelation'))).toBeNull();
});

test('the voice the coach recorded for a phase is the one the tool plays; the other phases keep the site’s', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The coach, in her own browser, uploads her recording and puts it in the place of Presencia's voice.
  const desk = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const coach = await verifiedAccount(desk.request, 'voz');
  await grantRole(coach, 9);
  expect((await desk.request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } })).status()).toBe(200);
  const upload = await desk.request.post('/api/coach/media', {
    multipart: { file: { name: 'mi-voz-presencia.mp3', mimeType: 'audio/mpeg', buffer: readFileSync('client/public/audio/meditation/bell-end.mp3') } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const herVoice = (await upload.json()).data.url as string;
  expect((await desk.request.patch('/api/coach/placements', { data: { 'meditation-voice-presence': (await upload.json()).data.id } })).status()).toBe(200);
  try {
    const sounds: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\.mp3$/.test(pathname)) sounds.push(pathname);
    });
    await page.clock.install({ time: NOW });
    await page.goto(TOOL);
    await openSettings(page);
    for (const name of ['Gratitud', 'Amor', 'Perdón', 'Visión', 'Elección']) await page.getByLabel(`Incluir la fase ${name}`).uncheck();
    for (const name of ['Introducción guiada', 'Gong entre fases']) await page.getByLabel(name).uncheck();
    await expect(page.getByLabel('Voz que anuncia cada fase')).toBeChecked();
    await page.clock.pauseAt(new Date(NOW.getTime() + 60 * 60_000));
    await page.getByRole('button', { name: 'Comenzar Meditación' }).click();
    await page.clock.runFor(7_000);
    await expect(page.getByRole('heading', { level: 2, name: 'Presencia' })).toBeVisible();
    await page.clock.runFor(3_000);
    // Presencia's voice is hers; Conexión, the next phase, was loaded ahead with the site's synthetic voice.
    await expect.poll(() => sounds).toContain(herVoice);
    expect(sounds).not.toContain('/audio/meditation/voice-presence.mp3');
    await expect.poll(() => sounds).toContain('/audio/meditation/voice-connection.mp3');
  } finally {
    await desk.request.patch('/api/coach/placements', { data: { 'meditation-voice-presence': null } });
    await desk.close();
  }
});
