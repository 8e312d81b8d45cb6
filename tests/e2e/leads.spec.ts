// The free lead pages end to end: a visitor leaves name and e-mail and gets the real file (the audiobook MP3,
// the levels PDF), the success panel stays on a later visit, and /afirmaciones checks its form in its own words
// (and asks for just a name where a link was typed).
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { NAME_MESSAGE } from '../../course/contact';

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function fileOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** Fills the lead form and sends it; resolves with the download it started. */
async function sendLead(page: Page, submit: string, nick: string, email: string): Promise<Download> {
  await page.getByLabel('Tu nombre').fill(nick);
  await page.getByLabel('Tu email').fill(email);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: submit }).click();
  return download;
}

const visitorRecord = async (page: Page) => JSON.parse((await page.evaluate(() => window.localStorage.getItem('userSM'))) ?? 'null');

test('a visitor downloads the audiobook from /nostalgia: a real MP3, the success panel, and again later', async ({ page }) => {
  await page.goto('/nostalgia');
  await expect(page.getByRole('heading', { level: 1, name: 'Soltar el Pasado' })).toBeVisible();

  const download = await sendLead(page, 'Descargar el audiolibro', 'Valentina', uniqueEmail('nostalgia'));
  expect(download.suggestedFilename()).toBe('soltar-el-pasado.mp3');
  const mp3 = await fileOf(download);
  expect(mp3.length).toBeGreaterThan(100 * 1024);
  // An ID3 tag, or straight into an MPEG audio frame (sync: 11 bits set).
  const id3 = mp3.subarray(0, 3).toString('latin1') === 'ID3';
  const frameSync = mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0;
  expect(id3 || frameSync).toBe(true);

  await expect(page.getByRole('heading', { name: '¡Listo, Valentina! Tu audiolibro ya es tuyo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar de Nuevo' })).toBeVisible();
  expect(await visitorRecord(page)).toMatchObject({ nick: 'Valentina', nostalgiaDownloaded: true });

  // A later visit: the panel, not the form; 'Descargar de Nuevo' gives the same file.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Descargar de Nuevo' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Descargar el audiolibro Soltar el Pasado' })).toHaveCount(0);
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar de Nuevo' }).click();
  expect((await fileOf(await again)).equals(mp3)).toBe(true);

  await page.getByRole('link', { name: /Los Niveles de Conciencia/ }).click();
  await expect(page).toHaveURL(/\/niveles$/);
});

test('/niveles gives the PDF to a returning visitor with the form prefilled, then leads to /afirmaciones', async ({ page }) => {
  await page.goto('/nostalgia');
  await sendLead(page, 'Descargar el audiolibro', 'Martina', uniqueEmail('niveles'));
  await expect(page.getByRole('button', { name: 'Descargar de Nuevo' })).toBeVisible();

  await page.goto('/niveles');
  await expect(page.getByLabel('Tu nombre')).toHaveValue('Martina');
  // A fresh install: no video until the coach sets hers (no stand-in plays in its place).
  await expect(page.getByRole('heading', { name: 'Mira el video' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar la guía en PDF' }).click();
  const pdf = await fileOf(await download);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('link', { name: /Afirmaciones que Transforman/ }).click();
  await expect(page).toHaveURL(/\/afirmaciones$/);
});

test("/afirmaciones checks the fragment form with its own messages ('Ingresá un email válido')", async ({ page }) => {
  await page.goto('/afirmaciones');
  const form = page.getByRole('form', { name: 'Descargar el fragmento gratuito' });
  await form.getByLabel('Tu nombre').fill('Ana');
  await form.getByLabel('Tu email').fill('ana@ejemplo');
  await form.getByRole('button', { name: 'Descargar el fragmento gratis' }).click();

  await expect(form.getByText('Ingresá un email válido', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Tu email')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Tu email')).toBeFocused();

  await form.getByLabel('Tu nombre').fill(' ');
  await form.getByLabel('Tu email').fill('ana@ejemplo.com');
  await form.getByRole('button', { name: 'Descargar el fragmento gratis' }).click();
  await expect(form.getByText('El nombre es obligatorio', { exact: true })).toBeVisible();
  expect(await visitorRecord(page)).toBeNull();

  // A link where the name goes is not a name: said under the field, and nothing is sent.
  let sent = 0;
  page.on('request', (request) => void (request.url().endsWith('/api/leads/add') && sent++));
  await form.getByLabel('Tu nombre').fill('Reintenta en evil.example/pago');
  await form.getByRole('button', { name: 'Descargar el fragmento gratis' }).click();
  await expect(form.getByText(NAME_MESSAGE, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Tu nombre')).toBeFocused();
  expect(sent).toBe(0);
  expect(await visitorRecord(page)).toBeNull();
});
