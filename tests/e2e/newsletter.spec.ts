// The newsletter end to end: the archive read from the server newest first (the first letters, which the server
// records when it starts), a letter's page, a visitor's subscription answered by the server (and a name refused),
// and an unknown letter.
import { expect, test } from '@playwright/test';
import { NAME_MESSAGE } from '../../course/contact';
import { newAccount } from './accounts';

const FIRST_LETTER = '/newsletter/dean/2025-07-01-el-arte-de-soltar';

test('the archive lists the published letters newest first with long Spanish dates, from the server', async ({ page }) => {
  const archive = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/newsletter/letters');
  await page.goto('/newsletter');
  expect((await archive).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  const items = page
    .getByRole('list')
    .filter({ has: page.locator('time') })
    .getByRole('listitem');
  // The eleven first letters, the oldest last (a letter published by another test of this run comes first).
  await expect(items.last().getByRole('link')).toHaveAttribute('href', '/newsletter/dean/2025-07-01-el-arte-de-soltar');
  expect(await items.count()).toBeGreaterThanOrEqual(11);
  await expect(items.filter({ hasText: 'Volver a empezar' }).locator('time')).toHaveText('5 de septiembre de 2025');
  await expect(items.last().locator('time')).toHaveText('1 de julio de 2025');
  await expect(items.last().getByRole('link')).toHaveText('El arte de soltar');

  const dates = await items.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
  expect(dates).toEqual([...dates].sort().reverse());
});

test('a letter opens from the archive with its title and body, sanitized by the server (no greeting, no inline styles)', async ({ page }) => {
  await page.goto('/newsletter');
  await page.getByRole('link', { name: 'El arte de soltar' }).click();

  await expect(page).toHaveURL(new RegExp(`${FIRST_LETTER}$`));
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: 'El arte de soltar' })).toBeVisible();
  await expect(article.getByText('1 de julio de 2025')).toBeVisible();
  await expect(article.getByText(/Piensa en el cajón de la mesita de noche/)).toBeVisible();
  await expect(article).not.toContainText('Hola {{nombre}}');
  await expect(article.locator('[style]')).toHaveCount(0);
  await expect(page).toHaveTitle('El arte de soltar · Newsletter · Manifiesta');

  await page.getByRole('link', { name: 'Volver al newsletter' }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
});

test("a visitor subscribes and reads the server's answer; a second time, its other answer", async ({ page }) => {
  const { email } = newAccount('newsletter');
  await page.goto(FIRST_LETTER);

  async function subscribe(): Promise<string> {
    await page.getByLabel('Tu nombre').fill('Lucía');
    await page.getByLabel('Tu correo electrónico').fill(email);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/leads/add')),
      page.getByRole('button', { name: 'Suscribirme' }).click(),
    ]);
    expect(response.status()).toBe(200);
    const { message } = (await response.json()) as { message: string };
    await expect(page.getByRole('status')).toHaveText(message);
    await expect(page.getByLabel('Tu nombre')).toHaveValue('');
    await expect(page.getByLabel('Tu correo electrónico')).toHaveValue('');
    return message;
  }

  const first = await subscribe();
  const again = await subscribe();
  expect(again).not.toBe(first);
});

test("a name that is not just a name (a link) is refused with the server's Spanish message, and what was typed stays", async ({ page }) => {
  const { email } = newAccount('newsletter');
  await page.goto(FIRST_LETTER);
  const nick = 'tu pago falló. Reintenta en https://evil.example/pago';
  await page.getByLabel('Tu nombre').fill(nick);
  await page.getByLabel('Tu correo electrónico').fill(email);
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/api/leads/add')),
    page.getByRole('button', { name: 'Suscribirme' }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(NAME_MESSAGE);
  await expect(page.getByLabel('Tu nombre')).toHaveValue(nick);
  await expect(page.getByRole('status')).toHaveCount(0);
});

test("an unknown letter shows 'Newsletter no encontrado.'", async ({ page }) => {
  await page.goto('/newsletter/dean/2025-07-02-no-existe');
  await expect(page.getByRole('heading', { name: 'Newsletter no encontrado.' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver al newsletter' }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
});
