import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLetter } from '../content/load-letter';
import { makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

// The real loader, watched, so one test can make a letter's chunk fail to arrive.
vi.mock('../content/load-letter', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../content/load-letter')>();
  return { ...actual, loadLetter: vi.fn(actual.loadLetter) };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const FIRST_LETTER = '/newsletter/dean/2025-07-01-el-arte-de-soltar';

describe('/newsletter/{campaign}/{slug}', () => {
  it('shows the letter: series, title, date and body, without the greeting or inline styles', async () => {
    const api = stubApi({});
    renderRoute(FIRST_LETTER);

    expect(await screen.findByRole('heading', { level: 1, name: 'El arte de soltar' })).toBeTruthy();
    expect(screen.getByText('1 de julio de 2025').getAttribute('datetime')).toBe('2025-07-01');
    expect(screen.getByText('Trabajo interior')).toBeTruthy();
    expect(await screen.findByText(/Piensa en el cajón de la mesita de noche/)).toBeTruthy();

    const article = screen.getByRole('article');
    expect(article.textContent).not.toContain('Hola {{nombre}}');
    expect(article.querySelectorAll('[style]')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Volver al newsletter' }).getAttribute('href')).toBe('/newsletter');
    await waitFor(() => expect(document.title).toBe('El arte de soltar · Newsletter · Manifiesta'));
    expect(api.calls).toHaveLength(0);
  });

  it('shows a loading state in the article until the letter arrives', async () => {
    stubApi({});
    let arrive!: (content: { kind: 'found'; html: string }) => void;
    vi.mocked(loadLetter).mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    renderRoute('/newsletter/meta/2025-07-08-la-ley-del-espejo');

    await screen.findByRole('heading', { level: 1, name: 'La ley del espejo' });
    const article = screen.getByRole('article');
    expect(within(article).getByRole('status').textContent).toBe('Cargando...');

    arrive({ kind: 'found', html: '<p class="greeting" style="color:red">Hola {{nombre}},</p><p style="margin:0">Texto de la carta.</p>' });

    expect(await within(article).findByText('Texto de la carta.')).toBeTruthy();
    expect(within(article).queryByRole('status')).toBeNull();
    expect(article.textContent).not.toContain('{{nombre}}');
    expect(article.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('offers the subscription form to a signed-out visitor only', async () => {
    stubApi({});
    const guest = renderRoute(FIRST_LETTER);
    expect(await screen.findByRole('button', { name: 'Suscribirme' })).toBeTruthy();
    guest.unmount();

    renderRoute(FIRST_LETTER, { session: makeUser() });
    await screen.findByText(/Piensa en el cajón/);
    expect(screen.queryByRole('button', { name: 'Suscribirme' })).toBeNull();
  });

  it.each([
    ['a slug the archive does not hold', '/newsletter/dean/2025-07-02-no-existe'],
    ['a letter under the other campaign', '/newsletter/meta/2025-07-01-el-arte-de-soltar'],
    ['an unknown campaign', '/newsletter/otra/2025-07-01-el-arte-de-soltar'],
    ['a test campaign', '/newsletter/test/2025-07-01-el-arte-de-soltar'],
  ])("shows 'Newsletter no encontrado.' for %s", async (_, path) => {
    stubApi({});
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter no encontrado.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al newsletter' }).getAttribute('href')).toBe('/newsletter');
    expect(screen.queryByRole('article')).toBeNull();
    expect(loadLetter).not.toHaveBeenCalled();
  });

  it('says the letter could not be loaded when its chunk fails', async () => {
    stubApi({});
    vi.mocked(loadLetter).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    renderRoute(FIRST_LETTER);

    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo cargar el contenido del newsletter.');
    expect(screen.getByRole('heading', { level: 1, name: 'El arte de soltar' })).toBeTruthy();
    expect(screen.queryByText(/Piensa en el cajón/)).toBeNull();
  });
});
