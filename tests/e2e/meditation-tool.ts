// Helpers for the meditation specs: signing in through the API, and setting up short meditations in the tool.
import { expect, type Page } from '@playwright/test';
import type { Account } from './accounts';

export const TOOL = '/herramientas/7-fases';
export const PHASES = ['Presencia', 'Gratitud', 'Amor', 'Perdón', 'Visión', 'Elección', 'Conexión'];

export async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

/** Opens the settings, folded into one line above the start button. */
export async function openSettings(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Prepara tu meditación' })).toBeVisible();
  await page.getByText(/^\d+ fases? · /).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Las siete fases' })).toBeVisible();
}

/** Only the phases in `keep`, 3 minutes each; no intro, voice or gong, so nothing waits for a sound to end. */
export async function shortPhases(page: Page, keep: readonly string[]) {
  await openSettings(page);
  for (const name of PHASES.filter((phase) => !keep.includes(phase))) await page.getByLabel(`Incluir la fase ${name}`).uncheck();
  for (const name of keep) await page.getByLabel(`Duración de ${name}`).fill('3');
  for (const name of ['Introducción guiada', 'Voz que anuncia cada fase', 'Gong entre fases']) await page.getByLabel(name).uncheck();
  const summary = `${keep.length === 1 ? '1 fase' : `${keep.length} fases`} · ${keep.length * 3} minutos · Sin música de fondo · Sin voz`;
  await expect(page.getByText(summary)).toBeVisible();
}
