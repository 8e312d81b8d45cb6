import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LETTER_MESSAGES } from '../../../../../course/newsletter';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { MediaItem } from '../../../lib/media';
import type { CoachLetter, LetterSummary } from '../api/letters-queries';
import { AROUND, coach } from '../coach-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '0190f3a2-0000-7000-8000-000000000001';
const LIST = 'GET /api/coach/letters';
const DRAFT = 'POST /api/coach/letters';
const EDIT = `PATCH /api/coach/letters/${ID}`;
const PREVIEW = 'POST /api/coach/letters/preview';

const LETTER: CoachLetter = {
  id: ID,
  title: 'Volver a empezar',
  slug: 'volver-a-empezar',
  series: 'dean',
  markdown: 'Hola, **tú**.',
  cover: null,
  status: 'draft',
  publishedOn: null,
  path: '/newsletter/dean/volver-a-empezar',
  send: null,
  attribution: { visits: 0, purchases: 0 },
};

const LIBRARY = 'GET /api/coach/media';
const media = (id: string, kind: MediaItem['kind'], contentType: string, label: string): MediaItem => ({
  id,
  kind,
  label,
  url: `/media/${id}.${contentType.split('/')[1]}`,
  contentType,
  bytes: 1000,
  width: kind === 'image' ? 1600 : null,
  height: kind === 'image' ? 900 : null,
  durationSeconds: null,
  uploadedAt: '2026-11-20T10:00:00.000Z',
  variants: kind === 'image' ? [{ url: `/media/${id}-640.webp`, type: 'image/webp', width: 640, height: 360, bytes: 100 }] : [],
});
const JARDIN = media('0190f3a2-0000-7000-8000-0000000000a1', 'image', 'image/jpeg', 'Jardín al amanecer');
const WEBP = media('0190f3a2-0000-7000-8000-0000000000a2', 'image', 'image/webp', 'Solo WebP');
const AUDIO = media('0190f3a2-0000-7000-8000-0000000000a3', 'audio', 'audio/mpeg', 'Meditación');
const COVER_IMAGE = { src: JARDIN.url, width: 1600, height: 900, sources: [{ type: 'image/webp', srcset: `${JARDIN.variants[0]!.url} 640w` }] };

const RENDERED = {
  pageHtml: '<p>Hola, <strong>tú</strong>.</p>',
  mail: { subject: 'Volver a empezar', html: '<p style="margin:0">Hola, <strong>tú</strong>.</p>', text: 'Hola, tú.' },
};

const preview = () => envelope(200, 'Vista previa.', RENDERED);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/coach/newsletter', { timeout: 20_000 }, () => {
  it('lists her letters with their series and whether they are published, and offers a new one', async () => {
    const letters: LetterSummary[] = [
      { ...LETTER, status: 'published', publishedOn: '2026-09-05', createdAt: '2026-09-01T10:00:00.000Z', updatedAt: '2026-09-05T10:00:00.000Z' },
      {
        ...LETTER,
        id: 'b',
        title: 'Lo que vibras',
        slug: 'lo-que-vibras',
        series: 'meta',
        createdAt: '2026-09-02T10:00:00.000Z',
        updatedAt: '2026-09-02T10:00:00.000Z',
      },
    ];
    stubApi({ ...AROUND, [LIST]: envelope(200, 'Cartas.', letters) });
    renderRoute('/coach/newsletter', { session: coach });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Newsletter');
    const list = await screen.findByRole('list', { name: 'Tus cartas' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Volver a empezarTrabajo interior · Publicada el 5 de septiembre de 2026',
      'Lo que vibrasMetafísica y manifestación · Borrador',
    ]);
    expect(screen.getByRole('link', { name: 'Newsletter' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Nueva carta' }).getAttribute('href')).toBe('/coach/newsletter/nueva');
  });

  it('fills the address from the title until she edits it, and checks the fields before sending anything', async () => {
    const api = stubApi({ ...AROUND, [PREVIEW]: preview });
    renderRoute('/coach/newsletter/nueva', { session: coach });
    await screen.findByRole('heading', { name: 'Nueva carta' });
    type('Título', 'Volver a empezar: el año, otra vez');
    expect(screen.getByLabelText<HTMLInputElement>('Dirección').value).toBe('volver-a-empezar-el-ano-otra-vez');
    type('Dirección', 'mi-carta');
    type('Título', 'Otro título');
    expect(screen.getByLabelText<HTMLInputElement>('Dirección').value).toBe('mi-carta');

    type('Título', '');
    type('Dirección', 'Con Tildes');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Revisa los datos marcados.');
    expect(screen.getByText(LETTER_MESSAGES.title)).toBeTruthy();
    expect(screen.getByText(LETTER_MESSAGES.slug)).toBeTruthy();
    expect(screen.getByText(LETTER_MESSAGES.markdown)).toBeTruthy();
    expect(screen.getByLabelText('Título').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(DRAFT)).toHaveLength(0);
    expect(api.callsTo(PREVIEW)).toHaveLength(0);
    expect(screen.getByText('La vista previa aparece cuando la carta tiene título, dirección y texto.')).toBeTruthy();
  });

  it('saves with POST the first time, takes the id into the address, then sends only the changes with PATCH', async () => {
    const api = stubApi({
      ...AROUND,
      [PREVIEW]: preview,
      [DRAFT]: envelope(201, 'Borrador guardado.', LETTER),
      [EDIT]: async (request: Request) => envelope(200, 'Carta guardada.', { ...LETTER, ...((await request.json()) as object) }),
    });
    const { router } = renderRoute('/coach/newsletter/nueva', { session: coach });
    await screen.findByRole('heading', { name: 'Nueva carta' });
    type('Título', 'Volver a empezar');
    type('Texto', 'Hola, **tú**.');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect((await screen.findByRole('status')).textContent).toBe('Borrador guardado.');
    expect(api.callsTo(DRAFT)[0]!.body).toEqual({ title: 'Volver a empezar', slug: 'volver-a-empezar', series: 'dean', markdown: 'Hola, **tú**.' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/coach/newsletter/${ID}`));

    type('Texto', 'Hola otra vez.');
    expect(screen.getByText(/con cambios sin guardar/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(api.callsTo(EDIT)).toHaveLength(1));
    expect(api.callsTo(EDIT)[0]!.body).toEqual({ markdown: 'Hola otra vez.' });
    expect(api.callsTo(DRAFT)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(/con cambios sin guardar/)).toBeNull());
  });

  it('shows a taken address under the address field, in the server’s words', async () => {
    stubApi({ ...AROUND, [PREVIEW]: preview, [DRAFT]: envelope(409, LETTER_MESSAGES.slugTaken) });
    renderRoute('/coach/newsletter/nueva', { session: coach });
    await screen.findByRole('heading', { name: 'Nueva carta' });
    type('Título', 'Volver a empezar');
    type('Texto', 'Hola.');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    const message = await screen.findByText(LETTER_MESSAGES.slugTaken);
    expect(screen.getByLabelText('Dirección').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('previews the page, the mail with its subject and the plain text, at two widths', async () => {
    const api = stubApi({ ...AROUND, [PREVIEW]: preview, [`GET /api/coach/letters/${ID}`]: envelope(200, 'Carta.', LETTER) });
    renderRoute(`/coach/newsletter/${ID}`, { session: coach });
    const page = await screen.findByTitle('La página del archivo');
    expect(page.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(page.getAttribute('srcdoc')).toContain('<h1>Volver a empezar</h1>');
    expect(page.getAttribute('srcdoc')).toContain(RENDERED.pageHtml);
    expect(page.getAttribute('srcdoc')).not.toContain('style=');
    expect(api.callsTo(PREVIEW)[0]!.body).toEqual({ title: LETTER.title, slug: LETTER.slug, series: LETTER.series, markdown: LETTER.markdown });

    fireEvent.click(screen.getByRole('button', { name: 'Correo' }));
    expect(screen.getByRole('button', { name: 'Correo' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Asunto:').parentElement!.textContent).toBe('Asunto: Volver a empezar');
    const mail = screen.getByTitle('El correo');
    expect(mail.getAttribute('srcdoc')).toContain('<p data-preview-style="margin:0">');

    fireEvent.click(screen.getByRole('button', { name: 'Texto' }));
    expect(screen.getByLabelText('El correo en texto simple').textContent).toBe('Hola, tú.');

    fireEvent.click(screen.getByRole('button', { name: 'Teléfono' }));
    expect(screen.getByRole('button', { name: 'Teléfono' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Escritorio' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('chooses a cover among her JPEG and PNG images, shows it in the page’s preview, saves only it, and takes it away', async () => {
    const api = stubApi({
      ...AROUND,
      [LIBRARY]: envelope(200, 'Biblioteca.', [JARDIN, WEBP, AUDIO]),
      [PREVIEW]: async (request: Request) =>
        envelope(200, 'Vista previa.', { ...RENDERED, cover: ((await request.json()) as { cover?: string }).cover ? COVER_IMAGE : null }),
      [`GET /api/coach/letters/${ID}`]: envelope(200, 'Carta.', LETTER),
      [EDIT]: async (request: Request) => {
        const changes = (await request.json()) as { cover?: string | null };
        return envelope(200, 'Carta guardada.', { ...LETTER, cover: changes.cover ? { id: changes.cover, image: COVER_IMAGE } : null });
      },
    });
    renderRoute(`/coach/newsletter/${ID}`, { session: coach });
    const cover = await screen.findByRole('group', { name: 'Portada' });
    expect(within(cover).queryByRole('button', { name: 'Quitar la portada' })).toBeNull();
    fireEvent.click(within(cover).getByText('Elegir una portada'));
    const choices = await within(cover).findByRole('group', { name: 'Tus imágenes' });
    // WebP (not every mail program shows it) and audio are not offered.
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Jardín al amanecer']);
    fireEvent.click(within(choices).getByLabelText('Jardín al amanecer'));
    expect(within(cover).getByAltText('La portada elegida').getAttribute('src')).toBe(JARDIN.variants[0]!.url);
    expect(screen.getByText(/con cambios sin guardar/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(PREVIEW).at(-1)!.body).toMatchObject({ cover: JARDIN.id }));
    await waitFor(() => expect(screen.getByTitle('La página del archivo').getAttribute('srcdoc')).toContain(`<img class="letter-cover" src="${JARDIN.url}"`));

    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(api.callsTo(EDIT)).toHaveLength(1));
    expect(api.callsTo(EDIT)[0]!.body).toEqual({ cover: JARDIN.id });
    await waitFor(() => expect(screen.queryByText(/con cambios sin guardar/)).toBeNull());

    fireEvent.click(within(cover).getByRole('button', { name: 'Quitar la portada' }));
    expect(within(cover).queryByAltText('La portada elegida')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(api.callsTo(EDIT)).toHaveLength(2));
    expect(api.callsTo(EDIT)[1]!.body).toEqual({ cover: null });
    expect(api.unexpected).toEqual([]);
  });

  it('uploads an image as the cover, and shows a refusal of the server under «Portada»', async () => {
    const uploaded = media('0190f3a2-0000-7000-8000-0000000000a4', 'image', 'image/png', 'Nueva');
    const library: MediaItem[] = [];
    const api = stubApi({
      ...AROUND,
      [LIBRARY]: () => envelope(200, 'Biblioteca.', library),
      [PREVIEW]: preview,
      [`GET /api/coach/letters/${ID}`]: envelope(200, 'Carta.', LETTER),
      'POST /api/coach/media': () => {
        library.push(uploaded);
        return envelope(200, 'Archivo subido.', uploaded);
      },
      [EDIT]: envelope(400, LETTER_MESSAGES.cover),
    });
    renderRoute(`/coach/newsletter/${ID}`, { session: coach });
    const cover = await screen.findByRole('group', { name: 'Portada' });
    fireEvent.click(within(cover).getByText('Elegir una portada'));
    expect(await within(cover).findByText(/Todavía no tienes imágenes JPEG o PNG/)).toBeTruthy();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'nueva.png', { type: 'image/png' });
    fireEvent.change(within(cover).getByLabelText('O sube una imagen nueva'), { target: { files: [file] } });
    fireEvent.click(within(cover).getByRole('button', { name: 'Subir y usar como portada' }));
    await waitFor(() => expect(api.callsTo('POST /api/coach/media')).toHaveLength(1));
    // Chosen as soon as it is in the library; saved with the letter.
    await waitFor(() => expect(within(cover).getByAltText('La portada elegida').getAttribute('src')).toBe(uploaded.variants[0]!.url));
    expect(screen.getByText(/con cambios sin guardar/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect((await within(cover).findByRole('alert')).textContent).toBe(LETTER_MESSAGES.cover);
    expect(api.callsTo(EDIT)[0]!.body).toEqual({ cover: uploaded.id });
  });

  it('sends her a test, publishes after asking, then locks the address and offers to take it out of the archive', async () => {
    const published: CoachLetter = { ...LETTER, status: 'published', publishedOn: '2026-11-27' };
    const api = stubApi({
      ...AROUND,
      [PREVIEW]: preview,
      [`GET /api/coach/letters/${ID}`]: envelope(200, 'Carta.', LETTER),
      [`POST /api/coach/letters/${ID}/test`]: envelope(202, 'Prueba en camino.'),
      [`POST /api/coach/letters/${ID}/publish`]: envelope(200, 'Carta publicada: ya está en el archivo.', published),
      [`POST /api/coach/letters/${ID}/unpublish`]: envelope(200, 'Retiraste la carta del archivo: ahora es un borrador.', LETTER),
    });
    renderRoute(`/coach/newsletter/${ID}`, { session: coach });
    await screen.findByRole('heading', { name: 'Tu carta' });
    await screen.findByLabelText('Título');
    fireEvent.click(screen.getByRole('button', { name: 'Enviarme una prueba' }));
    expect((await screen.findByRole('status')).textContent).toBe('Te enviamos la prueba a tu correo.');
    expect(api.callsTo(`POST /api/coach/letters/${ID}/test`)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(api.callsTo(`POST /api/coach/letters/${ID}/publish`)).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('group', { name: 'Confirmar la publicación' })).getByRole('button', { name: 'Sí, publicar' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Publicada.'));
    expect(screen.getByRole('link', { name: 'Ver en el archivo' }).getAttribute('href')).toBe(LETTER.path);
    expect(screen.getByLabelText<HTMLInputElement>('Dirección').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Serie').disabled).toBe(true);
    expect(screen.getByText(/Publicada el 27 de noviembre de 2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retirar del archivo' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Dirección').readOnly).toBe(false));
    expect(api.callsTo(`POST /api/coach/letters/${ID}/unpublish`)).toHaveLength(1);
    expect(api.callsTo(`PATCH /api/coach/letters/${ID}`)).toHaveLength(0);
  });
});
