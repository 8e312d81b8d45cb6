import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FIRST_LETTER = '/newsletter/dean/2025-07-01-el-arte-de-soltar';
const LETTER_API = 'GET /api/newsletter/letters/dean/2025-07-01-el-arte-de-soltar';
/** What the server gives for the letter: its body already sanitized there. */
const LETTER = {
  title: 'El arte de soltar',
  series: 'dean',
  slug: '2025-07-01-el-arte-de-soltar',
  publishedOn: '2025-07-01',
  html: '<p>Piensa en el cajón de la mesita de noche.</p>\n<h2>La práctica de la semana</h2>\n<p>Con cariño,<br>Manifiesta</p>',
  cover: null,
};
const letter = () => envelope(200, 'Carta.', LETTER);
const notFound = () => envelope(404, 'No encontramos esa carta.');

describe('/newsletter/{series}/{slug}', () => {
  it('shows the letter the server serves: series, title, date and body', async () => {
    const api = stubApi({ [LETTER_API]: letter });
    renderRoute(FIRST_LETTER);

    expect(await screen.findByRole('heading', { level: 1, name: 'El arte de soltar' })).toBeTruthy();
    expect(screen.getByText('1 de julio de 2025').getAttribute('datetime')).toBe('2025-07-01');
    expect(screen.getByText('Trabajo interior')).toBeTruthy();
    const article = screen.getByRole('article');
    expect(within(article).getByText(/Piensa en el cajón de la mesita de noche/)).toBeTruthy();
    expect(within(article).getByRole('heading', { level: 2, name: 'La práctica de la semana' })).toBeTruthy();
    expect(article.querySelector('picture')).toBeNull(); // no cover
    expect(screen.getByRole('link', { name: 'Volver al newsletter' }).getAttribute('href')).toBe('/newsletter');
    await waitFor(() => expect(document.title).toBe('El arte de soltar · Newsletter · Manifiesta'));
    expect(api.callsTo(LETTER_API)).toHaveLength(1);
  });

  it('shows the cover under the title as a decorative <picture>, its size set', async () => {
    const cover = {
      src: '/media/abc.png',
      width: 1600,
      height: 900,
      sources: [
        { type: 'image/avif', srcset: '/media/a320.avif 320w, /media/a640.avif 640w' },
        { type: 'image/webp', srcset: '/media/w320.webp 320w, /media/w640.webp 640w' },
      ],
    };
    stubApi({ [LETTER_API]: () => envelope(200, 'Carta.', { ...LETTER, cover }) });
    renderRoute(FIRST_LETTER);
    await screen.findByRole('heading', { level: 1, name: 'El arte de soltar' });
    const article = screen.getByRole('article');
    const img = article.querySelector('picture img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual([
      '/media/abc.png',
      '1600',
      '900',
      '',
    ]);
    expect([...article.querySelectorAll('picture source')].map((s) => [s.getAttribute('type'), s.getAttribute('sizes')])).toEqual([
      ['image/avif', '(min-width: 42rem) 40rem, calc(100vw - 2rem)'],
      ['image/webp', '(min-width: 42rem) 40rem, calc(100vw - 2rem)'],
    ]);
    // Under the header, above the text.
    expect(article.querySelector('header + picture')).toBe(img.parentElement);
  });

  it('shows a loading state until the letter arrives', async () => {
    const answer = deferred();
    stubApi({ 'GET /api/newsletter/letters/meta/2025-07-08-la-ley-del-espejo': () => answer.promise });
    renderRoute('/newsletter/meta/2025-07-08-la-ley-del-espejo');

    expect((await screen.findByRole('status')).textContent).toBe('Cargando...');
    answer.resolve(
      envelope(200, 'Carta.', {
        title: 'La ley del espejo',
        series: 'meta',
        slug: '2025-07-08-la-ley-del-espejo',
        publishedOn: '2025-07-08',
        html: '<p>Texto de la carta.</p>',
      }),
    );
    expect(await screen.findByText('Texto de la carta.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'La ley del espejo' })).toBeTruthy();
    expect(screen.queryByText('Cargando...')).toBeNull();
  });

  it('offers the subscription form to a signed-out visitor only', async () => {
    stubApi({ [LETTER_API]: letter });
    const guest = renderRoute(FIRST_LETTER);
    expect(await screen.findByRole('button', { name: 'Suscribirme' })).toBeTruthy();
    guest.unmount();

    renderRoute(FIRST_LETTER, { session: makeUser() });
    await screen.findByText(/Piensa en el cajón/);
    expect(screen.queryByRole('button', { name: 'Suscribirme' })).toBeNull();
  });

  it.each([
    ['a slug no published letter has', '/newsletter/dean/2025-07-02-no-existe'],
    ['a letter under the other series', '/newsletter/meta/2025-07-01-el-arte-de-soltar'],
    ['an unknown series', '/newsletter/otra/2025-07-01-el-arte-de-soltar'],
  ])("shows 'Newsletter no encontrado.' for %s (the server's 404)", async (_, path) => {
    stubApi({ [`GET /api/newsletter/letters${path.slice('/newsletter'.length)}`]: notFound });
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter no encontrado.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al newsletter' }).getAttribute('href')).toBe('/newsletter');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says the letter could not be loaded when the server cannot be reached', async () => {
    stubApi({ [LETTER_API]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute(FIRST_LETTER);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('No se pudo cargar el contenido del newsletter.');
    expect(screen.queryByRole('article')).toBeNull();
  });
});
