import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const viewed = () => envelope(200, 'Visita registrada.', { recorded: true });
const subscribed = (message: string) => Response.json({ success: true, status: 'success', message, data: { firstForSource: true } });

const NEWEST_FIRST = [
  ['Volver a empezar', 'Trabajo interior', '5 de septiembre de 2025', '/newsletter/dean/2025-09-05-volver-a-empezar'],
  ['La versión de ti que ya llegó', 'Metafísica y manifestación', '2 de septiembre de 2025', '/newsletter/meta/2025-09-02-la-version-de-ti-que-ya-llego'],
  ['La conversación que tienes contigo', 'Trabajo interior', '26 de agosto de 2025', '/newsletter/dean/2025-08-26-la-conversacion-que-tienes-contigo'],
  ['El camino de menor resistencia', 'Metafísica y manifestación', '19 de agosto de 2025', '/newsletter/meta/2025-08-19-el-camino-de-menor-resistencia'],
  ['Descansar también es avanzar', 'Trabajo interior', '12 de agosto de 2025', '/newsletter/dean/2025-08-12-descansar-tambien-es-avanzar'],
  [
    'Creencias: el guion que no elegiste',
    'Metafísica y manifestación',
    '5 de agosto de 2025',
    '/newsletter/meta/2025-08-05-creencias-el-guion-que-no-elegiste',
  ],
  ['El hábito más pequeño del mundo', 'Trabajo interior', '29 de julio de 2025', '/newsletter/dean/2025-07-29-el-habito-mas-pequeno-del-mundo'],
  [
    'Manifestar no es pedir: es sintonizar',
    'Metafísica y manifestación',
    '22 de julio de 2025',
    '/newsletter/meta/2025-07-22-manifestar-no-es-pedir-es-sintonizar',
  ],
  ['Tus emociones no son el enemigo', 'Trabajo interior', '15 de julio de 2025', '/newsletter/dean/2025-07-15-tus-emociones-no-son-el-enemigo'],
  ['La ley del espejo', 'Metafísica y manifestación', '8 de julio de 2025', '/newsletter/meta/2025-07-08-la-ley-del-espejo'],
  ['El arte de soltar', 'Trabajo interior', '1 de julio de 2025', '/newsletter/dean/2025-07-01-el-arte-de-soltar'],
];

/** The server's archive: the same letters, as GET /api/newsletter/letters gives them. */
const LETTERS = NEWEST_FIRST.map(([title, , , path]) => {
  const [, , series, slug] = path!.split('/');
  return { title, series, slug, publishedOn: slug!.slice(0, 10), excerpt: `El comienzo de «${title}».` };
});
const archive = () => envelope(200, 'Cartas.', LETTERS);
/** The page's calls: its view, and the archive. */
const pageRoutes = () => ({ 'POST /api/leads/view': viewed(), 'GET /api/newsletter/letters': archive });

async function fillAndSend(nick: string, email: string) {
  fireEvent.change(await screen.findByLabelText('Tu nombre'), { target: { value: nick } });
  fireEvent.change(screen.getByLabelText('Tu correo electrónico'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
}

describe('/newsletter', () => {
  it('lists the letters the server publishes, newest first: series, title, long es-ES date, link and first lines', async () => {
    const api = stubApi(pageRoutes());
    renderRoute('/newsletter');

    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(
      items.map((item) => [
        within(item).getByRole('heading', { level: 3 }).textContent,
        item.querySelector('p')?.textContent,
        item.querySelector('time')?.textContent,
        within(item).getByRole('link').getAttribute('href'),
      ]),
    ).toEqual(NEWEST_FIRST);
    expect(items[0]!.textContent).toContain('El comienzo de «Volver a empezar».');
    expect(screen.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Newsletter · Manifiesta'));
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'newsletter' }));
  });

  it('says so in Spanish when the letters cannot be loaded', async () => {
    stubApi({ 'POST /api/leads/view': viewed(), 'GET /api/newsletter/letters': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute('/newsletter');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'No se pudieron cargar las cartas. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(screen.getByRole('heading', { name: 'Recibe la próxima carta' })).toBeTruthy();
  });

  it('offers the subscription form to a signed-out visitor', async () => {
    stubApi(pageRoutes());
    renderRoute('/newsletter');
    expect(await screen.findByRole('heading', { name: 'Recibe la próxima carta' })).toBeTruthy();
    expect(screen.getByLabelText('Tu nombre').hasAttribute('required')).toBe(true);
    const email = screen.getByLabelText('Tu correo electrónico');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
  });

  it('shows no form to a signed-in reader', async () => {
    stubApi(pageRoutes());
    renderRoute('/newsletter', { session: makeUser() });
    await screen.findByRole('heading', { level: 1, name: 'Newsletter' });
    expect(await screen.findAllByRole('listitem')).toHaveLength(11);
    expect(screen.queryByLabelText('Tu nombre')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suscribirme' })).toBeNull();
  });

  it("subscribes: 'Procesando...' while sending, then the server's message and empty fields", async () => {
    const answer = deferred();
    const api = stubApi({ ...pageRoutes(), 'POST /api/leads/add': () => answer.promise });
    renderRoute('/newsletter');

    await fillAndSend(' Lucía ', 'lucia@example.com');

    const busy = await screen.findByRole('button', { name: 'Procesando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST /api/leads/add')[0]?.body).toEqual({
      email: 'lucia@example.com',
      nick: 'Lucía',
      page: 'Newsletter Archive',
      section: 'Subscription Form',
      status: 'Subscribed via Form',
    });

    answer.resolve(subscribed('Revisa tu correo para confirmar tu suscripción: te enviamos un enlace. Hasta que lo abras, no te escribiremos.'));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Revisa tu correo para confirmar tu suscripción: te enviamos un enlace. Hasta que lo abras, no te escribiremos.',
    );
    expect((screen.getByLabelText('Tu nombre') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Tu correo electrónico') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Suscribirme' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's message when it refuses, and keeps what was typed", async () => {
    stubApi({ ...pageRoutes(), 'POST /api/leads/add': envelope(400, 'Ingresa un email válido.') });
    renderRoute('/newsletter');

    await fillAndSend('Lucía', 'lucia@example');

    expect((await screen.findByRole('alert')).textContent).toBe('Ingresa un email válido.');
    expect((screen.getByLabelText('Tu nombre') as HTMLInputElement).value).toBe('Lucía');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    ['an answer without a message', () => new Response('<html>Bad gateway</html>', { status: 502 })],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to its own error for %s', async (_, answer) => {
    stubApi({ ...pageRoutes(), 'POST /api/leads/add': answer });
    renderRoute('/newsletter');

    await fillAndSend('Lucía', 'lucia@example.com');

    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error al procesar tu solicitud.');
  });
});
