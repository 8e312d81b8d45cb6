import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_MESSAGE } from '../../../../../course/contact';
import { envelope, makeUser, stubApi, type ApiRoutes } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { EXPORT_FILE_NAME } from '../api/me-api';
import { DELETE_MESSAGES } from '../components/DeleteSection';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lucia = makeUser({ username: 'Lucía', email: 'lucia@example.com' });
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const SESSIONS = [
  { id: '11111111-1111-4111-8111-111111111111', device: 'Chrome en Android', createdAt: minutesAgo(90), lastUsedAt: minutesAgo(0), current: true },
  { id: '22222222-2222-4222-8222-222222222222', device: 'Firefox en Windows', createdAt: minutesAgo(3000), lastUsedAt: minutesAgo(5), current: false },
];

/** The page's own calls, answered as the server does; `routes` replaces any of them. */
function stubAccount(routes: ApiRoutes = {}) {
  return stubApi({ 'GET /api/me/sessions': envelope(200, 'Sesiones abiertas.', SESSIONS), ...routes });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('/mi-cuenta', () => {
  it('is for signed-in people: a guest is sent to log in and brought back', async () => {
    stubApi({});
    const { router } = renderRoute('/mi-cuenta');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/mi-cuenta');
  });

  it('shows its sections, each under its heading, and the current e-mail', async () => {
    stubAccount();
    renderRoute('/mi-cuenta', { session: lucia });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Tu nombre', 'Contraseña', 'Correo', 'Sesiones abiertas', 'Tus datos', 'Eliminar mi cuenta']);
    expect(within(section('Correo')).getByText('lucia@example.com')).toBeTruthy();
    expect((within(section('Tu nombre')).getByLabelText('Nombre') as HTMLInputElement).value).toBe('Lucía');
  });
});

describe('«Tu nombre»', () => {
  it('sends the new name and the session (the header) greets with it at once', async () => {
    const api = stubAccount({ 'POST /api/me/name': envelope(200, 'Listo: ya te saludamos con tu nuevo nombre.', { ...lucia, username: 'María José' }) });
    renderRoute('/mi-cuenta', { session: lucia });
    const name = await within(section('Tu nombre')).findByLabelText('Nombre');
    fireEvent.change(name, { target: { value: '  María   José ' } });
    fireEvent.click(within(section('Tu nombre')).getByRole('button', { name: 'Guardar nombre' }));
    expect((await screen.findByRole('status')).textContent).toBe('Listo: ya te saludamos con tu nuevo nombre.');
    expect(api.callsTo('POST /api/me/name')[0]!.body).toEqual({ name: 'María José' });
    // The drawer's greeting reads the session.
    fireEvent.click(screen.getByRole('button', { name: 'Abrir el menú de tu cuenta' }));
    expect(await screen.findByText('Hola, María José')).toBeTruthy();
  });

  it.each(['12345', 'A', 'a'.repeat(41), '<b>'])('refuses %s with the Spanish message, focused on the field, sending nothing', async (typed) => {
    const api = stubAccount();
    renderRoute('/mi-cuenta', { session: lucia });
    const name = await within(section('Tu nombre')).findByLabelText('Nombre');
    fireEvent.change(name, { target: { value: typed } });
    fireEvent.click(within(section('Tu nombre')).getByRole('button', { name: 'Guardar nombre' }));
    expect(within(section('Tu nombre')).getByText(NAME_MESSAGE)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(api.callsTo('POST /api/me/name')).toHaveLength(0);
  });
});

describe('«Contraseña»', () => {
  const fill = async (current: string, next: string, again = next) => {
    const form = within(section('Contraseña'));
    fireEvent.change(await form.findByLabelText('Contraseña actual'), { target: { value: current } });
    fireEvent.change(form.getByLabelText('Contraseña nueva'), { target: { value: next } });
    fireEvent.change(form.getByLabelText('Repite la contraseña nueva'), { target: { value: again } });
    fireEvent.click(form.getByRole('button', { name: 'Cambiar contraseña' }));
  };

  it('sends the current and the new one, says the other sessions were closed, and asks for the sessions again', async () => {
    const message = 'Cambiaste tu contraseña. Cerramos las demás sesiones de tu cuenta; esta sigue abierta.';
    const api = stubAccount({ 'POST /api/me/password': envelope(200, message) });
    renderRoute('/mi-cuenta', { session: lucia });
    await screen.findByText('Firefox en Windows');
    await fill('clave-actual-1', 'clave-nueva-larga');
    expect((await within(section('Contraseña')).findByRole('status')).textContent).toBe(message);
    expect(api.callsTo('POST /api/me/password')[0]!.body).toEqual({ currentPassword: 'clave-actual-1', newPassword: 'clave-nueva-larga' });
    await waitFor(() => expect(api.callsTo('GET /api/me/sessions')).toHaveLength(2));
    expect((within(section('Contraseña')).getByLabelText('Contraseña actual') as HTMLInputElement).value).toBe('');
  });

  it('a wrong current password: the server’s Spanish error, focus back on the current password', async () => {
    stubAccount({ 'POST /api/me/password': envelope(401, 'La contraseña actual no es correcta.') });
    renderRoute('/mi-cuenta', { session: lucia });
    await fill('no-es-esta', 'clave-nueva-larga');
    expect((await within(section('Contraseña')).findByRole('alert')).textContent).toBe('La contraseña actual no es correcta.');
    expect(document.activeElement).toBe(within(section('Contraseña')).getByLabelText('Contraseña actual'));
  });

  it.each([
    ['different', 'clave-nueva-larga', 'otra-clave-larga', 'Las contraseñas no coinciden.'],
    ['short', 'corta12', 'corta12', 'La contraseña debe tener al menos 8 caracteres.'],
  ])('a new password %s is refused before sending', async (_, next, again, message) => {
    const api = stubAccount();
    renderRoute('/mi-cuenta', { session: lucia });
    await fill('clave-actual-1', next, again);
    expect((await within(section('Contraseña')).findByRole('alert')).textContent).toBe(message);
    expect(api.callsTo('POST /api/me/password')).toHaveLength(0);
  });
});

describe('«Sesiones abiertas»', () => {
  it('lists each device with its last use in words, marks this one, and ends another', async () => {
    const api = stubAccount({
      'POST /api/me/sessions/22222222-2222-4222-8222-222222222222/end': envelope(200, 'Sesión cerrada.', { current: false }),
    });
    renderRoute('/mi-cuenta', { session: lucia });
    await screen.findByText('Firefox en Windows');
    const list = within(within(section('Sesiones abiertas')).getByRole('list'));
    const items = list.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chrome en AndroidEste dispositivoÚltimo uso: hace un momentoCerrar',
      'Firefox en WindowsÚltimo uso: hace 5 minutosCerrar',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar la sesión de Firefox en Windows' }));
    expect((await within(section('Sesiones abiertas')).findByRole('status')).textContent).toBe('Cerramos la sesión de Firefox en Windows.');
    expect(api.callsTo('POST /api/me/sessions/22222222-2222-4222-8222-222222222222/end')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/me/sessions')).toHaveLength(2));
  });

  it('ending this device’s session signs out: off to log in', async () => {
    stubAccount({
      'POST /api/me/sessions/11111111-1111-4111-8111-111111111111/end': envelope(200, 'Sesión cerrada.', { current: true }),
      'POST /api/auth/logout': envelope(200, 'Sesión cerrada.'),
    });
    const { router } = renderRoute('/mi-cuenta', { session: lucia });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar la sesión de este dispositivo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('an id that is not (or no longer) one of mine: the server’s message', async () => {
    stubAccount({
      'POST /api/me/sessions/22222222-2222-4222-8222-222222222222/end': envelope(404, 'Esa sesión no existe o ya se cerró.'),
    });
    renderRoute('/mi-cuenta', { session: lucia });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar la sesión de Firefox en Windows' }));
    expect((await within(section('Sesiones abiertas')).findByRole('alert')).textContent).toBe('Esa sesión no existe o ya se cerró.');
  });
});

describe('«Tus datos»', () => {
  it('downloads GET /api/me/export as mis-datos-manifiesta.json', async () => {
    const exported = JSON.stringify({ account: lucia, events: [] });
    const api = stubAccount({
      'GET /api/me/export': new Response(exported, { headers: { 'content-type': 'application/json', 'content-disposition': 'attachment' } }),
    });
    const created = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:mis-datos';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderRoute('/mi-cuenta', { session: lucia });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar mis datos' }));
    expect((await within(section('Tus datos')).findByRole('status')).textContent).toBe(`Listo: descargaste ${EXPORT_FILE_NAME}.`);
    expect(api.callsTo('GET /api/me/export')).toHaveLength(1);
    expect(clicked.map((a) => [a.download, a.getAttribute('href')])).toEqual([[EXPORT_FILE_NAME, 'blob:mis-datos']]);
    expect(await created.mock.calls[0]![0].text()).toBe(exported);
  });

  it('a failure says so in Spanish', async () => {
    stubAccount({ 'GET /api/me/export': envelope(503, 'El servicio no está disponible en este momento. Por favor, intenta de nuevo en unos minutos.') });
    renderRoute('/mi-cuenta', { session: lucia });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar mis datos' }));
    expect((await within(section('Tus datos')).findByRole('alert')).textContent).toMatch(/no está disponible/);
  });
});

describe('«Eliminar mi cuenta»', () => {
  const submit = async (password: string, word: string) => {
    const zone = within(await screen.findByRole('region', { name: 'Eliminar mi cuenta' }));
    fireEvent.change(zone.getByLabelText('Tu contraseña'), { target: { value: password } });
    fireEvent.change(zone.getByLabelText('Escribe ELIMINAR para confirmar'), { target: { value: word } });
    fireEvent.click(zone.getByRole('button', { name: 'Eliminar mi cuenta para siempre' }));
  };

  it('says what deletion means before anything', async () => {
    stubAccount();
    renderRoute('/mi-cuenta', { session: lucia });
    const zone = within(await screen.findByRole('region', { name: 'Eliminar mi cuenta' }));
    expect(zone.getByText(/se vuelve ilegible para siempre/)).toBeTruthy();
    expect(zone.getByText(/La coach deja de verte/)).toBeTruthy();
    expect(zone.getByText(/lo que la ley obliga a conservar, sin tu nombre/)).toBeTruthy();
  });

  it.each([
    ['no password', '', 'ELIMINAR', DELETE_MESSAGES.password],
    ['no word', 'mi-clave-larga', '', DELETE_MESSAGES.word],
    ['another word', 'mi-clave-larga', 'eliminar', DELETE_MESSAGES.word],
  ])('%s: refused before sending', async (_, password, word, message) => {
    const api = stubAccount();
    renderRoute('/mi-cuenta', { session: lucia });
    await submit(password, word);
    expect((await section('Eliminar mi cuenta').querySelector('[role="alert"]'))?.textContent).toBe(message);
    expect(api.callsTo('POST /api/me/delete')).toHaveLength(0);
  });

  it('200: the session and the cache are gone, and the goodbye shows at /', async () => {
    const api = stubAccount({
      'POST /api/me/delete': envelope(200, 'Eliminamos tu cuenta.'),
      'POST /api/auth/logout': envelope(200, 'Sesión cerrada.'),
    });
    const { router, session } = renderRoute('/mi-cuenta', { session: lucia });
    await screen.findByText('Firefox en Windows');
    await submit('mi-clave-larga', 'ELIMINAR');
    expect(await screen.findByText(/Eliminamos tu cuenta\. Gracias por el camino/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/menu');
    expect(session()).toBeNull();
    expect(api.callsTo('POST /api/me/delete')[0]!.body).toEqual({ password: 'mi-clave-larga' });
    // Nothing of the account stays on screen, nor in the query cache to show the next person.
    expect(screen.queryByText('Firefox en Windows')).toBeNull();
  });

  it('401: the server’s Spanish error, the password cleared and focused, still signed in', async () => {
    stubAccount({ 'POST /api/me/delete': envelope(401, 'La contraseña no es correcta.') });
    const { router } = renderRoute('/mi-cuenta', { session: lucia });
    await submit('no-es-esta', 'ELIMINAR');
    const zone = within(section('Eliminar mi cuenta'));
    expect((await zone.findByRole('alert')).textContent).toBe('La contraseña no es correcta.');
    const password = zone.getByLabelText('Tu contraseña') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(router.state.location.pathname).toBe('/mi-cuenta');
  });
});
