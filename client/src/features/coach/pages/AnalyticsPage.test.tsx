import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { Funnel } from '../api/coach-queries';
import { AROUND, coach } from '../coach-test-utils';
import { daysBefore, localDay } from '../lib/format';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FUNNEL = 'GET /api/coach/analytics/funnel';
const row = (
  page: string,
  views: number,
  leads: number,
  subscriptions: number,
  signups: number,
  verifications: number,
  payments: number,
  revenueUsd: number,
) => ({
  page,
  views,
  leads,
  subscriptions,
  signups,
  verifications,
  payments,
  revenueUsd,
});

const DATA: Funnel = {
  from: '2025-03-01',
  to: '2025-03-03',
  pages: [row('nostalgia', 200, 40, 10, 10, 8, 2, 94), row('menu', 1000, 0, 5, 30, 20, 3, 141)],
  days: [
    { day: '2025-03-01', views: 700, leads: 20, subscriptions: 10, signups: 25, verifications: 20, payments: 4, revenueUsd: 188 },
    { day: '2025-03-03', views: 500, leads: 20, subscriptions: 5, signups: 15, verifications: 8, payments: 1, revenueUsd: 47 },
  ],
  forgottenAccounts: 0,
};

/** A cell's text with the narrow no-break spaces of Intl's Spanish formats made plain. */
const cells = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((c) => c.textContent!.replace(/\s/g, ' '));

describe('/coach/analytics', { timeout: 20_000 }, () => {
  it('says how many of the accounts counted were deleted since, as «Persona eliminada», and nothing when none was', async () => {
    stubApi({ ...AROUND, [FUNNEL]: () => envelope(200, 'Embudo.', { ...DATA, forgottenAccounts: 2 }) });
    const view = renderRoute('/coach/analytics', { session: coach });
    await screen.findByText(
      '2 cuentas de estas fechas fueron eliminadas: siguen en los números como «Persona eliminada», sin nombre, correo ni textos.',
      {},
      { timeout: 10_000 },
    );
    view.unmount();

    stubApi({ ...AROUND, [FUNNEL]: () => envelope(200, 'Embudo.', DATA) });
    renderRoute('/coach/analytics', { session: coach });
    await screen.findByRole('table', { name: /^Por página/ }, { timeout: 10_000 });
    expect(screen.queryByText(/Persona eliminada/)).toBeNull();
  });

  it('asks for the last 90 days and shows the funnel table by page with totals and conversion rates', async () => {
    const api = stubApi({ ...AROUND, [FUNNEL]: () => envelope(200, 'Embudo.', DATA) });
    renderRoute('/coach/analytics', { session: coach });

    const table = await screen.findByRole('table', { name: /^Por página/ }, { timeout: 10_000 });
    const today = localDay(new Date());
    expect(Object.fromEntries(api.callsTo(FUNNEL)[0]!.url.searchParams)).toMatchObject({ from: daysBefore(today, 89), to: today });
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe(daysBefore(today, 89));
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe(today);

    const [, nostalgia, menu, total] = within(table).getAllByRole('row');
    expect(within(nostalgia!).getByRole('rowheader').textContent).toBe('/nostalgia');
    expect(cells(nostalgia!)).toEqual(['200', '40', '10', '10', '8', '2', '94,00 US$', '20 %', '5 %', '20 %']);
    expect(cells(menu!)).toEqual(['1000', '0', '5', '30', '20', '3', '141,00 US$', '0 %', '3 %', '10 %']);
    expect(within(total!).getByRole('rowheader').textContent).toBe('Total');
    expect(cells(total!)).toEqual(['1200', '40', '15', '40', '28', '5', '235,00 US$', '3,3 %', '3,3 %', '12,5 %']);
  });

  it('draws the funnel for all pages or one, and the days as lines, each chart with a text summary', async () => {
    stubApi({ ...AROUND, [FUNNEL]: () => envelope(200, 'Embudo.', DATA) });
    renderRoute('/coach/analytics', { session: coach });

    const funnel = await screen.findByRole('img', { name: /^Embudo de todas las páginas/ }, { timeout: 10_000 });
    expect(funnel.getAttribute('aria-label')).toContain('1200 visitas, 40 leads, 15 suscripciones, 40 registros, 28 verificaciones, 5 pagos');
    expect([...funnel.querySelectorAll('[data-stage]')].map((g) => `${g.getAttribute('data-stage')}=${g.getAttribute('data-value')}`)).toEqual([
      'views=1200',
      'leads=40',
      'subscriptions=15',
      'signups=40',
      'verifications=28',
      'payments=5',
    ]);

    fireEvent.change(screen.getByRole('combobox', { name: 'Página' }), { target: { value: 'nostalgia' } });
    const one = await screen.findByRole('img', { name: /^Embudo de la página \/nostalgia/ });
    expect(one.querySelector('[data-stage="views"]')!.getAttribute('data-value')).toBe('200');

    const daily = screen.getByRole('img', { name: /^Visitas y registros por día/ });
    expect(daily.getAttribute('aria-label')).toBe(
      'Visitas y registros por día, del 1 de marzo al 3 de marzo: 1200 visitas y 40 registros en total. El día con más visitas fue el 1 de marzo, con 700.',
    );
    expect(daily.querySelectorAll('path[data-series]')).toHaveLength(2);
  });

  it('asks again for a new range, and refuses a range that ends before it starts', async () => {
    const api = stubApi({ ...AROUND, [FUNNEL]: () => envelope(200, 'Embudo.', DATA) });
    renderRoute('/coach/analytics', { session: coach });
    await screen.findByRole('table', undefined, { timeout: 10_000 });

    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2025-01-31' } });
    await waitFor(() => expect(Object.fromEntries(api.callsTo(FUNNEL).at(-1)!.url.searchParams)).toMatchObject({ from: '2025-01-01', to: '2025-01-31' }));

    const asked = api.callsTo(FUNNEL).length;
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-02-15' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Elige una fecha de inicio anterior o igual a la de fin.');
    expect(api.callsTo(FUNNEL)).toHaveLength(asked);
  });

  it('says when nothing happened in the range', async () => {
    stubApi({ ...AROUND, [FUNNEL]: () => envelope(200, 'Embudo.', { ...DATA, pages: [], days: [] }) });
    renderRoute('/coach/analytics', { session: coach });
    expect(await screen.findByText('No hubo visitas ni registros entre esas fechas.', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('is for the coach only', async () => {
    const api = stubApi({ ...AROUND, [FUNNEL]: () => envelope(200, 'Embudo.', DATA) });
    renderRoute('/coach/analytics', { session: makeUser() });
    expect(await screen.findByText('Esta sección es solo para la coach.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(api.callsTo(FUNNEL)).toHaveLength(0);
  });
});
