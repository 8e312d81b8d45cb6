// /coach/suscriptores: the counts, the list with addresses, the search and status filter on the server, the CSV link.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { SubscribersPage } from '../api/coach-queries';
import { AROUND, coach } from '../coach-test-utils';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/coach/subscribers';
const DATA: SubscribersPage = {
  counts: { confirmed: 2, pending: 1, unsubscribed: 1, bounced: 0 },
  subscribers: [
    {
      email: 'ana@example.com',
      name: 'Ana',
      status: 'confirmed',
      requestedAt: '2025-03-03T12:00:00.000Z',
      confirmedAt: '2025-03-03T12:10:00.000Z',
      unsubscribedAt: null,
      source: 'Newsletter Archive',
    },
    {
      email: 'bea@example.com',
      name: 'Bea',
      status: 'unsubscribed',
      requestedAt: '2025-03-02T12:00:00.000Z',
      confirmedAt: '2025-03-02T12:10:00.000Z',
      unsubscribedAt: '2025-03-04T09:00:00.000Z',
      source: 'nostalgia',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 25,
};

describe('/coach/suscriptores', { timeout: 20_000 }, () => {
  it('shows the counts per status and each subscriber with her address, status, dates and source', async () => {
    stubApi({ ...AROUND, [LIST]: () => envelope(200, 'Suscripciones.', DATA) });
    renderRoute('/coach/suscriptores', { session: coach });
    expect(await screen.findByRole('heading', { level: 1, name: 'Suscriptores' }, { timeout: 10_000 })).toBeTruthy();
    const counts = await screen.findByRole('list', { name: 'Suscripciones por estado' });
    expect(
      within(counts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Todas 4', 'Confirmadas 2', 'Pendientes 1', 'Dadas de baja 1', 'Rebotadas 0']);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Anaana@example.com');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Dada de baja', expect.stringMatching(/^Pedida .*Baja 4 mar 2025$/), 'Descarga: /nostalgia']);
    expect(screen.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe('/api/coach/subscribers.csv');
  });

  it('filters by status and searches by address on the server; the CSV follows the filters', async () => {
    const api = stubApi({ ...AROUND, [LIST]: () => envelope(200, 'Suscripciones.', DATA) });
    renderRoute('/coach/suscriptores', { session: coach });
    fireEvent.click(await screen.findByRole('button', { name: /^Pendientes/ }, { timeout: 10_000 }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.url.searchParams.get('status')).toBe('pending'));
    fireEvent.change(screen.getByLabelText('Buscar por correo'), { target: { value: 'ana' } });
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.url.searchParams.get('search')).toBe('ana'));
    expect(screen.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe('/api/coach/subscribers.csv?status=pending&search=ana');
  });
});
