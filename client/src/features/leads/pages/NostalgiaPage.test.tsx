import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SUBSCRIPTION_NOTE } from '../components/FreeDownloadCard';
import { OPT_IN_LABEL } from '../components/LeadForm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAME_MESSAGE } from '../../../../../course/contact';
import { deferred, envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
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

const FORM = 'Descargar el audiolibro Soltar el Pasado';
const MP3 = { href: '/downloads/soltar-el-pasado.mp3', filename: 'soltar-el-pasado.mp3' };

resetAroundEachTest();
// Loaded up front: the first render of a lazy route must not race the findBy timeouts.
beforeAll(() => import('./NostalgiaPage'));

describe('/nostalgia', () => {
  it("is 'Soltar el Pasado': sales text, the form, a link to /niveles, and a counted visit", async () => {
    const api = stubApi(VIEW_ROUTE);
    renderRoute('/nostalgia');

    expect(await screen.findByRole('heading', { level: 1, name: 'Soltar el Pasado' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'La nostalgia es amor mirando hacia atrás' })).toBeTruthy();
    expect(await findForm(FORM)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Los Niveles de Conciencia/ }).getAttribute('href')).toBe('/niveles');
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'nostalgia' }));
  });

  it("checks the form with this page's messages and sends nothing while it is wrong", async () => {
    const api = stubApi(VIEW_ROUTE);
    renderRoute('/nostalgia');
    const form = await findForm(FORM);

    fireEvent.click(submitButton(form));
    expect(fieldError(fieldIn(form, 'Tu nombre'))).toBe('Tu nombre es obligatorio.');
    expect(fieldError(fieldIn(form, 'Tu email'))).toBe('Ingresa un email válido.');
    expect(document.activeElement).toBe(fieldIn(form, 'Tu nombre'));

    // A blank name and an address without a dot after the at sign are still wrong.
    fillLead(form, { nick: '   ', email: 'ana@example' });
    fireEvent.click(submitButton(form));
    expect(fieldError(fieldIn(form, 'Tu nombre'))).toBe('Tu nombre es obligatorio.');
    expect(fieldError(fieldIn(form, 'Tu email'))).toBe('Ingresa un email válido.');

    fillLead(form, { nick: 'Ana', email: 'ana@example' });
    fireEvent.click(submitButton(form));
    expect(fieldError(fieldIn(form, 'Tu nombre'))).toBeNull();
    expect(fieldError(fieldIn(form, 'Tu email'))).toBe('Ingresa un email válido.');
    expect(document.activeElement).toBe(fieldIn(form, 'Tu email'));

    expect(api.callsTo('POST /api/leads/add')).toHaveLength(0);
  });

  it('asks for just a name when the name field holds a link, digits or a long text, and sends nothing', async () => {
    const api = stubApi(VIEW_ROUTE);
    renderRoute('/nostalgia');
    const form = await findForm(FORM);

    for (const nick of ['tu pago falló. Reintenta en https://evil.example/pago', 'evil.example', 'Ana 2', 'a'.repeat(41)]) {
      fillLead(form, { nick, email: 'ana@example.com' });
      fireEvent.click(submitButton(form));
      expect(fieldError(fieldIn(form, 'Tu nombre')), nick).toBe(NAME_MESSAGE);
      expect(document.activeElement).toBe(fieldIn(form, 'Tu nombre'));
    }
    expect(api.callsTo('POST /api/leads/add')).toHaveLength(0);

    // A name with accents, a space and an apostrophe is a name.
    fillLead(form, { nick: "María D'Alessio", email: 'ana@example' });
    fireEvent.click(submitButton(form));
    expect(fieldError(fieldIn(form, 'Tu nombre'))).toBeNull();
  });

  it("sends the lead, stores it in 'userSM', downloads the MP3 and shows the success panel", async () => {
    const answer = deferred();
    const api = stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': () => answer.promise });
    const downloads = captureDownloads();
    renderRoute('/nostalgia');
    const form = await findForm(FORM);

    fillLead(form, { nick: '  Ana  ', email: ' ana@example.com ' });
    fireEvent.click(submitButton(form));

    await waitFor(() => expect(submitButton(form).textContent).toBe('Procesando...'));
    expect(submitButton(form).disabled).toBe(true);
    expect(api.callsTo('POST /api/leads/add')[0]!.body).toEqual({
      email: 'ana@example.com',
      nick: 'Ana',
      page: 'nostalgia',
      section: 'fragmento',
      status: 'downloaded',
      newsletter: false,
    });
    expect(downloads).toHaveLength(0);

    answer.resolve(leadAccepted());
    const heading = await screen.findByRole('heading', { level: 2, name: '¡Listo, Ana! Tu audiolibro ya es tuyo' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('form', { name: FORM })).toBeNull();
    expect(downloads).toEqual([MP3]);
    expect(storedRecord()).toMatchObject({
      email: 'ana@example.com',
      nick: 'Ana',
      statuses: [{ page: 'nostalgia', section: 'fragmento', status: 'downloaded' }],
      nostalgiaDownloaded: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Descargar de Nuevo' }));
    expect(downloads).toEqual([MP3, MP3]);
    expect(api.callsTo('POST /api/leads/add')).toHaveLength(1);
  });

  it('offers the letters with a box left unticked; ticked, the same request asks for them and the panel says to check the mail', async () => {
    const api = stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': leadAccepted() });
    captureDownloads();
    renderRoute('/nostalgia');
    const form = await findForm(FORM);
    const box = within(form).getByRole('checkbox', { name: OPT_IN_LABEL }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fillLead(form, { nick: 'Ana', email: 'ana@example.com' });
    fireEvent.click(submitButton(form));
    expect(await screen.findByText(SUBSCRIPTION_NOTE)).toBeTruthy();
    expect(api.callsTo('POST /api/leads/add')[0]!.body).toMatchObject({ page: 'nostalgia', newsletter: true });
  });

  it('hands out the coach’s own recording once she put it in the audiobook’s place', async () => {
    stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': leadAccepted() });
    const downloads = captureDownloads();
    const url = '/media/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.m4a';
    renderRoute('/nostalgia', {
      placements: {
        version: 2,
        slots: { 'download-audiobook': { kind: 'audio', url, contentType: 'audio/mp4', durationSeconds: 280, embed: null, image: null } },
      },
    });
    const form = await findForm(FORM);
    fillLead(form, { nick: 'Ana', email: 'ana@example.com' });
    fireEvent.click(submitButton(form));
    await screen.findByRole('heading', { level: 2, name: '¡Listo, Ana! Tu audiolibro ya es tuyo' });
    expect(downloads).toEqual([{ href: url, filename: 'soltar-el-pasado.m4a' }]);
  });

  it("shows the spec's download failure, not the server's message in its place, and stores and downloads nothing", async () => {
    stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': envelope(429, 'Demasiadas solicitudes. Espera un minuto.') });
    const downloads = captureDownloads();
    renderRoute('/nostalgia');
    const form = await findForm(FORM);

    fillLead(form, { nick: 'Ana', email: 'ana@example.com' });
    fireEvent.click(submitButton(form));

    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error al intentar descargar el archivo. Por favor, intenta de nuevo.');
    expect(submitButton(form).textContent).toBe('Descargar el audiolibro');
    expect(downloads).toHaveLength(0);
    expect(storedRecord()).toBeNull();
  });

  it.each([
    ['answers without a message', () => new Response('Bad Gateway', { status: 502 })],
    ['is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
    ["answers 200 without status 'success'", () => Response.json({ success: true, status: 'pending', data: null })],
  ])('shows the spec’s download failure when the server %s', async (_, answer) => {
    stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': answer });
    captureDownloads();
    renderRoute('/nostalgia');
    const form = await findForm(FORM);

    fillLead(form, { nick: 'Ana', email: 'ana@example.com' });
    fireEvent.click(submitButton(form));

    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error al intentar descargar el archivo. Por favor, intenta de nuevo.');
    expect(storedRecord()).toBeNull();
  });

  it("prefills name and e-mail from 'userSM'", async () => {
    stubApi(VIEW_ROUTE);
    storeRecord({ email: 'ana@example.com', nick: 'Ana', statuses: [{ page: 'niveles', section: 'pdf', status: 'downloaded' }] });
    renderRoute('/nostalgia');
    const form = await findForm(FORM);

    expect(fieldIn(form, 'Tu nombre').value).toBe('Ana');
    expect(fieldIn(form, 'Tu email').value).toBe('ana@example.com');
  });

  it('on a later visit shows the success panel again, without downloading by itself', async () => {
    stubApi(VIEW_ROUTE);
    const downloads = captureDownloads();
    storeRecord({ email: 'ana@example.com', nick: 'Ana', statuses: [{ page: 'nostalgia', section: 'fragmento', status: 'downloaded' }] });
    renderRoute('/nostalgia');

    expect(await screen.findByRole('heading', { level: 2, name: '¡Listo, Ana! Tu audiolibro ya es tuyo' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: FORM })).toBeNull();
    expect(downloads).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar de Nuevo' }));
    expect(downloads).toEqual([MP3]);
  });
});
