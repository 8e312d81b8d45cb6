// The coach's site settings for specs about pages with links: the e2e server is a fresh install (no links set), so
// these answer GET /api/site in the browser with fictitious values, as a coach would have entered them.
import type { Page } from '@playwright/test';

export const E2E_SITE = {
  version: 1,
  coachName: 'Coach de prueba (e2e)',
  coachBio: null,
  contactEmail: 'hola@example.com',
  whatsappNumber: '+5491100000000',
  bookingFirstSessionUrl: 'https://example.com/agenda/primera-sesion',
  bookingClarificationCallUrl: 'https://example.com/agenda/sesion-de-claridad',
  bookingPurposeSessionUrl: 'https://example.com/agenda/sesion-de-proposito',
  instagramUrl: 'https://example.com/instagram',
  tiktokUrl: 'https://example.com/tiktok',
  youtubeUrl: 'https://example.com/youtube',
  bookUrl: 'https://example.com/libro',
  techProjectsEmail: 'proyectos@example.com',
  nivelesVideoUrl: null,
  notice: null,
};

export async function serveSite(page: Page, site: typeof E2E_SITE = E2E_SITE): Promise<void> {
  await page.route('**/api/site?*', (route) => route.fulfill({ json: { success: true, message: 'Ajustes del sitio.', data: site } }));
  await page.route('**/api/site', (route) => route.fulfill({ json: { success: true, message: 'Ajustes del sitio.', data: site } }));
}
