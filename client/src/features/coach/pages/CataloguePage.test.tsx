import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_MESSAGES, DEFAULT_CATALOGUE } from '../../../../../course/catalogue';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { CoachCatalogue } from '../api/catalogue-queries';
import { coach } from '../coach-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GET = 'GET /api/coach/catalogue';
const PATCH = 'PATCH /api/coach/catalogue';
const RESTORE = 'POST /api/coach/catalogue/restore';

const FRESH: CoachCatalogue = { version: 0, currency: 'USD', catalogue: DEFAULT_CATALOGUE, history: [] };
const SAVED: CoachCatalogue = {
  version: 1,
  currency: 'USD',
  catalogue: { ...DEFAULT_CATALOGUE, retreatTotal: 420, retreatStart: '2027-11-12', retreatEnd: '2027-11-14' },
  history: [
    {
      version: 1,
      at: '2026-11-27T12:00:00.000Z',
      by: coach.id,
      fields: ['retreatTotal', 'retreatStart', 'retreatEnd'],
      changes: { retreatTotal: 420, retreatStart: '2027-11-12', retreatEnd: '2027-11-14' },
      restoredFrom: null,
    },
  ],
};

const retreat = () => screen.getByRole('form', { name: 'Retiro de hielo' });

describe('/coach/catalogo', { timeout: 20_000 }, () => {
  it('shows each offer with labelled inputs and units, and saves only what changed in the retreat', async () => {
    const api = stubApi({ [GET]: envelope(200, 'Catálogo.', FRESH), [PATCH]: envelope(200, CATALOGUE_MESSAGES.saved, SAVED) });
    renderRoute('/coach/catalogo', { session: coach });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Catálogo');
    await screen.findByRole('form', { name: 'Retiro de hielo' });
    for (const name of ['Curso Manifiesta', 'Ebook de afirmaciones', 'Programa Reprograma', 'Sesión de propósito', 'Masterclasses', 'Retiro de hielo']) {
      expect(screen.getByRole('form', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Catálogo' }).getAttribute('aria-current')).toBe('page');
    const form = retreat();
    const total = within(form).getByLabelText<HTMLInputElement>('Precio total del retiro (USD)');
    expect(total.value).toBe('377');
    expect(within(form).getByText(/Ahora: 14 de noviembre, sin año/)).toBeTruthy();

    fireEvent.change(total, { target: { value: '420' } });
    fireEvent.change(within(form).getByLabelText('Primer día del retiro'), { target: { value: '2027-11-12' } });
    fireEvent.change(within(form).getByLabelText('Último día del retiro'), { target: { value: '2027-11-14' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ retreatTotal: 420, retreatStart: '2027-11-12', retreatEnd: '2027-11-14' });
    expect((await within(retreat()).findByRole('status')).textContent).toContain('Guardado');
    expect(await screen.findByText('Versión 1')).toBeTruthy();
    expect(screen.getByText(/Precio total del retiro, Primer día del retiro, Último día del retiro/)).toBeTruthy();
  });

  it('refuses bad input in Spanish at the field, with an alert, and sends nothing', async () => {
    const api = stubApi({ [GET]: envelope(200, 'Catálogo.', FRESH) });
    renderRoute('/coach/catalogo', { session: coach });
    await screen.findByRole('form', { name: 'Retiro de hielo' });
    const form = retreat();
    fireEvent.change(within(form).getByLabelText('Anticipo para reservar el retiro (USD)'), { target: { value: '500' } });
    fireEvent.change(within(form).getByLabelText('Lugares que quedan en el retiro'), { target: { value: 'muchos' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Revisa los datos marcados.');
    expect(within(form).getByText(/Lugares que quedan en el retiro: escribe un número entero/)).toBeTruthy();
    expect(api.callsTo(PATCH)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Lugares que quedan en el retiro'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(form).getByText(CATALOGUE_MESSAGES.depositTooHigh)).toBeTruthy());
    expect(api.callsTo(PATCH)).toHaveLength(0);
  });

  it('shows the server’s refusal in the alert, and restores an earlier version from the history', async () => {
    const api = stubApi({
      [GET]: envelope(200, 'Catálogo.', SAVED),
      [PATCH]: envelope(400, CATALOGUE_MESSAGES.oldNotHigher('Precio anterior del curso')),
      [RESTORE]: envelope(200, CATALOGUE_MESSAGES.restored, {
        ...FRESH,
        version: 2,
        history: [{ ...SAVED.history[0]!, version: 2, restoredFrom: 0 }, ...SAVED.history],
      }),
    });
    renderRoute('/coach/catalogo', { session: coach });
    const course = await screen.findByRole('form', { name: 'Curso Manifiesta' });
    fireEvent.change(within(course).getByLabelText('Precio del curso Manifiesta (USD)'), { target: { value: '17,50' } });
    fireEvent.click(within(course).getByRole('button', { name: 'Guardar' }));
    expect((await within(course).findByRole('alert')).textContent).toBe(CATALOGUE_MESSAGES.oldNotHigher('Precio anterior del curso'));
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ courseAmount: 17.5 });

    const history = screen.getByRole('region', { name: 'Historial' });
    fireEvent.click(within(history).getByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(api.callsTo(RESTORE)[0]?.body).toEqual({ version: 0 }));
    expect(await screen.findByText('Versión 2')).toBeTruthy();
    expect(within(retreat()).getByLabelText<HTMLInputElement>('Precio total del retiro (USD)').value).toBe('377');
  });
});
