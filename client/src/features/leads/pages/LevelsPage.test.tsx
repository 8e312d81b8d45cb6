import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { TEST_SITE } from '../../../testing/site';
import {
  captureDownloads,
  fieldError,
  fieldIn,
  fillLead,
  findForm,
  leadAccepted,
  resetAroundEachTest,
  storedRecord,
  storeRecord,
  submitButton,
  VIEW_ROUTE,
} from './lead-test-utils';

const FORM = 'Descargar la guía de los niveles de conciencia';
const PDF = { href: '/downloads/niveles-de-conciencia.pdf', filename: 'niveles-de-conciencia.pdf' };

resetAroundEachTest();
// Loaded up front: the first render of a lazy route must not race the findBy timeouts.
beforeAll(() => import('./LevelsPage'));

describe('/niveles', () => {
  it('shows the coach’s video when she set one, and the page without a video section until then', async () => {
    stubApi(VIEW_ROUTE);
    const view = renderRoute('/niveles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Los Niveles de Conciencia' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Mira el video' })).toBeNull();
    expect(document.querySelector('video, iframe')).toBeNull();
    view.unmount();

    renderRoute('/niveles', { site: { ...TEST_SITE, nivelesVideoUrl: 'https://cdn.example.com/niveles.mp4' } });
    const video = await screen.findByLabelText('Video: Los Niveles de Conciencia');
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('https://cdn.example.com/niveles.mp4');
  });

  it('shows the levels and the form; the link to /afirmaciones waits for the download', async () => {
    const api = stubApi(VIEW_ROUTE);
    renderRoute('/niveles');

    expect(await screen.findByRole('heading', { level: 1, name: 'Los Niveles de Conciencia' })).toBeTruthy();
    // The ladder: 18 levels, from Iluminación 700 down to Vergüenza 20, Melancolía 60 among them.
    expect(screen.getByText('Melancolía').nextElementSibling?.textContent).toBe('60');
    expect(screen.getByText(/^Los 18 niveles, de la vergüenza a la iluminación/)).toBeTruthy();
    expect(screen.getByText('Iluminación').nextElementSibling?.textContent).toBe('700');
    expect(screen.getByText('Vergüenza').nextElementSibling?.textContent).toBe('20');
    expect(await findForm(FORM)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Afirmaciones que Transforman/ })).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'niveles' }));
  });

  it("checks the form with this page's messages and sends nothing while it is wrong", async () => {
    const api = stubApi(VIEW_ROUTE);
    renderRoute('/niveles');
    const form = await findForm(FORM);

    fillLead(form, { nick: '', email: 'no-es-un-email' });
    fireEvent.click(submitButton(form));
    expect(fieldError(fieldIn(form, 'Tu nombre'))).toBe('Tu nombre es obligatorio.');
    expect(fieldError(fieldIn(form, 'Tu email'))).toBe('Ingresa un email válido.');
    // Typing in a field clears its message.
    fireEvent.change(fieldIn(form, 'Tu nombre'), { target: { value: 'Ana' } });
    expect(fieldError(fieldIn(form, 'Tu nombre'))).toBeNull();
    expect(api.callsTo('POST /api/leads/add')).toHaveLength(0);
  });

  it("downloads the PDF, stores the lead in 'userSM' and then offers /afirmaciones", async () => {
    const api = stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': leadAccepted() });
    const downloads = captureDownloads();
    storeRecord({ email: 'ana@example.com', nick: 'Ana' });
    renderRoute('/niveles');
    const form = await findForm(FORM);

    // Prefilled from the record: one click is enough.
    expect(fieldIn(form, 'Tu nombre').value).toBe('Ana');
    expect(fieldIn(form, 'Tu email').value).toBe('ana@example.com');
    fireEvent.click(submitButton(form));

    expect(await screen.findByRole('heading', { level: 2, name: '¡Listo, Ana! Tu guía ya es tuya' })).toBeTruthy();
    expect(api.callsTo('POST /api/leads/add')[0]!.body).toEqual({
      email: 'ana@example.com',
      nick: 'Ana',
      page: 'niveles',
      section: 'pdf',
      status: 'downloaded',
      newsletter: false,
    });
    expect(downloads).toEqual([PDF]);
    expect(storedRecord()).toMatchObject({ nivelesDownloaded: true, nostalgiaDownloaded: false });
    expect(screen.getByRole('link', { name: /Afirmaciones que Transforman/ }).getAttribute('href')).toBe('/afirmaciones');

    fireEvent.click(screen.getByRole('button', { name: 'Descargar de Nuevo' }));
    expect(downloads).toEqual([PDF, PDF]);
  });

  it.each([
    ['a refusal with its own message', () => envelope(400, 'Ingresa un email válido.')],
    ['too many requests', () => envelope(429, 'Demasiadas solicitudes. Espera un minuto.')],
    ['a server error', () => envelope(500, 'Error del servidor.')],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("shows the spec's download failure for %s, never the server's message in its place", async (_, answer) => {
    stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': answer });
    const downloads = captureDownloads();
    renderRoute('/niveles');
    const form = await findForm(FORM);

    fillLead(form, { nick: 'Ana', email: 'ana@example.com' });
    fireEvent.click(submitButton(form));

    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error al intentar descargar el archivo. Por favor, intenta de nuevo.');
    expect(downloads).toHaveLength(0);
    expect(storedRecord()).toBeNull();
  });
});
