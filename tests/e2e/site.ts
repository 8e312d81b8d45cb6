// The coach's site settings for specs about pages with links: the e2e server is a fresh install (no links set), so
// the component tests' fictitious settings answer GET /api/site in the browser, as a coach would have entered them.
import type { Page } from '@playwright/test';
import { TEST_SITE } from '../../client/src/testing/site';

export const E2E_SITE = TEST_SITE;

export async function serveSite(page: Page, site: typeof E2E_SITE = E2E_SITE): Promise<void> {
  const answer = { json: { success: true, message: 'Ajustes del sitio.', data: site } };
  await page.route('**/api/site?*', (route) => route.fulfill(answer));
  await page.route('**/api/site', (route) => route.fulfill(answer));
}
