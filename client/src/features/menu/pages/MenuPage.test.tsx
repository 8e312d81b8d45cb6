// The link-in-bio page's own promises; how app/ feeds it the session is in app/routes/MenuRoute.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteLinks } from '../../../lib/site';
import { TEST_SITE } from '../../../testing/site';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { MENU_WHATSAPP_MESSAGE } from './MenuPage';

/** The coach's settings these pages are rendered with (fictitious). */
const links = siteLinks(TEST_SITE);

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

const countVisits = () => stubApi({ 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) });
const labelsOf = async (nav: string) =>
  within(await screen.findByRole('navigation', { name: nav }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('/menu', () => {
  it("puts 'Continuar mi Curso' first for a signed-in user, under '@username'", async () => {
    countVisits();
    renderRoute('/menu', { site: TEST_SITE, session: makeUser({ username: 'marti.luz' }) });
    expect(await screen.findByText('@marti.luz')).toBeTruthy();
    const [first, ...rest] = await labelsOf('Enlaces principales');
    expect(first![0]).toMatch(/^Continuar mi Curso/);
    expect(first![1]).toBe('/cursos/manifiesta');
    expect(rest.map(([, href]) => href)).not.toContain('/cursos/manifiesta');
  });

  it("shows a guest neither 'Continuar mi Curso' nor a handle, and counts the visit", async () => {
    const api = countVisits();
    renderRoute('/menu', { site: TEST_SITE });
    expect((await labelsOf('Enlaces principales')).map(([, href]) => href)).toEqual([
      '/reprograma',
      '/masterclasses',
      '/recursos-gratuitos',
      '/hielo',
      '/coaching',
    ]);
    expect(screen.queryByText(/Continuar mi Curso/)).toBeNull();
    expect(screen.queryByText(/^@/)).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'menu' }));
  });

  it('links the social profiles, the WhatsApp chat with its own greeting and the book, each in a new tab', async () => {
    countVisits();
    renderRoute('/menu', { site: TEST_SITE });
    const social = await screen.findByRole('navigation', { name: 'Redes sociales' });
    const hrefs = Object.fromEntries(
      within(social)
        .getAllByRole('link')
        .map((link) => [link.textContent!.replace(' (se abre en otra pestaña)', ''), link.getAttribute('href')]),
    );
    expect(hrefs).toEqual({
      Instagram: links.instagram,
      TikTok: links.tiktok,
      YouTube: links.youtube,
      WhatsApp: `${links.whatsapp}?text=${encodeURIComponent(MENU_WHATSAPP_MESSAGE)}`,
      'Mi libro': links.book,
    });
    for (const link of within(social).getAllByRole('link')) expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('on a fresh install (nothing set) shows no social link, chat or book, and asks the settings once at run time', async () => {
    const api = stubApi({
      'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }),
      'GET /api/site': () => envelope(200, 'Ajustes del sitio.', { ...siteLinksNone }),
    });
    renderRoute('/menu', { site: 'fetch' });
    await waitFor(() => expect(api.callsTo('GET /api/site')).toHaveLength(1));
    expect(await screen.findByRole('navigation', { name: 'Enlaces principales' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Redes sociales' })).toBeNull();
    expect(document.querySelector('a[href*="wa.me"], a[href*="instagram"]')).toBeNull();
  });

  it('shows the WhatsApp chat as soon as the coach has set her number', async () => {
    stubApi({
      'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }),
      'GET /api/site': () => envelope(200, 'Ajustes del sitio.', { ...siteLinksNone, version: 1, whatsappNumber: '+5491100000000' }),
    });
    renderRoute('/menu', { site: 'fetch' });
    const social = await screen.findByRole('navigation', { name: 'Redes sociales' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([`https://wa.me/5491100000000?text=${encodeURIComponent(MENU_WHATSAPP_MESSAGE)}`]);
  });
});

/** GET /api/site on a fresh install: every field unset. */
const siteLinksNone = Object.fromEntries(Object.entries(TEST_SITE).map(([k]) => [k, k === 'version' ? 0 : null]));
