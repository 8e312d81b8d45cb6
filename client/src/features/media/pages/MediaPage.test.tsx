import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGES } from '../../../../../course/media';
import type { MediaItem } from '../../../lib/media';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const coach = makeUser({ id: '0b6c1f7e-1111-4a4a-9a9a-000000000009', username: 'la.coach', roles: [9] });
const LIST = 'GET /api/coach/media';
const UPLOAD = 'POST /api/coach/media';
const AROUND = {
  'GET /api/app/notification': () => envelope(200, 'Sin novedades.', null),
  'GET /api/coach/placements': () => envelope(200, 'Archivos del sitio.', { version: 0, placements: {}, history: [] }),
};
const hash = (c: string) => c.repeat(64);

const PHOTO: MediaItem = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'image',
  label: 'Retrato en el jardín',
  url: `/media/${hash('a')}.jpg`,
  contentType: 'image/jpeg',
  bytes: 245_000,
  width: 1200,
  height: 1600,
  durationSeconds: null,
  uploadedAt: '2026-11-02T10:00:00.000Z',
  variants: [
    { url: `/media/${hash('b')}.webp`, type: 'image/webp', width: 640, height: 853, bytes: 40_000 },
    { url: `/media/${hash('c')}.webp`, type: 'image/webp', width: 320, height: 427, bytes: 12_000 },
  ],
};
const AUDIO: MediaItem = {
  ...PHOTO,
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'audio',
  label: null,
  url: `/media/${hash('d')}.mp3`,
  contentType: 'audio/mpeg',
  bytes: 3_500_000,
  width: null,
  height: null,
  durationSeconds: 725,
  variants: [],
};
const GUIDE: MediaItem = {
  ...AUDIO,
  id: '00000000-0000-4000-8000-000000000003',
  kind: 'pdf',
  label: 'Guía',
  url: `/media/${hash('e')}.pdf`,
  durationSeconds: null,
};

describe('/coach/medios', { timeout: 20_000 }, () => {
  it('lists each kind as a card with its thumbnail, player or link, size and length, in a tab of the desk', async () => {
    stubApi({ ...AROUND, [LIST]: () => envelope(200, 'Biblioteca de medios.', [PHOTO, AUDIO, GUIDE]) });
    renderRoute('/coach/medios', { session: coach });
    expect(await screen.findByRole('heading', { level: 1, name: 'Medios' }, { timeout: 10_000 })).toBeTruthy();
    const photo = (await screen.findByRole('heading', { name: 'Retrato en el jardín' })).closest('li')!;
    expect(within(photo).getByRole('img', { name: 'Retrato en el jardín' }).getAttribute('src')).toBe(`/media/${hash('c')}.webp`);
    expect(within(photo).getByText('239 KB · 1200 × 1600 px')).toBeTruthy();
    const audio = screen.getByRole('heading', { name: 'Audio sin nombre' }).closest('li')!;
    expect(audio.querySelector('audio')?.getAttribute('src')).toBe(AUDIO.url);
    expect(within(audio).getByText('3,3 MB · 12:05')).toBeTruthy();
    const guide = screen.getByRole('heading', { name: 'Guía' }).closest('li')!;
    expect(within(guide).getByRole('link', { name: 'Abrir el PDF' }).getAttribute('href')).toBe(GUIDE.url);
    expect(screen.getAllByRole('button', { name: 'Copiar enlace' })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Medios' }).getAttribute('aria-current')).toBe('page');
  });

  it('says so when the library is empty', async () => {
    stubApi({ ...AROUND, [LIST]: () => envelope(200, 'Biblioteca de medios.', []) });
    renderRoute('/coach/medios', { session: coach });
    expect(await screen.findByText(/Todavía no hay archivos en tu biblioteca/, undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('asks for a file, shows the server’s refusal in an alert, and lists an accepted upload', async () => {
    let items: MediaItem[] = [];
    let refuse = true;
    const api = stubApi({
      ...AROUND,
      [LIST]: () => envelope(200, 'Biblioteca de medios.', items),
      [UPLOAD]: () => {
        if (refuse) return envelope(415, MEDIA_MESSAGES.unsupported, null);
        items = [GUIDE];
        return envelope(200, MEDIA_MESSAGES.uploaded, GUIDE);
      },
    });
    renderRoute('/coach/medios', { session: coach });
    const submit = await screen.findByRole('button', { name: 'Subir' }, { timeout: 10_000 });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.noFile);
    expect(api.callsTo(UPLOAD)).toHaveLength(0);

    const input = screen.getByLabelText('Archivo');
    fireEvent.change(input, { target: { files: [new File(['hola'], 'foto.png', { type: 'image/png' })] } });
    fireEvent.click(submit);
    expect((await screen.findByText(MEDIA_MESSAGES.unsupported)).getAttribute('role')).toBe('alert');

    refuse = false;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4 %%EOF'], 'guia.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Guía' })).toBeTruthy();
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes(MEDIA_MESSAGES.uploaded))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes a file only after an inline confirmation, and shows why one in use is kept', async () => {
    let items: MediaItem[] = [PHOTO, GUIDE];
    const DELETE_PHOTO = `DELETE /api/coach/media/${PHOTO.id}`;
    const DELETE_GUIDE = `DELETE /api/coach/media/${GUIDE.id}`;
    const IN_USE = 'Esta foto es tu retrato del sitio: cámbiala en Ajustes antes de borrarla.';
    const api = stubApi({
      ...AROUND,
      [LIST]: () => envelope(200, 'Biblioteca de medios.', items),
      [DELETE_PHOTO]: () => envelope(409, IN_USE, null),
      [DELETE_GUIDE]: () => {
        items = [PHOTO];
        return envelope(200, MEDIA_MESSAGES.deleted, null);
      },
    });
    renderRoute('/coach/medios', { session: coach });
    const guide = (await screen.findByRole('heading', { name: 'Guía' }, { timeout: 10_000 })).closest('li')!;
    fireEvent.click(within(guide).getByRole('button', { name: 'Borrar' }));
    expect(within(guide).getByText('¿Borrar este archivo?')).toBeTruthy();
    fireEvent.click(within(guide).getByRole('button', { name: 'Cancelar' }));
    expect(within(guide).queryByText('¿Borrar este archivo?')).toBeNull();
    expect(api.callsTo(DELETE_GUIDE)).toHaveLength(0);

    fireEvent.click(within(guide).getByRole('button', { name: 'Borrar' }));
    fireEvent.click(within(guide).getByRole('button', { name: 'Sí, borrar' }));
    expect(await screen.findByText('Borraste «Guía» de tu biblioteca.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Guía' })).toBeNull());
    expect(api.callsTo(DELETE_GUIDE)).toHaveLength(1);

    const photo = screen.getByRole('heading', { name: 'Retrato en el jardín' }).closest('li')!;
    fireEvent.click(within(photo).getByRole('button', { name: 'Borrar' }));
    fireEvent.click(within(photo).getByRole('button', { name: 'Sí, borrar' }));
    expect((await within(photo).findByRole('alert')).textContent).toBe(IN_USE);
    expect(screen.getByRole('heading', { name: 'Retrato en el jardín' })).toBeTruthy();
  });

  it('refuses an image over its limit before sending it', async () => {
    const api = stubApi({ ...AROUND, [LIST]: () => envelope(200, 'Biblioteca de medios.', []) });
    renderRoute('/coach/medios', { session: coach });
    const input = await screen.findByLabelText('Archivo', undefined, { timeout: 10_000 });
    const big = new File(['x'], 'enorme.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 13 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El archivo pesa 13 MB y el máximo para imágenes es 10 MB.');
    expect(api.callsTo(UPLOAD)).toHaveLength(0);
  });

  it('plays a video of the library in the browser’s player, without loading it first, and gives its length', async () => {
    const video: MediaItem = {
      ...AUDIO,
      id: '00000000-0000-4000-8000-000000000005',
      kind: 'video',
      label: 'Bienvenida',
      url: `/media/${hash('f')}.mp4`,
      contentType: 'video/mp4',
      durationSeconds: 184,
    };
    stubApi({ ...AROUND, [LIST]: () => envelope(200, 'Biblioteca de medios.', [video]) });
    renderRoute('/coach/medios', { session: coach });
    const card = (await screen.findByRole('heading', { name: 'Bienvenida' }, { timeout: 10_000 })).closest('li')!;
    const player = within(card).getByLabelText<HTMLVideoElement>('Ver Bienvenida');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe(video.url);
    expect(player.getAttribute('preload')).toBe('none');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(within(card).getByText('3,3 MB · 3:04')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Abrir el PDF' })).toBeNull();
  });
});
