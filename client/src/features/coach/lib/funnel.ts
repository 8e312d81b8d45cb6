// The funnel's numbers as the analytics page shows them: stages in order, totals, and every day of a range.
import type { Funnel } from '../api/coach-queries';

export type Counts = Omit<Funnel['pages'][number], 'page'>;
export type Stage = keyof Omit<Counts, 'revenueUsd'>;

export const STAGES: readonly { key: Stage; label: string }[] = [
  { key: 'views', label: 'Visitas' },
  { key: 'leads', label: 'Leads' },
  { key: 'subscriptions', label: 'Suscripciones' },
  { key: 'signups', label: 'Registros' },
  { key: 'verifications', label: 'Verificaciones' },
  { key: 'payments', label: 'Pagos' },
];

const ZERO: Counts = { views: 0, leads: 0, subscriptions: 0, signups: 0, verifications: 0, payments: 0, revenueUsd: 0 };

export function totalOf(rows: readonly Counts[]): Counts {
  const total = { ...ZERO };
  for (const row of rows) {
    for (const key of Object.keys(ZERO) as (keyof Counts)[]) total[key] += row[key];
  }
  return total;
}

/** The server's row for accounts with no funnel page before them (migration 011). */
export const DIRECT = '(directo)';

/** A page's path as visitors see it: 'nostalgia' → '/nostalgia'; accounts with no page before them, apart. */
export const pageLabel = (page: string) => (page === DIRECT ? 'Directo (sin página previa)' : `/${page}`);

/** Every day from `from` to `to` (inclusive, 'YYYY-MM-DD'), with zeros where the server had no row. */
export function everyDay(days: Funnel['days'], from: string, to: string): Funnel['days'] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: Funnel['days'] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length < 3660; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push(byDay.get(day) ?? { ...ZERO, day });
  }
  return out;
}
