import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { TEST_SITE } from '../../../testing/site';
import { RESOURCES } from '../../../../../course/resources';
import { RESOURCES_WHATSAPP_MESSAGE } from './FreeResourcesPage';

beforeAll(() => import('./FreeResourcesPage'));
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

async function cards() {
  return within(await screen.findByRole('list', { name: 'Recursos' })).getAllByRole('listitem');
}

describe('/recursos-gratuitos', () => {
  it("is 'Recursos Gratuitos': five cards, each with its kind, picture, title, description and link", async () => {
    const api = stubApi({ 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) });
    renderRoute('/recursos-gratuitos', { site: TEST_SITE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recursos Gratuitos' })).toBeTruthy();
    expect(document.title).toBe('Recursos Gratuitos · Manifiesta');

    const shown = (await cards()).map((card) => ({
      type: card.querySelector('p')?.textContent,
      title: within(card).getByRole('heading', { level: 2 }).textContent,
      link: within(card).getByRole('link').getAttribute('href'),
    }));
    expect(shown).toEqual([
      { type: 'App', title: 'Meditación de las 7 Fases', link: '/cursos/manifiesta/meditacion-7-fases' },
      { type: 'Curso', title: 'Curso Manifiesta', link: '/cursos/manifiesta' },
      { type: 'Newsletter', title: 'Newsletter', link: '/newsletter' },
      { type: 'Ebook', title: 'Afirmaciones', link: '/afirmaciones' },
      { type: 'Audio', title: 'Soltar el Pasado', link: '/nostalgia' },
    ]);
    for (const card of await cards()) {
      const image = card.querySelector('img')!;
      expect(image.getAttribute('src')).toMatch(/^\/img\/recursos\/.+\.svg$/);
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('width')).toBeTruthy();
      expect(within(card).getByRole('link').getAttribute('aria-describedby')).toBe(within(card).getByRole('heading').id);
    }
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'recursos-gratuitos' }));
  });

  it('shows the very cards GET /api/resources serves (course/resources.ts): same titles, words, links and pictures', async () => {
    stubApi({ 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) });
    renderRoute('/recursos-gratuitos', { site: TEST_SITE });
    const shown = (await cards()).map((card) => ({
      title: within(card).getByRole('heading', { level: 2 }).textContent,
      description: card.querySelector('h2 + p')?.textContent,
      link: within(card).getByRole('link').getAttribute('href'),
      image: card.querySelector('img')!.getAttribute('src'),
    }));
    expect(shown).toEqual(RESOURCES.map(({ title, description, link, image }) => ({ title, description, link, image })));
  });

  it('a card leads to its resource', async () => {
    stubApi({ 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) });
    const { router } = renderRoute('/recursos-gratuitos', { site: TEST_SITE });
    const audio = (await cards())[4]!;
    fireEvent.click(within(audio).getByRole('link', { name: 'Escuchar el audio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nostalgia'));
  });

  it('offers a WhatsApp chat with its own greeting to whoever does not know where to start', async () => {
    stubApi({ 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) });
    renderRoute('/recursos-gratuitos', { site: TEST_SITE });
    const chat = await screen.findByRole('link', { name: /Escríbeme por WhatsApp/ });
    expect(new URL(chat.getAttribute('href')!).searchParams.get('text')).toBe(RESOURCES_WHATSAPP_MESSAGE);
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
