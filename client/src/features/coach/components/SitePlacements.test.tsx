import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACEMENT_MESSAGES, SLOTS } from '../../../../../course/placements';
import type { MediaItem } from '../../../lib/media';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { CoachPlacements } from '../api/placements-queries';
import { coach } from '../coach-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIBRARY = 'GET /api/coach/media';
const GET = 'GET /api/coach/placements';
const PATCH = 'PATCH /api/coach/placements';
const RESTORE = 'POST /api/coach/placements/restore';
const PUBLIC = 'GET /api/placements';
const hash = (c: string) => c.repeat(64);

const VOICE: MediaItem = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'audio',
  label: 'Mi voz, presencia',
  url: `/media/${hash('a')}.mp3`,
  contentType: 'audio/mpeg',
  bytes: 1_200_000,
  width: null,
  height: null,
  durationSeconds: 95,
  uploadedAt: '2026-11-02T10:00:00.000Z',
  variants: [],
};
const UNNAMED: MediaItem = { ...VOICE, id: '00000000-0000-4000-8000-000000000002', label: null, url: `/media/${hash('b')}.mp3` };
const PHOTO: MediaItem = {
  ...VOICE,
  id: '00000000-0000-4000-8000-000000000003',
  kind: 'image',
  label: 'El lago',
  url: `/media/${hash('c')}.jpg`,
  contentType: 'image/jpeg',
  width: 1200,
  height: 800,
  durationSeconds: null,
  variants: [{ url: `/media/${hash('d')}.webp`, type: 'image/webp', width: 320, height: 213, bytes: 9_000 }],
};
const WELCOME: MediaItem = {
  ...VOICE,
  id: '00000000-0000-4000-8000-000000000005',
  kind: 'video',
  label: 'Bienvenida',
  url: `/media/${hash('f')}.mp4`,
  contentType: 'video/mp4',
};
const GUIDE: MediaItem = {
  ...VOICE,
  id: '00000000-0000-4000-8000-000000000004',
  kind: 'pdf',
  label: 'Guía',
  url: `/media/${hash('e')}.pdf`,
  durationSeconds: null,
};

const FRESH: CoachPlacements = { version: 0, placements: Object.fromEntries(SLOTS.map((s) => [s.id, null])), history: [] };
const withVoice: CoachPlacements = {
  version: 1,
  placements: { ...FRESH.placements, 'meditation-voice-presence': VOICE.id },
  history: [
    {
      version: 1,
      at: '2026-11-27T12:00:00.000Z',
      by: coach.id,
      slots: ['meditation-voice-presence'],
      changes: { 'meditation-voice-presence': VOICE.id },
      restoredFrom: null,
    },
  ],
};
const publicAnswer = (slots: Record<string, unknown> = {}) => envelope(200, 'Archivos del sitio.', { version: 1, slots });

const meditation = () => screen.getByRole('form', { name: 'Meditación de las 7 fases' });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

async function open(routes: Record<string, Response | (() => Response)>) {
  const api = stubApi({
    [LIBRARY]: () => envelope(200, 'Biblioteca de medios.', [VOICE, PHOTO, UNNAMED, GUIDE]),
    [GET]: envelope(200, 'Archivos del sitio.', FRESH),
    ...routes,
  });
  renderRoute('/coach/medios', { session: coach });
  await screen.findByRole('form', { name: 'Meditación de las 7 fases' }, { timeout: 10_000 });
  return api;
}

describe('«Tus archivos en el sitio» on /coach/medios', { timeout: 20_000 }, () => {
  it('groups the places, the first open, each offering only the library’s files of its kind', async () => {
    await open({});
    expect(screen.getByRole('heading', { level: 2, name: 'Tus archivos en el sitio' })).toBeTruthy();
    const groups = [...document.querySelectorAll('details')];
    expect(groups.map((d) => d.querySelector('h3')?.textContent)).toEqual([
      'Meditación de las 7 fases',
      'Videos de las actividades',
      'Recursos gratuitos y ebook',
      'Fotos del retiro',
    ]);
    expect(groups.map((d) => d.open)).toEqual([true, false, false, false]);
    expect(groups[0]!.querySelector('summary')!.textContent).toContain('0 de 20 con tu archivo');

    expect(optionsOf(within(meditation()).getByLabelText('Voz: Presencia'))).toEqual(['La voz que trae el sitio', 'Mi voz, presencia', 'Audio sin nombre']);
    expect(optionsOf(within(meditation()).getByLabelText('Música de fondo: Bosque'))[0]).toBe('La música que trae el sitio');
    const retreat = screen.getByRole('form', { name: 'Fotos del retiro' });
    expect(optionsOf(within(retreat).getByLabelText('Foto 1'))).toEqual(['Sin foto', 'El lago']);
    const downloads = screen.getByRole('form', { name: 'Recursos gratuitos y ebook' });
    expect(optionsOf(within(downloads).getByLabelText('Guía de los niveles de conciencia (PDF)'))).toEqual(['El archivo que trae el sitio', 'Guía']);

    // No video in the library: the list is closed, with what to do; the link still takes one.
    const videos = screen.getByRole('form', { name: 'Videos de las actividades' });
    const wheel = within(videos).getByRole<HTMLSelectElement>('combobox', { name: 'Rueda de la Vida' });
    expect(wheel.disabled).toBe(true);
    expect(optionsOf(wheel)).toEqual(['Sin video']);
    expect(within(videos).getAllByText('Sube primero un video.')).toHaveLength(33);
    expect(within(videos).getByRole('textbox', { name: 'O pega su enlace de YouTube o Vimeo Rueda de la Vida' })).toBeTruthy();
  });

  it('saves only the place that changed, says so, and tells the visit’s public pages', async () => {
    const api = await open({ [PATCH]: envelope(200, PLACEMENT_MESSAGES.saved, withVoice), [PUBLIC]: () => publicAnswer() });
    const voice = within(meditation()).getByLabelText('Voz: Presencia');
    fireEvent.change(voice, { target: { value: VOICE.id } });
    // The chosen voice can be heard before saving, without loading it first.
    const player = within(meditation()).getByLabelText<HTMLAudioElement>('Escuchar Mi voz, presencia');
    expect(player.getAttribute('src')).toBe(VOICE.url);
    expect(player.getAttribute('preload')).toBe('none');
    fireEvent.click(within(meditation()).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ 'meditation-voice-presence': VOICE.id });
    expect((await within(meditation()).findByRole('status')).textContent).toBe('Listo: el sitio ya usa tus archivos.');
    expect(document.querySelector('details summary')!.textContent).toContain('1 de 20 con tu archivo');
    await waitFor(() => expect(api.callsTo(PUBLIC)).toHaveLength(1));
    expect(screen.getByText('Versión 1')).toBeTruthy();
    expect(screen.getByText('Voz: Presencia', { selector: 'p' })).toBeTruthy();

    // Saving again with nothing changed sends nothing.
    fireEvent.click(within(meditation()).getByRole('button', { name: 'Guardar' }));
    expect((await within(meditation()).findByRole('status')).textContent).toBe(PLACEMENT_MESSAGES.unchanged);
    expect(api.callsTo(PATCH)).toHaveLength(1);
    expect(api.unexpected).toEqual([]);
  });

  it('sends a video link as text, and checks it before sending', async () => {
    const link = 'https://youtu.be/dQw4w9WgXcQ';
    const saved: CoachPlacements = { ...FRESH, version: 1, placements: { ...FRESH.placements, 'video-12-areas-balance': link } };
    const api = await open({
      [LIBRARY]: () => envelope(200, 'Biblioteca de medios.', [VOICE, WELCOME]),
      [PATCH]: envelope(200, PLACEMENT_MESSAGES.saved, saved),
      [PUBLIC]: () => publicAnswer(),
    });
    const videos = screen.getByRole('form', { name: 'Videos de las actividades' });
    const input = within(videos).getByRole<HTMLInputElement>('textbox', { name: 'O pega su enlace de YouTube o Vimeo Rueda de la Vida' });
    const file = within(videos).getByRole<HTMLSelectElement>('combobox', { name: 'Rueda de la Vida' });
    expect(optionsOf(file)).toEqual(['Sin video', 'Bienvenida']);

    // A library video or a link: choosing one clears the other.
    fireEvent.change(input, { target: { value: link } });
    fireEvent.change(file, { target: { value: WELCOME.id } });
    expect(input.value).toBe('');
    expect(within(videos).getByRole('link', { name: 'Ver el video «Bienvenida»' }).getAttribute('href')).toBe(WELCOME.url);

    fireEvent.change(input, { target: { value: 'https://example.com/mi-video' } });
    fireEvent.click(within(videos).getByRole('button', { name: 'Guardar' }));
    expect((await within(videos).findByRole('alert')).textContent).toBe('Revisa los enlaces marcados.');
    expect(within(videos).getByText(PLACEMENT_MESSAGES.videoLink)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(PATCH)).toHaveLength(0);

    fireEvent.change(input, { target: { value: link } });
    expect(file.value).toBe('');
    expect(within(videos).getByRole('link', { name: 'Ver el video en YouTube' }).getAttribute('href')).toBe(link);
    fireEvent.click(within(videos).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ 'video-12-areas-balance': link });
    expect((await within(videos).findByRole('status')).textContent).toBe(PLACEMENT_MESSAGES.saved);
    expect(within(videos).getByRole<HTMLInputElement>('textbox', { name: 'O pega su enlace de YouTube o Vimeo Rueda de la Vida' }).value).toBe(link);
  });

  it('shows the server’s refusal in an alert', async () => {
    await open({ [PATCH]: envelope(400, PLACEMENT_MESSAGES.notInLibrary) });
    fireEvent.change(within(meditation()).getByLabelText('Introducción'), { target: { value: UNNAMED.id } });
    fireEvent.click(within(meditation()).getByRole('button', { name: 'Guardar' }));
    expect((await within(meditation()).findByRole('alert')).textContent).toBe(PLACEMENT_MESSAGES.notInLibrary);
    expect(within(meditation()).queryByRole('status')).toBeNull();
  });

  it('brings an earlier version back through the restore API, and the forms show it', async () => {
    const api = await open({
      [GET]: envelope(200, 'Archivos del sitio.', withVoice),
      [RESTORE]: envelope(200, PLACEMENT_MESSAGES.restored, {
        version: 2,
        placements: FRESH.placements,
        history: [{ ...withVoice.history[0]!, version: 2, changes: { 'meditation-voice-presence': null }, restoredFrom: 0 }, ...withVoice.history],
      }),
      [PUBLIC]: () => publicAnswer(),
    });
    expect(within(meditation()).getByLabelText<HTMLSelectElement>('Voz: Presencia').value).toBe(VOICE.id);
    const history = screen.getByRole('region', { name: 'Historial' });
    fireEvent.click(within(history).getByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(api.callsTo(RESTORE)).toHaveLength(1));
    expect(api.callsTo(RESTORE)[0]!.body).toEqual({ version: 0 });
    expect(await screen.findByText(/Restauraste la versión 0: Voz: Presencia/)).toBeTruthy();
    expect(within(meditation()).getByLabelText<HTMLSelectElement>('Voz: Presencia').value).toBe('');
    await waitFor(() => expect(api.callsTo(PUBLIC)).toHaveLength(1));
  });
});
