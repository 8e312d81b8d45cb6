import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEQUENCE_MESSAGES } from '../../../../../course/sequences';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { CoachSequence } from '../api/sequences-queries';
import { AROUND, coach } from '../coach-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/coach/sequences';
const PREVIEW = 'POST /api/coach/sequences/preview';
const STEP = (n: number) => `/api/coach/sequences/niveles/pdf/steps/${n}`;

const counts = (over: Partial<CoachSequence['counts']> = {}): CoachSequence['counts'] => ({
  enrolled: 0,
  active: 0,
  exited: { unsubscribed: 0, bounced: 0, bought: 0, 'signed-up': 0 },
  sent: { 1: 0, 2: 0, 3: 0 },
  ...over,
});

const GUIDE: CoachSequence = {
  page: 'niveles',
  section: 'pdf',
  label: 'Guía de los niveles de conciencia',
  steps: [
    { step: 1, day: 0, subject: 'Tu guía de los niveles de conciencia', markdown: 'Gracias por confiar.', written: false },
    { step: 2, day: 3, subject: 'Lo que viene después', markdown: 'Hoy, un paso.', written: true },
    { step: 3, day: 5, subject: null, markdown: null, written: false },
  ],
  counts: counts({
    enrolled: 12,
    active: 9,
    exited: { unsubscribed: 2, bounced: 0, bought: 1, 'signed-up': 0 },
    sent: { 1: 12, 2: 7, 3: 0 },
  }),
};
const AUDIO: CoachSequence = {
  page: 'nostalgia',
  section: 'fragmento',
  label: 'Audiolibro «Soltar el Pasado»',
  steps: [
    { step: 1, day: 0, subject: 'Tu audiolibro «Soltar el Pasado» ya es tuyo', markdown: 'Gracias.', written: false },
    { step: 2, day: 2, subject: null, markdown: null, written: false },
    { step: 3, day: 5, subject: null, markdown: null, written: false },
  ],
  counts: counts(),
};

const preview = () => envelope(200, 'Vista previa.', { subject: 'Lo que viene después', html: '<p style="margin:0">Hoy, un paso.</p>', text: 'Hoy, un paso.' });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/coach/secuencias', { timeout: 20_000 }, () => {
  it('shows each download’s three mails in order, whose words each carries, and how many people are in it', async () => {
    stubApi({ ...AROUND, [LIST]: envelope(200, 'Secuencias.', [AUDIO, GUIDE]) });
    renderRoute('/coach/secuencias', { session: coach });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Correos de bienvenida');
    expect(screen.getByRole('link', { name: 'Bienvenidas' }).getAttribute('aria-current')).toBe('page');

    const guide = await screen.findByRole('region', { name: 'Guía de los niveles de conciencia' });
    expect(within(guide).getByText(/12 personas la empezaron; 9 siguen en ella\. Salieron: 2 se dieron de baja · 1 compró\./)).toBeTruthy();
    const mails = within(guide).getAllByRole('listitem');
    expect(mails.map((item) => item.textContent)).toEqual([
      'Al momento de la descargaTu guía de los niveles de concienciaLa bienvenida de siempre · enviado a 12 personas',
      'Día 3Lo que viene despuésEscrito por ti · enviado a 7 personas',
      'Día 5Correo 3Sin escribir: no se envía',
    ]);
    expect(within(mails[1]!).getByRole('link').getAttribute('href')).toBe('/coach/secuencias/niveles/pdf/2');

    const audio = screen.getByRole('region', { name: 'Audiolibro «Soltar el Pasado»' });
    expect(within(audio).getByText('Todavía nadie la empezó.')).toBeTruthy();
  });

  it('checks a mail before saving: subject, text, a day in range and after the mail before it; the server sees nothing', async () => {
    const api = stubApi({ ...AROUND, [LIST]: envelope(200, 'Secuencias.', [GUIDE]), [PREVIEW]: preview });
    renderRoute('/coach/secuencias/niveles/pdf/3', { session: coach });
    await screen.findByRole('heading', { level: 1, name: 'Correo 3: día 5' });
    await screen.findByText('La vista previa aparece cuando el correo tiene asunto y texto.');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Revisa los datos marcados.');
    expect(screen.getByText(SEQUENCE_MESSAGES.subject)).toBeTruthy();
    expect(screen.getByText(SEQUENCE_MESSAGES.markdown)).toBeTruthy();

    type('Asunto', 'Una semana después');
    type('Texto', 'Hola de nuevo.');
    type('Día', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const order = await screen.findByText(SEQUENCE_MESSAGES.order(3, 3));
    expect(screen.getByLabelText('Día').getAttribute('aria-describedby')).toContain(order.id);
    type('Día', '45');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SEQUENCE_MESSAGES.day)).toBeTruthy();
    expect(api.callsTo(`PUT ${STEP(3)}`)).toHaveLength(0);
  });

  it('saves a mail with PUT, previews it as it will arrive, sends her a test and takes out a mail after asking', async () => {
    const saved: CoachSequence = {
      ...GUIDE,
      steps: GUIDE.steps.map((s) => (s.step === 3 ? { ...s, day: 9, subject: 'Una semana después', markdown: 'Hola de nuevo.', written: true } : s)),
    };
    const cleared: CoachSequence = {
      ...GUIDE,
      steps: GUIDE.steps.map((s) => (s.step === 2 ? { ...s, day: 2, subject: null, markdown: null, written: false } : s)),
    };
    const api = stubApi({
      ...AROUND,
      [LIST]: envelope(200, 'Secuencias.', [GUIDE]),
      [PREVIEW]: preview,
      [`PUT ${STEP(3)}`]: envelope(200, 'Correo guardado.', saved),
      [`POST ${STEP(3)}/test`]: envelope(202, 'Prueba en camino.', { queued: true }),
      [`DELETE ${STEP(2)}`]: envelope(200, 'Quitaste ese correo: ya no se envía.', cleared),
    });
    const { router } = renderRoute('/coach/secuencias/niveles/pdf/3', { session: coach });
    await screen.findByLabelText('Asunto');
    type('Asunto', 'Una semana después');
    type('Texto', 'Hola de nuevo.');
    type('Día', '9');
    expect(screen.getByText(/con cambios sin guardar/)).toBeTruthy();
    const mail = await screen.findByTitle('El correo');
    expect(mail.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(mail.getAttribute('srcdoc')).toContain('<p data-preview-style="margin:0">Hoy, un paso.</p>');
    expect(api.callsTo(PREVIEW).at(-1)!.body).toEqual({ subject: 'Una semana después', markdown: 'Hola de nuevo.' });
    expect(screen.queryByRole('button', { name: 'Página' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enviarme una prueba' }));
    expect((await screen.findByRole('status')).textContent).toBe('Te enviamos una prueba a tu correo. Llega en unos minutos.');
    // Saved first, then the test of what was saved.
    expect(api.callsTo(`PUT ${STEP(3)}`)[0]!.body).toEqual({ subject: 'Una semana después', markdown: 'Hola de nuevo.', day: 9 });
    expect(api.callsTo(`POST ${STEP(3)}/test`)).toHaveLength(1);
    expect(screen.queryByText(/con cambios sin guardar/)).toBeNull();
    expect(screen.getByText('Escrito por ti')).toBeTruthy();

    await router.navigate('/coach/secuencias/niveles/pdf/2');
    await screen.findByRole('heading', { name: 'Correo 2: día 3' });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar este correo' }));
    expect(api.callsTo(`DELETE ${STEP(2)}`)).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('group', { name: 'Confirmar que lo quitas' })).getByRole('button', { name: 'Sí, quitarlo' }));
    expect((await screen.findByRole('status')).textContent).toBe('Quitaste ese correo: ya no se envía.');
    expect(screen.getByLabelText<HTMLInputElement>('Asunto').value).toBe('');
    expect(screen.getByText('Sin escribir: no se envía')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar este correo' })).toBeNull();
  });

  it('the first mail goes at the download: no day to choose, nothing to take out, and a test needs no saving', async () => {
    const api = stubApi({
      ...AROUND,
      [LIST]: envelope(200, 'Secuencias.', [GUIDE]),
      [PREVIEW]: preview,
      [`POST ${STEP(1)}/test`]: envelope(202, 'Prueba en camino.', { queued: true }),
    });
    renderRoute('/coach/secuencias/niveles/pdf/1', { session: coach });
    await screen.findByRole('heading', { level: 1, name: 'Correo 1: al momento de la descarga' });
    expect(screen.getByLabelText<HTMLInputElement>('Asunto').value).toBe('Tu guía de los niveles de conciencia');
    expect(screen.queryByLabelText('Día')).toBeNull();
    expect(screen.getByText('Sale en el momento de la descarga, junto con el regalo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar este correo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviarme una prueba' }));
    await waitFor(() => expect(api.callsTo(`POST ${STEP(1)}/test`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${STEP(1)}`)).toHaveLength(0);
  });

  it('an address that names no mail says so and leads back to the list', async () => {
    stubApi({ ...AROUND, [LIST]: envelope(200, 'Secuencias.', [GUIDE]) });
    renderRoute('/coach/secuencias/niveles/pdf/7', { session: coach });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ese correo no existe');
    expect(screen.getByRole('link', { name: 'Volver a los correos de bienvenida' }).getAttribute('href')).toBe('/coach/secuencias');
  });
});
