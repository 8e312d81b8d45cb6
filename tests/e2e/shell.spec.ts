import { expect, test } from '@playwright/test';

test('the home address lands on the link-in-bio menu', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path shows the 404 page with a way back to the menu', async ({ page }) => {
  const response = await page.goto('/esta-ruta/no-existe');
  expect(response?.status()).toBe(200); // the SPA answers; its router shows the 404 page
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
