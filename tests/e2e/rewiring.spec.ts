// The rewiring meditation end to end: a visitor reads the ideas, walks the five steps to the completion
// message and back, and the page never talks to the backend (it works wholly in the browser). In the course
// it is offered with the 7-phase meditation, and opened from there it leads on to the next activity, also
// after a reload.
import { expect, test } from '@playwright/test';

const PATH = '/metafisica/bashar/15-minutos-y-contando';
const COMPLETED = 'Meditación Completada: ¡Recableado en Proceso!';
// Every page load asks who is signed in and whether the site has a notice: the app shell's calls, not
// this page's doing.
const SHELL_CALLS = new Set(['/api/auth/verifyToken', '/api/app/notification']);

test('a visitor walks the meditation to its completion and back, with no call to the API', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !SHELL_CALLS.has(pathname)) apiCalls.push(`${request.method()} ${pathname}`);
  });

  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: '15 Minutos y Contando' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Lo que hay detrás de la práctica' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al Temario' })).toHaveAttribute('href', '/cursos/manifiesta');
  await expect(page.getByRole('link', { name: 'Continuar con la Siguiente Actividad' })).toHaveCount(0);
  const meditation = page.getByRole('region', { name: 'Tu meditación de recableado' });

  for (let round = 0; round < 2; round += 1) {
    await page.getByRole('button', { name: 'Comenzar Meditación' }).click();
    for (let step = 1; step <= 5; step += 1) {
      await expect(page.getByText(`Paso ${step} de 5`)).toBeVisible();
      // Keyboard and screen-reader users land on the new step's title.
      await expect(meditation.getByRole('heading', { level: 3 })).toBeFocused();
      await page.getByRole('button', { name: step === 5 ? 'Finalizar Meditación' : 'Siguiente Paso' }).click();
    }
    await expect(meditation.getByRole('heading', { level: 3, name: COMPLETED })).toBeFocused();
    await page.getByRole('button', { name: 'Entendido' }).click();
    await expect(page.getByText(COMPLETED)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Comenzar Meditación' })).toBeVisible();
  }

  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);
});

test('the course offers it with the 7-phase meditation, and from there it leads on to the next activity', async ({ page }) => {
  // A guest who has done the first four activities: the meditation is open.
  await page.addInitScript(() => {
    if (localStorage.getItem('manifiesta_guest_progress')) return;
    const completedSlugs = ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro', '7-niveles-deep-why'];
    localStorage.setItem('manifiesta_guest_progress', JSON.stringify({ completedSlugs, activityData: {} }));
  });
  await page.goto('/cursos/manifiesta/meditacion-7-fases');
  const practice = page.getByRole('complementary', { name: '15 Minutos y Contando' });
  await practice.getByRole('link', { name: 'Abrir la meditación' }).click();
  await expect(page).toHaveURL(`${PATH}?desde=meditacion-7-fases`);
  await expect(page.getByRole('heading', { level: 1, name: '15 Minutos y Contando' })).toBeVisible();

  // The way on survives a reload: it is in the address.
  await page.reload();
  const next = page.getByRole('link', { name: 'Continuar con la Siguiente Actividad' });
  await expect(next).toHaveAttribute('href', '/cursos/manifiesta/niveles-conciencia-hawkins');
  await next.click();
  await expect(page).toHaveURL('/cursos/manifiesta/niveles-conciencia-hawkins');
  await expect(page.getByRole('heading', { level: 1, name: 'Los Niveles de Conciencia' })).toBeVisible();
});
