// /coach/ventas: every purchase and payment, what became of it, who bought and from which lead page they came;
// filtered on the server (the filters live in the URL), downloadable as CSV, with the revenue per product and
// month, and «Asignar» for a payment that reached us without a purchase of ours.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { coachQueries, salesCsvUrl, SALES_PAGE_SIZE, type Revenue, type Sale, type SaleState, type SalesQuery } from '../api/coach-queries';
import forms from '../../../styles/forms.module.css';
import styles from '../coach.module.css';
import { AssignForm } from '../components/AssignForm';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { RevenueChart } from '../components/RevenueChart';
import { When } from '../components/When';
import { useSearchDraft } from '../lib/search-draft';
import { formatCount } from '../lib/format';
import { buyerLines, formatMoney, funnelLabel, PRODUCT_CHOICES, productLabel, SALE_STATES, stateLabel } from '../lib/sales';
import sales from './SalesPage.module.css';

export { SEARCH_DELAY_MS } from '../lib/search-draft';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
type ProductId = (typeof PRODUCT_CHOICES)[number]['id'];

/** The URL's query: state, product, from, to, q, page. Anything unknown is left out. */
function readQuery(params: URLSearchParams): SalesQuery {
  const state = params.get('state') as SaleState | null;
  const product = params.get('product') as ProductId | null;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    ...(state && SALE_STATES.includes(state) ? { state } : {}),
    ...(product && PRODUCT_CHOICES.some((p) => p.id === product) ? { productId: product } : {}),
    ...(ISO_DAY.test(from) ? { from } : {}),
    ...(ISO_DAY.test(to) ? { to } : {}),
    ...(params.get('q') ? { search: params.get('q')! } : {}),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeQuery({ state, productId, from, to, search, page }: SalesQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (productId) params.set('product', productId);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (search) params.set('q', search);
  if (page > 1) params.set('page', String(page));
  return params;
}

function SaleRow({ sale, onAssigned }: { sale: Sale; onAssigned: (message: string) => void }) {
  const buyer = buyerLines(sale.buyer);
  const reversedLabel = sale.state === 'charged_back' ? 'Contracargo' : sale.state === 'cancelled' ? 'Cancelada' : 'Reembolsada';
  return (
    <tr>
      <td data-label="Estado">
        <span className={sales.state} data-state={sale.state}>
          {stateLabel(sale.state)}
        </span>
      </td>
      <th scope="row" data-label="Comprador">
        <span className={sales.buyer}>
          <span>{buyer.name}</span>
          {buyer.email ? <span className={sales.email}>{buyer.email}</span> : null}
        </span>
      </th>
      <td data-label="Producto">{productLabel(sale.productId)}</td>
      <td data-label="Monto" className={sales.amount}>
        {formatMoney(sale.amount, sale.currency)}
      </td>
      <td data-label="Fechas">
        <span className={sales.dates}>
          <When label="Iniciada" iso={sale.startedAt} />
          <When label="Pagada" iso={sale.paidAt} />
          <When label={reversedLabel} iso={sale.reversedAt} />
        </span>
      </td>
      <td data-label="Llegó desde">{funnelLabel(sale.funnel)}</td>
      <td data-label="Pago">
        <span className={sales.payment}>
          <span className={sales.paymentId}>{sale.paymentId ?? 'Sin pago'}</span>
          {sale.state === 'held' && sale.paymentId ? <AssignForm sale={sale} onAssigned={onAssigned} /> : null}
        </span>
      </td>
    </tr>
  );
}

const monthName = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The chart's figures, month by month (a small product's bar may be too short to read). */
function RevenueTable({ revenue }: { revenue: readonly Revenue[] }) {
  return (
    <details className={sales.figures}>
      <summary>Ver las cifras</summary>
      <div className={styles.tableFrame}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Mes</th>
              <th scope="col">Producto</th>
              <th scope="col">Pagado</th>
              <th scope="col">Revertido</th>
              <th scope="col">Neto</th>
            </tr>
          </thead>
          <tbody>
            {[...revenue].reverse().map((r) => (
              <tr key={`${r.month}-${r.productId}-${r.currency}`}>
                <th scope="row">{monthName.format(new Date(`${r.month}-01T00:00:00Z`))}</th>
                <td>{productLabel(r.productId)}</td>
                <td>{formatMoney(r.approved, r.currency)}</td>
                <td>{formatMoney(r.reversed, r.currency)}</td>
                <td>{formatMoney(r.net, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function SalesPage() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const valid = !(query.from && query.to && query.from > query.to);
  const ledger = useQuery({ ...coachQueries.sales(query), enabled: valid });
  const [notice, setNotice] = useState('');
  const ids = { state: useId(), product: useId(), from: useId(), to: useId(), search: useId() };

  const applySearch = useCallback(
    (search: string) => setParams((current) => writeQuery({ ...readQuery(current), search, page: 1 }), { replace: true }),
    [setParams],
  );
  const [draft, setDraft] = useSearchDraft(query.search ?? '', applySearch);

  const go = (next: Partial<SalesQuery>) => setParams(writeQuery({ ...query, page: 1, ...next }), { replace: true });
  const data = ledger.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SALES_PAGE_SIZE)) : 1;
  const { page: _page, ...filter } = query;
  const all = data ? SALE_STATES.reduce((n, s) => n + data.counts[s], 0) : 0;

  return (
    <section className={styles.page}>
      <title>Ventas · Panel de la coach · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Ventas</h1>
        <p className={styles.lead}>Cada compra y cada pago: en qué quedó, quién compró y desde qué página llegó.</p>
      </header>

      <form className={sales.filters} onSubmit={(e) => e.preventDefault()} aria-label="Filtros de las ventas">
        <label className={styles.filter} htmlFor={ids.state}>
          <span>Estado</span>
          <select id={ids.state} value={query.state ?? ''} onChange={(e) => go({ state: (e.target.value || undefined) as SaleState | undefined })}>
            <option value="">Todos</option>
            {SALE_STATES.map((s) => (
              <option key={s} value={s}>
                {stateLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter} htmlFor={ids.product}>
          <span>Producto</span>
          <select id={ids.product} value={query.productId ?? ''} onChange={(e) => go({ productId: (e.target.value || undefined) as ProductId | undefined })}>
            <option value="">Todos</option>
            {PRODUCT_CHOICES.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter} htmlFor={ids.from}>
          <span>Desde</span>
          <input id={ids.from} type="date" value={query.from ?? ''} max={query.to} onChange={(e) => go({ from: e.target.value || undefined })} />
        </label>
        <label className={styles.filter} htmlFor={ids.to}>
          <span>Hasta</span>
          <input id={ids.to} type="date" value={query.to ?? ''} min={query.from} onChange={(e) => go({ to: e.target.value || undefined })} />
        </label>
        <label className={`${styles.search} ${sales.search}`} htmlFor={ids.search}>
          <span>Buscar por nombre, correo o id de pago</span>
          <input id={ids.search} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" />
        </label>
      </form>
      {!valid ? (
        <p className={styles.inlineError} role="alert">
          Elige una fecha de inicio anterior o igual a la de fin.
        </p>
      ) : null}

      <div className={sales.summary}>
        {data ? (
          <ul className={sales.counts} aria-label="Ventas por estado">
            <li>
              <button type="button" className={sales.count} aria-pressed={!query.state} onClick={() => go({ state: undefined })}>
                Todas <strong>{formatCount(all)}</strong>
              </button>
            </li>
            {SALE_STATES.map((s) => (
              <li key={s}>
                <button type="button" className={sales.count} data-state={s} aria-pressed={query.state === s} onClick={() => go({ state: s })}>
                  {stateLabel(s)} <strong>{formatCount(data.counts[s])}</strong>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <a className={styles.download} href={salesCsvUrl(filter)} download>
          Descargar CSV
        </a>
      </div>

      <p className={forms.notice} role="status">
        {notice}
      </p>

      {!valid ? null : ledger.isPending ? (
        <Skeleton shape="table" part="body" />
      ) : ledger.isError ? (
        <LoadError error={ledger.error} retry={() => void ledger.refetch()} />
      ) : (
        <div className={styles.report} aria-busy={ledger.isPlaceholderData || undefined}>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>Ingresos por mes</h2>
            <p className={styles.count}>Lo pagado menos lo reembolsado, en dólares, por producto y en el mes de cada pago.</p>
            {data!.revenue.length === 0 ? (
              <p className={styles.emptyState}>No hay pagos en estas fechas.</p>
            ) : (
              <>
                <RevenueChart revenue={data!.revenue} />
                <RevenueTable revenue={data!.revenue} />
              </>
            )}
          </section>

          {data!.sales.length === 0 ? (
            <p className={styles.emptyState}>{query.search ? `No encontramos ventas con «${query.search}».` : 'No hay ventas con estos filtros.'}</p>
          ) : (
            <>
              <p className={styles.count}>{data!.total === 1 ? '1 venta' : `${formatCount(data!.total)} ventas`}</p>
              <div className={`${styles.tableFrame} ${sales.frame}`}>
                <table className={`${styles.table} ${sales.table}`}>
                  <caption className="sr-only">
                    Ventas, de la más reciente a la más antigua, página {query.page} de {pages}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Estado</th>
                      <th scope="col">Comprador</th>
                      <th scope="col">Producto</th>
                      <th scope="col">Monto</th>
                      <th scope="col">Fechas</th>
                      <th scope="col">Llegó desde</th>
                      <th scope="col">Pago</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data!.sales.map((sale) => (
                      <SaleRow key={sale.id} sale={sale} onAssigned={setNotice} />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={query.page} pages={pages} label="Páginas de las ventas" go={(page) => go({ page })} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
