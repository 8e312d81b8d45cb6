// /coach/analytics: the funnel from the lead pages to payment over a date range: as bars for one page or all,
// as a table by page with conversion rates, and day by day as lines.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Loading } from '../../../components/Loading/Loading';
import { coachQueries, type Funnel, type FunnelRange } from '../api/coach-queries';
import styles from '../coach.module.css';
import { DailyChart } from '../components/DailyChart';
import { FunnelChart } from '../components/FunnelChart';
import { LoadError } from '../components/LoadError';
import { daysBefore, formatCount, formatDay, formatRate, formatUsd, localDay } from '../lib/format';
import { DIRECT, everyDay, pageLabel, STAGES, totalOf, type Counts } from '../lib/funnel';

/** The server's default range too: the last 90 days, today included. */
export const DEFAULT_DAYS = 90;
const ALL_PAGES = '';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whose funnel the chart shows, as its summary says it. */
function funnelName(page: string | undefined): string {
  if (page === undefined) return 'todas las páginas';
  return page === DIRECT ? 'las cuentas sin página previa' : `la página ${pageLabel(page)}`;
}

function defaultRange(): FunnelRange {
  const to = localDay(new Date());
  return { from: daysBefore(to, DEFAULT_DAYS - 1), to };
}

function CountsCells({ counts }: { counts: Counts }) {
  return (
    <>
      {STAGES.map((s) => (
        <td key={s.key}>{formatCount(counts[s.key])}</td>
      ))}
      <td>{formatUsd(counts.revenueUsd)}</td>
      <td>{formatRate(counts.leads, counts.views)}</td>
      <td>{formatRate(counts.signups, counts.views)}</td>
      <td>{formatRate(counts.payments, counts.signups)}</td>
    </>
  );
}

function FunnelTable({ funnel, total }: { funnel: Funnel; total: Counts }) {
  return (
    <div className={styles.tableFrame}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          Por página, del {formatDay(funnel.from)} al {formatDay(funnel.to)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Página</th>
            {STAGES.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
            <th scope="col">Ingresos</th>
            <th scope="col">Leads / visitas</th>
            <th scope="col">Registros / visitas</th>
            <th scope="col">Pagos / registros</th>
          </tr>
        </thead>
        <tbody>
          {funnel.pages.map((row) => (
            <tr key={row.page}>
              <th scope="row">{pageLabel(row.page)}</th>
              <CountsCells counts={row} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <CountsCells counts={total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Accounts deleted since they registered: they stay in the counts, and nothing says who they were. */
function forgottenNote(n: number): string {
  return n === 1
    ? '1 cuenta de estas fechas fue eliminada: sigue en los números como «Persona eliminada», sin nombre, correo ni textos.'
    : `${n} cuentas de estas fechas fueron eliminadas: siguen en los números como «Persona eliminada», sin nombre, correo ni textos.`;
}

function Report({ funnel }: { funnel: Funnel }) {
  const [page, setPage] = useState(ALL_PAGES);
  const pageId = useId();
  const total = totalOf(funnel.pages);
  const chosen = funnel.pages.find((p) => p.page === page);
  const days = everyDay(funnel.days, funnel.from, funnel.to);

  if (funnel.pages.length === 0 && funnel.days.length === 0) {
    return <p className={styles.emptyState}>No hubo visitas ni registros entre esas fechas.</p>;
  }

  return (
    <>
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h2 className={styles.sectionTitle}>Embudo</h2>
          <label className={styles.filter} htmlFor={pageId}>
            <span>Página</span>
            <select id={pageId} value={chosen ? page : ALL_PAGES} onChange={(e) => setPage(e.target.value)}>
              <option value={ALL_PAGES}>Todas las páginas</option>
              {funnel.pages.map((p) => (
                <option key={p.page} value={p.page}>
                  {pageLabel(p.page)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <FunnelChart name={funnelName(chosen?.page)} counts={chosen ?? total} />
        {funnel.forgottenAccounts > 0 ? <p className={styles.count}>{forgottenNote(funnel.forgottenAccounts)}</p> : null}
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>Conversión por página</h2>
        <FunnelTable funnel={funnel} total={total} />
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>Día a día</h2>
        <DailyChart days={days} />
      </section>
    </>
  );
}

export function AnalyticsPage() {
  const [range, setRange] = useState(defaultRange);
  const fromId = useId();
  const toId = useId();
  const valid = ISO_DAY.test(range.from) && ISO_DAY.test(range.to) && range.from <= range.to;
  const funnel = useQuery({ ...coachQueries.funnel(range), enabled: valid });

  return (
    <section className={styles.page}>
      <title>Analítica · Panel de la coach · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Analítica del embudo</h1>
        <p className={styles.lead}>De la primera visita a una página hasta el pago: cuántas personas avanzan en cada paso.</p>
      </header>

      <form className={styles.toolbar} onSubmit={(e) => e.preventDefault()} aria-label="Rango de fechas">
        <label className={styles.filter} htmlFor={fromId}>
          <span>Desde</span>
          <input id={fromId} type="date" value={range.from} max={range.to} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </label>
        <label className={styles.filter} htmlFor={toId}>
          <span>Hasta</span>
          <input id={toId} type="date" value={range.to} min={range.from} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </label>
        {!valid ? (
          <p className={styles.inlineError} role="alert">
            Elige una fecha de inicio anterior o igual a la de fin.
          </p>
        ) : null}
      </form>

      {!valid ? null : funnel.isPending ? (
        <Loading />
      ) : funnel.isError ? (
        <LoadError error={funnel.error} retry={() => void funnel.refetch()} />
      ) : (
        <div className={styles.report} aria-busy={funnel.isPlaceholderData || undefined}>
          <Report funnel={funnel.data} />
        </div>
      )}
    </section>
  );
}
