// The link-in-bio page's own promises; how app/ feeds it the session is in app/routes/MenuRoute.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { links } from '../../../config/links';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { MENU_WHATSAPP_MESSAGE } from './MenuPage';

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
    renderRoute('/menu', { session: makeUser({ username: 'marti.luz' }) });
    expect(await screen.findByText('@marti.luz')).toBeTruthy();
    const [first, ...rest] = await labelsOf('Enlaces principales');
    expect(first![0]).toMatch(/^Continuar mi Curso/);
    expect(first![1]).toBe('/cursos/manifiesta');
    expect(rest.map(([, href]) => href)).not.toContain('/cursos/manifiesta');
  });

  it("shows a guest neither 'Continuar mi Curso' nor a handle, and counts the visit", async () => {
    const api = countVisits();
    renderRoute('/menu');
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
    renderRoute('/menu');
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
});
