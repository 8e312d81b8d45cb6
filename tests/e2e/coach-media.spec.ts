// The media library and the coach's portrait end to end: the coach (role 9) sees her empty library and a refused
// file, sets her name and WhatsApp number in /coach/ajustes and uploads her portrait right there through the
// form; /menu and /about show them at once (no rebuild, no restart). The portrait cannot be deleted while in use;
// afterwards the settings are cleared again and the portrait deleted.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '../../course/media';
import { grantRole, verifiedAccount } from './accounts';

const SHOTS = process.env.SCREENSHOT_DIR;
const NAME = 'Coach de prueba';
const WHATSAPP = '+54 9 11 0000 0000';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A 900×1200 portrait-shaped test picture: warm gradient with a darker disc where a face would be. */
const portraitPng = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9c9a8"/><stop offset="1" stop-color="#2f6f6a"/></linearGradient></defs><rect width="900" height="1200" fill="url(#g)"/><circle cx="450" cy="470" r="220" fill="#8a5a3c"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

async function shoot(page: Page, name: string, url: string, ready: (page: Page) => Promise<void>, fullPage = true) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(url);
    await ready(page);
    // No sideways scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    if (SHOTS) {
      await page.waitForTimeout(600); // sections fade in
      await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage });
    }
  }
}

const menuReady = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Manifiesta' })).toBeVisible();
  await page.waitForLoadState('networkidle');
};
const aboutReady = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre mí' })).toBeVisible();
  await page.waitForLoadState('networkidle');
};
const mediaReady = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 2, name: 'Tu biblioteca' })).toBeVisible();
  await expect(page.getByText('Cargando tu biblioteca…')).toHaveCount(0);
};

test('the coach uploads her portrait and sets her WhatsApp; /menu and /about show them at once', async ({ page }) => {
  test.setTimeout(150_000);
  const coach = await verifiedAccount(page.request, 'medios');
  await grantRole(coach, 9);
  const login = await page.request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } });
  expect(login.status(), await login.text()).toBe(200);

  // Before: no portrait anywhere, and no one's picture standing in for her.
  await shoot(page, 'menu-sin-foto', '/menu', menuReady, false);
  await expect(page.getByRole('img', { name: /Foto de/ })).toHaveCount(0);
  await shoot(page, 'about-sin-foto', '/about', aboutReady, false);
  await expect(page.getByRole('img', { name: /Foto de/ })).toHaveCount(0);

  await shoot(page, 'coach-medios-vacio', '/coach/medios', mediaReady);

  // A text file named like an image is refused with the Spanish message, shown in an alert.
  await page.getByLabel('Archivo', { exact: true }).setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una imagen') });
  await page.getByRole('button', { name: 'Subir', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(MEDIA_MESSAGES.unsupported);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/coach-medios-error-${page.viewportSize()!.width}.png`, fullPage: true });

  // Her name and WhatsApp number, each form saved on its own.
  await page.goto('/coach/ajustes');
  const presentation = page.getByRole('form', { name: 'Tu presentación' });
  await presentation.getByLabel('Tu nombre').fill(NAME);
  await presentation.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Versión 1', { exact: true })).toBeVisible();
  const contact = page.getByRole('form', { name: 'Contacto' });
  await contact.getByLabel('Número de WhatsApp').fill(WHATSAPP);
  await contact.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Versión 2', { exact: true })).toBeVisible();

  // The portrait, uploaded through the form of the settings page and used at once.
  const photo = page.getByRole('region', { name: 'Tu foto' });
  await photo.getByLabel('Foto', { exact: true }).setInputFiles({ name: 'retrato.png', mimeType: 'image/png', buffer: await portraitPng() });
  await photo.getByRole('button', { name: 'Subir y usar como foto' }).click();
  await expect(photo.getByText('Tu foto ya está en el sitio.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Tu foto' }).getByRole('img', { name: 'Tu foto actual' })).toBeVisible();
  if (SHOTS) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.getByRole('region', { name: 'Tu foto' }).screenshot({ path: `${SHOTS}/coach-ajustes-foto-${size.width}.png` });
    }
  }

  // An audio in the library too, so the desk shows each kind of card.
  await page.goto('/coach/medios');
  await page.getByLabel('Archivo', { exact: true }).setInputFiles({
    name: 'campana.mp3',
    mimeType: 'audio/mpeg',
    buffer: readFileSync(new URL('../../client/public/audio/meditation/bell-start.mp3', import.meta.url)),
  });
  await page.getByLabel('Nombre (opcional)').fill('Campana de inicio');
  await page.getByRole('button', { name: 'Subir', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Campana de inicio' })).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'coach-medios-con-archivos', '/coach/medios', async (p) => {
    await mediaReady(p);
    await expect(p.getByRole('heading', { name: 'Campana de inicio' })).toBeVisible();
  });

  // /menu and /about: her photo (really loaded) and name, and the WhatsApp link, with no rebuild or restart.
  const portraitShown = async (p: Page) => {
    const img = p.getByRole('img', { name: `Foto de ${NAME}` }).first();
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await img.getAttribute('width')).toBe('900');
    expect(await img.getAttribute('height')).toBe('1200');
  };
  await shoot(
    page,
    'menu-con-foto',
    '/menu',
    async (p) => {
      await menuReady(p);
      await portraitShown(p);
      await expect(p.getByText(`con ${NAME}`)).toBeVisible();
      await expect(p.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/5491100000000\?text=/);
    },
    false,
  );
  await shoot(
    page,
    'about-con-foto',
    '/about',
    async (p) => {
      await aboutReady(p);
      await portraitShown(p);
      await expect(p.getByText(`Soy ${NAME}, coach holística`)).toBeVisible();
    },
    false,
  );

  // Her portrait cannot be deleted while the site shows it: the desk says where it is used.
  const portraitUrl = ((await (await page.request.get('/api/site')).json()).data.coachPortrait as { src: string }).src;
  await page.setViewportSize(SIZES[0]!);
  await page.goto('/coach/medios');
  const portraitCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Imagen sin nombre' }) });
  await portraitCard.getByRole('button', { name: 'Borrar' }).click();
  await portraitCard.getByRole('button', { name: 'Sí, borrar' }).click();
  await expect(portraitCard.getByRole('alert')).toHaveText('Esta foto es tu retrato del sitio: cámbiala en Ajustes antes de borrarla.');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/coach-medios-en-uso-390.png`, fullPage: true });

  // Leave the site as a fresh install has it for the specs that follow.
  const cleared = await page.request.patch('/api/coach/settings', { data: { coachName: null, whatsappNumber: null, coachPhoto: null } });
  expect(cleared.status(), await cleared.text()).toBe(200);

  // Freed, it goes: off the list, and its address no longer answers.
  await portraitCard.getByRole('button', { name: 'Sí, borrar' }).click();
  await expect(page.getByText('Borraste «Imagen sin nombre» de tu biblioteca.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Imagen sin nombre' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Campana de inicio' })).toBeVisible();
  expect((await page.request.get(portraitUrl)).status()).toBe(404);
});

test('the coach puts her recording in the meditation: chosen in «Tus archivos en el sitio», kept after a reload, served to the site', async ({ page }) => {
  test.setTimeout(120_000);
  const VOICE = 'Mi voz para Presencia';
  const coach = await verifiedAccount(page.request, 'lugares');
  await grantRole(coach, 9);
  const login = await page.request.post('/api/auth/login', { data: { email: coach.email, password: coach.password } });
  expect(login.status(), await login.text()).toBe(200);
  try {
    await page.goto('/coach/medios');
    await mediaReady(page);
    await page.getByLabel('Archivo', { exact: true }).setInputFiles({
      name: 'presencia.mp3',
      mimeType: 'audio/mpeg',
      buffer: readFileSync(new URL('../../client/public/audio/meditation/bell-end.mp3', import.meta.url)),
    });
    await page.getByLabel('Nombre (opcional)').fill(VOICE);
    await page.getByRole('button', { name: 'Subir', exact: true }).click();
    await expect(page.getByRole('heading', { name: VOICE })).toBeVisible({ timeout: 30_000 });

    // The meditation's group is the one open; she chooses her recording for the first phase's voice and saves.
    const group = page.locator('details', { has: page.getByRole('heading', { level: 3, name: 'Meditación de las 7 fases' }) });
    await expect(group).toHaveAttribute('open', '');
    await expect(group.locator('summary')).toContainText('0 de 20 con tu archivo');
    const meditation = page.getByRole('form', { name: 'Meditación de las 7 fases' });
    const voice = meditation.getByLabel('Voz: Presencia', { exact: true });
    await voice.selectOption({ label: VOICE });
    await expect(meditation.getByRole('button', { name: 'Guardar' })).toBeVisible();
    await meditation.getByRole('button', { name: 'Guardar' }).click();
    await expect(meditation.getByRole('status')).toHaveText('Listo: el sitio ya usa tus archivos.');
    await expect(group.locator('summary')).toContainText('1 de 20 con tu archivo');

    // After a reload it is still her recording.
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Meditación de las 7 fases' }).getByLabel('Voz: Presencia', { exact: true }).locator('option:checked'),
    ).toHaveText(VOICE);
    await shoot(page, 'coach-medios-lugares', '/coach/medios', async (p) => {
      await mediaReady(p);
      await expect(p.getByRole('form', { name: 'Meditación de las 7 fases' }).getByLabel('Voz: Presencia', { exact: true })).toBeVisible();
    });

    // The site is told: the public placements give the file's address for that place.
    const library = await page.request.get('/api/coach/media');
    const file = ((await library.json()) as { data: { label: string | null; url: string }[] }).data.find((item) => item.label === VOICE)!;
    const placements = await page.request.get('/api/placements');
    expect(placements.status()).toBe(200);
    const slots = ((await placements.json()) as { data: { slots: Record<string, { kind: string; url: string }> } }).data.slots;
    expect(slots['meditation-voice-presence']).toMatchObject({ kind: 'audio', url: file.url });
  } finally {
    // The meditation keeps the voice the site ships for the specs that follow.
    const cleared = await page.request.patch('/api/coach/placements', { data: { 'meditation-voice-presence': null } });
    expect(cleared.status(), await cleared.text()).toBe(200);
  }
});
