import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITIES } from '../../../../../course/syllabus';
import { GUEST_PROGRESS_KEY } from '../../../lib/guest-progress';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

const FREE_REQUIRED = [
  '12-areas-balance',
  'concientizando-areas-balance',
  'viendo-hacia-atras-desde-el-futuro',
  '7-niveles-deep-why',
  'primera-sesion-de-coaching',
];

function storeGuest(completedSlugs: string[]) {
  window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify({ completedSlugs, activityData: {} }));
}

const completionStatus = (slugs: string[]) => ({
  'GET /api/activity/getCompletionStatus': envelope(200, 'Progreso del curso.', slugs),
});

/** The list item of an activity, found by its title. */
const row = (title: string) => screen.getByText(title, { selector: 'span' }).closest('li')!;
const icon = (title: string) => row(title).querySelector('svg')!.getAttribute('data-icon');
const moduleToggle = (number: number) => screen.getByRole('button', { name: new RegExp(`^Semana ${number} ·`) });

async function ready() {
  await screen.findByRole('heading', { level: 2, name: 'Las cinco semanas' });
}

/** The site's public placements with the coach's video in a free activity's place. */
const placedVideo = (slug: string, url: string) => ({
  version: 1,
  slots: { [`video-${slug}`]: { kind: 'video' as const, url, contentType: null, durationSeconds: null, embed: null, image: null } },
});
const PAID_VIDEO = 'GET /api/course/video/tus-sistemas-de-creencias-actuales';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/cursos/manifiesta: labels and the opened week', () => {
  it("a guest with nothing completed sees 'EMPIEZA AQUÍ' on the first activity, week 1 open", async () => {
    const api = stubApi({});
    renderRoute('/cursos/manifiesta');
    await ready();

    expect(within(row('Rueda de la Vida')).getByText('EMPIEZA AQUÍ')).toBeTruthy();
    expect(screen.queryByText('SIGUE AQUÍ')).toBeNull();
    expect(moduleToggle(1).getAttribute('aria-expanded')).toBe('true');
    for (const n of [2, 3, 4, 5]) expect(moduleToggle(n).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('progressbar', { name: 'Progreso del curso' }).getAttribute('aria-valuenow')).toBe('0');
    // A guest's progress is local: no call at all.
    expect(api.calls).toHaveLength(0);
  });

  it("a guest's local completions: 'SIGUE AQUÍ' on the next activity, and the progress", async () => {
    storeGuest(['12-areas-balance', 'concientizando-areas-balance']);
    renderRoute('/cursos/manifiesta');
    await ready();

    expect(within(row('Viendo hacia Atrás desde el Futuro')).getByText('SIGUE AQUÍ')).toBeTruthy();
    expect(screen.queryByText('EMPIEZA AQUÍ')).toBeNull();
    // 2 of the 29 activities that count (tools and theory do not): 7 %.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('7');
    expect(screen.getByText('7%')).toBeTruthy();
  });

  it("a user's completions come from the server; the week of the current activity opens", async () => {
    const premium = makeUser({ roles: [7] });
    const module1 = ACTIVITIES.filter((a) => a.id.startsWith('1-') && !a.isIgnorable).map((a) => a.slug);
    const api = stubApi(completionStatus(module1));
    renderRoute('/cursos/manifiesta', { session: premium });
    await ready();

    expect(moduleToggle(2).getAttribute('aria-expanded')).toBe('true');
    expect(moduleToggle(1).getAttribute('aria-expanded')).toBe('false');
    expect(within(row('El Mapa de tus Emociones')).getByText('SIGUE AQUÍ')).toBeTruthy();
    expect(api.callsTo('GET /api/activity/getCompletionStatus').length).toBeGreaterThanOrEqual(1);
  });

  it("a failed status call is logged and counts as nothing completed ('EMPIEZA AQUÍ')", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/activity/getCompletionStatus': envelope(500, 'Error del servidor.') });
    renderRoute('/cursos/manifiesta', { session: makeUser() });

    await screen.findByRole('heading', { level: 2, name: 'Las cinco semanas' }, { timeout: 4000 });
    expect(within(row('Rueda de la Vida')).getByText('EMPIEZA AQUÍ')).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('No se pudo cargar tu progreso del curso.', expect.anything()));
  });

  it('clicking a week header toggles it (one week open at a time)', async () => {
    renderRoute('/cursos/manifiesta');
    await ready();

    fireEvent.click(moduleToggle(3));
    expect(moduleToggle(3).getAttribute('aria-expanded')).toBe('true');
    expect(moduleToggle(1).getAttribute('aria-expanded')).toBe('false');
    const panel = screen.getByRole('region', { name: /Semana 3/ });
    expect(within(panel).getByText(/Tu visión deja de ser un deseo lejano/)).toBeTruthy();
    expect(panel.querySelector('img')!.getAttribute('src')).toBe('/img/modulos/semana-3.svg');
    expect(within(panel).getByText('Las 5 Leyes Universales')).toBeTruthy();

    fireEvent.click(moduleToggle(3));
    expect(moduleToggle(3).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: /Semana 3/ })).toBeNull();
  });
});

describe('/cursos/manifiesta: rows, icons and tooltips', () => {
  it('shows completed, current, tool, theory, coaching and premium icons; open rows are links', async () => {
    storeGuest(['12-areas-balance']);
    renderRoute('/cursos/manifiesta');
    await ready();

    expect(icon('Rueda de la Vida')).toBe('completed');
    expect(icon('Concientizando tus Áreas')).toBe('current');
    expect(icon('Meditación de las 7 Fases')).toBe('tool');
    expect(icon('Los Niveles de Conciencia')).toBe('theory');
    expect(icon('Tu Primera Sesión de Coaching')).toBe('coaching');
    expect(icon('Umbral de Creencia')).toBe('premium');

    const open = within(row('Concientizando tus Áreas')).getByRole('link');
    expect(open.getAttribute('href')).toBe('/cursos/manifiesta/concientizando-areas-balance');
    expect(within(row('Rueda de la Vida')).getByRole('link').getAttribute('href')).toBe('/cursos/manifiesta/12-areas-balance');
  });

  it("a paid row for a guest: 'Contenido Premium' as title and as text, and no link", async () => {
    renderRoute('/cursos/manifiesta');
    await ready();

    const paid = row('Tus Sistemas de Creencias Actuales');
    expect(within(paid).queryByRole('link')).toBeNull();
    const button = within(paid).getByRole('button');
    expect(button.getAttribute('title')).toBe('Contenido Premium');
    expect(within(paid).getByText('Contenido Premium')).toBeTruthy();
    expect(button.textContent).toContain('Contenido Premium');
  });

  it("a row after an unfinished one: 'Completa la actividad anterior' as title and as text, and no link", async () => {
    stubApi(completionStatus([]));
    renderRoute('/cursos/manifiesta', { session: makeUser({ roles: [7] }) });
    await ready();

    const waiting = row('Viendo hacia Atrás desde el Futuro');
    expect(within(waiting).queryByRole('link')).toBeNull();
    expect(within(waiting).queryByRole('button')).toBeNull();
    expect(waiting.querySelector('[title]')!.getAttribute('title')).toBe('Completa la actividad anterior');
    expect(within(waiting).getByText('Completa la actividad anterior')).toBeTruthy();
    // For role 7, paid rows wait their turn: 'previous', not 'premium'.
    const paid = row('Tus Sistemas de Creencias Actuales');
    expect(paid.querySelector('[title]')!.getAttribute('title')).toBe('Completa la actividad anterior');
    expect(icon('Tus Sistemas de Creencias Actuales')).not.toBe('premium');
  });

  it('for role 7, the first paid activity opens once the free week is done', async () => {
    stubApi(completionStatus(FREE_REQUIRED));
    renderRoute('/cursos/manifiesta', { session: makeUser({ roles: [7] }) });
    await ready();

    expect(within(row('Tus Sistemas de Creencias Actuales')).getByRole('link')).toBeTruthy();
    expect(within(row('Tus Sistemas de Creencias Actuales')).getByText('SIGUE AQUÍ')).toBeTruthy();
    expect(row('Tus Nuevos Sistemas de Creencias').querySelector('[title]')!.getAttribute('title')).toBe('Completa la actividad anterior');
  });

  it('a guest who clicks a premium row is invited to create an account or log in', async () => {
    renderRoute('/cursos/manifiesta');
    await ready();

    const opener = within(row('Umbral de Creencia')).getByRole('button');
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Crear Cuenta Gratis' }).getAttribute('href')).toBe('/signup?redirect=/cursos/manifiesta');
    expect(within(dialog).getByRole('link', { name: 'Ya tengo cuenta' }).getAttribute('href')).toBe('/login?redirect=/cursos/manifiesta');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('a signed-in user without the programme is offered to enrol instead', async () => {
    stubApi(completionStatus([]));
    renderRoute('/cursos/manifiesta', { session: makeUser() });
    await ready();

    fireEvent.click(within(row('Umbral de Creencia')).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Conocer el programa completo' }).getAttribute('href')).toBe('/manifiesta');
    expect(within(dialog).queryByRole('link', { name: 'Crear Cuenta Gratis' })).toBeNull();
  });

  it('the invitation names the activity clicked and says what is free as the syllabus has it: not the whole first week', async () => {
    stubApi(completionStatus([]));
    renderRoute('/cursos/manifiesta', { session: makeUser() });
    await ready();

    // A paid activity of week 1: "the first week is yours, free" would be false here.
    fireEvent.click(within(row('Tus Sistemas de Creencias Actuales')).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).not.toMatch(/primera semana es tuya/i);
    expect(dialog.textContent).toContain('«Tus Sistemas de Creencias Actuales» es parte del programa completo.');
    expect(dialog.textContent).toContain('Las primeras 7 actividades de la semana 1 son tuyas, gratis.');
  });

  it("a guest's invitation names the activity clicked too", async () => {
    renderRoute('/cursos/manifiesta');
    await ready();

    fireEvent.click(within(row('Umbral de Creencia')).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('«Umbral de Creencia» es parte del programa completo.');
    expect(dialog.textContent).toContain('Las primeras 7 actividades de la semana 1 son tuyas, gratis.');
  });
});

describe('/cursos/manifiesta: the featured card and its video', () => {
  const featured = () => screen.getByRole('region', { name: 'Rueda de la Vida' });

  it("shows the current activity with 'Comenzar Actividad', and no video when it has none", async () => {
    renderRoute('/cursos/manifiesta');
    await ready();

    const card = featured();
    expect(within(card).getByText('EMPIEZA AQUÍ')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Comenzar Actividad' }).getAttribute('href')).toBe('/cursos/manifiesta/12-areas-balance');
    expect(card.querySelector('video, iframe')).toBeNull();
    expect(within(card).queryByRole('button', { name: /Ver video/ })).toBeNull();
  });

  it('plays a native video muted, inline and on its own; the modal closes on the close button and when it ends', async () => {
    renderRoute('/cursos/manifiesta', { placements: placedVideo('12-areas-balance', 'https://cdn.example.com/videos/rueda.mp4') });
    await ready();

    const preview = featured().querySelector('video')!;
    expect(preview.getAttribute('src')).toBe('https://cdn.example.com/videos/rueda.mp4');
    expect(preview.muted).toBe(true);
    expect(preview.autoplay).toBe(true);
    expect(preview.hasAttribute('playsinline')).toBe(true);

    const play = within(featured()).getByRole('button', { name: 'Ver video de «Rueda de la Vida»' });
    fireEvent.click(play);
    let dialog = await screen.findByRole('dialog', { name: 'Video: Rueda de la Vida' });
    const player = dialog.querySelector('video')!;
    expect(player.getAttribute('src')).toBe('https://cdn.example.com/videos/rueda.mp4');
    expect(player.muted).toBe(false);
    expect(player.hasAttribute('controls')).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(play);
    dialog = await screen.findByRole('dialog');
    fireEvent.ended(dialog.querySelector('video')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('plays a YouTube address as an embed; the modal closes on the backdrop and on Escape', async () => {
    renderRoute('/cursos/manifiesta', { placements: placedVideo('12-areas-balance', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ') });
    await ready();

    const preview = featured().querySelector('iframe')!;
    const previewUrl = new URL(preview.getAttribute('src')!);
    expect(previewUrl.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(previewUrl.searchParams.get('autoplay')).toBe('1');
    expect(previewUrl.searchParams.get('mute')).toBe('1');
    expect(previewUrl.searchParams.get('playsinline')).toBe('1');

    const play = within(featured()).getByRole('button', { name: /Ver video/ });
    fireEvent.click(play);
    const dialog = await screen.findByRole('dialog');
    const embed = new URL(dialog.querySelector('iframe')!.getAttribute('src')!);
    expect(embed.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(embed.searchParams.get('mute')).toBeNull();
    expect(dialog.querySelector('video')).toBeNull();

    fireEvent.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(play);
    await screen.findByRole('dialog');
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no video when the current activity is premium-locked, and does not even ask for it', async () => {
    const api = stubApi({});
    storeGuest(FREE_REQUIRED);
    renderRoute('/cursos/manifiesta');
    await ready();

    const card = screen.getByRole('region', { name: 'Tus Sistemas de Creencias Actuales' });
    expect(within(card).getByText('SIGUE AQUÍ')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Comenzar Actividad' })).toBeTruthy();
    expect(card.querySelector('video, iframe')).toBeNull();
    expect(within(card).queryByRole('button', { name: /Ver video/ })).toBeNull();
    expect(api.callsTo(PAID_VIDEO)).toHaveLength(0);
  });

  it('for role 7 the same activity is not premium-locked: its video, asked of the server, shows', async () => {
    stubApi({
      ...completionStatus(FREE_REQUIRED),
      [PAID_VIDEO]: envelope(200, 'Video de la actividad.', { url: 'https://cdn.example.com/videos/creencias.mp4', embed: null }),
    });
    renderRoute('/cursos/manifiesta', { session: makeUser({ roles: [7] }) });
    await ready();

    const card = screen.getByRole('region', { name: 'Tus Sistemas de Creencias Actuales' });
    await waitFor(() => expect(card.querySelector('video')!.getAttribute('src')).toBe('https://cdn.example.com/videos/creencias.mp4'));
  });
});
