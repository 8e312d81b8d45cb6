import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LETTER_SEND_MESSAGES as M } from '../../../../../course/letter-sends';
import { envelope, stubApi } from '../../../testing/fake-api';
import type { LetterSend } from '../api/letter-send-queries';
import { ATTRIBUTION_NOTE, inHerWords, LetterSendPanel } from './LetterSendPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '0b6c1f7e-2222-4a4a-9a9a-000000000020';
const GET = `GET /api/coach/letters/${ID}`;
const SEND = `POST /api/coach/letters/${ID}/send`;
const PAUSE = `POST /api/coach/letters/${ID}/send/pause`;

const letter = (send: LetterSend | null, attribution = { visits: 0, purchases: 0 }) =>
  envelope(200, 'Carta.', {
    id: ID,
    title: 'Hola',
    slug: 'hola',
    series: 'dean',
    markdown: 'Hola.',
    status: 'draft',
    publishedOn: null,
    path: '/newsletter/dean/hola',
    send,
    attribution,
  });
const SENDING: LetterSend = {
  sendId: '0b6c1f7e-3333-4a4a-9a9a-000000000020',
  scheduledAt: '2026-11-27T12:00:00.000Z',
  state: 'sending',
  total: 1200,
  sent: 400,
  failed: 2,
  queued: 798,
  skipped: 0,
  unsubscribedAfter: 3,
  completedAt: null,
};

function show(status: 'draft' | 'published' = 'published') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LetterSendPanel letterId={ID} status={status} />
    </QueryClientProvider>,
  );
}

describe('LetterSendPanel', () => {
  it('sends now only after she confirms, and says what the server said', async () => {
    const api = stubApi({ [GET]: () => letter(null), [SEND]: () => envelope(200, M.sendingNow, { ...SENDING, sent: 0, queued: 0, total: 0 }) });
    show('draft');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar ahora' }));
    expect(screen.getByText(/llegará por correo, pero no aparecerá en el archivo/)).toBeTruthy();
    expect(api.callsTo(SEND)).toHaveLength(0);
    expect(screen.getByText('¿Enviar la carta ahora a todas tus suscriptoras confirmadas?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sí, enviar' }));
    expect((await screen.findByRole('status')).textContent).toBe(M.sendingNow);
    expect(api.callsTo(SEND)[0]!.body).toEqual({});
    expect(screen.getByText('Saliendo hacia tus suscriptoras.')).toBeTruthy();
    expect(api.unexpected).toEqual([]);
  });

  it('schedules at the hour of her own clock, said back in words, and refuses a past one without asking the server', async () => {
    const api = stubApi({
      [GET]: () => letter(null),
      [SEND]: async (request) =>
        envelope(200, M.scheduled, {
          ...SENDING,
          state: 'scheduled',
          total: 0,
          sent: 0,
          queued: 0,
          scheduledAt: ((await request.json()) as { at: string }).at,
        }),
    });
    show();
    const input = (await screen.findByLabelText('O programa el día y la hora')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Programar' }));
    expect(screen.getByRole('alert').textContent).toBe(M.atPast);
    expect(api.callsTo(SEND)).toHaveLength(0);

    const soon = new Date(Date.now() + 2 * 86_400_000);
    soon.setHours(10, 30, 0, 0);
    const local = `${soon.getFullYear()}-${String(soon.getMonth() + 1).padStart(2, '0')}-${String(soon.getDate()).padStart(2, '0')}T10:30`;
    fireEvent.change(input, { target: { value: local } });
    expect(screen.getByText(`Saldrá ${inHerWords(soon.toISOString())}.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Programar' }));
    expect(screen.getByText(`¿Programar la carta para ${inHerWords(soon.toISOString())}? Irá a todas tus suscriptoras confirmadas.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sí, enviar' }));
    await screen.findByText(`Programada: saldrá ${inHerWords(soon.toISOString())}.`);
    expect(api.callsTo(SEND)[0]!.body).toEqual({ at: soon.toISOString() });
  });

  it('shows the counts while it goes out, and pauses after confirming', async () => {
    const api = stubApi({ [GET]: () => letter(SENDING), [PAUSE]: () => envelope(200, M.paused, { ...SENDING, state: 'paused' }) });
    show();
    const list = await screen.findByLabelText('Cuentas del envío');
    expect(list.textContent).toContain(`Suscriptoras${new Intl.NumberFormat('es').format(1200)}`);
    expect(list.textContent).toContain('Enviadas400');
    expect(list.textContent).toContain('Se dieron de baja con esta carta3');
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, pausar' }));
    await screen.findByText('En pausa: nadie más la recibirá hasta que la reanudes.');
    expect(screen.getByRole('button', { name: 'Reanudar' })).toBeTruthy();
    expect(api.callsTo(PAUSE)).toHaveLength(1);
  });

  it('counts the visits from the letter and the purchases after it, and keeps them when an act answers with the send', async () => {
    stubApi({
      [GET]: () => letter(SENDING, { visits: 1234, purchases: 7 }),
      [PAUSE]: () => envelope(200, M.paused, { ...SENDING, state: 'paused' }),
    });
    show();
    const list = await screen.findByLabelText('Cuentas del envío');
    expect(list.textContent).toContain(`Visitas desde la carta${new Intl.NumberFormat('es').format(1234)}`);
    expect(list.textContent).toContain('Compras después de leerla7');
    expect(screen.getByText(ATTRIBUTION_NOTE)).toBeTruthy();
    expect(ATTRIBUTION_NOTE).toContain('en los 30 días siguientes');
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, pausar' }));
    await screen.findByText('En pausa: nadie más la recibirá hasta que la reanudes.');
    expect(screen.getByLabelText('Cuentas del envío').textContent).toContain('Compras después de leerla7');
  });

  it('shows what a letter not yet sent brought (a test mail’s link shared around), and no counts when it brought nothing', async () => {
    stubApi({ [GET]: () => letter(null, { visits: 2, purchases: 0 }) });
    show();
    const list = await screen.findByLabelText('Cuentas del envío');
    expect(list.textContent).toBe('Visitas desde la carta2Compras después de leerla0');
    cleanup();
    vi.unstubAllGlobals();
    stubApi({ [GET]: () => letter(null) });
    show();
    await screen.findByRole('button', { name: 'Enviar ahora' });
    expect(screen.queryByLabelText('Cuentas del envío')).toBeNull();
  });

  it('shows the server’s refusal in Spanish', async () => {
    stubApi({ [GET]: () => letter(null), [SEND]: () => envelope(409, M.alreadySent) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar ahora' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, enviar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(M.alreadySent));
  });
});
