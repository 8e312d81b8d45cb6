// /coach/suscriptores: who receives the letters. How many subscriptions are confirmed, pending, ended by their owner
// or by the mail server; a search by a part of the address and a status filter (both in the URL, applied on the
// server), pages, and the same list as CSV. Addresses are shown to the coach only (the server checks the role).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { coachQueries, subscribersCsvUrl, type Subscriber, type SubscribersQuery, type SubscriptionStatus } from '../api/coach-queries';
import styles from '../coach.module.css';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { When } from '../components/When';
import { formatCount } from '../lib/format';
import { useSearchDraft } from '../lib/search-draft';
import ledger from './SalesPage.module.css';

export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['confirmed', 'pending', 'unsubscribed', 'bounced'];
export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  confirmed: 'Confirmadas',
  pending: 'Pendientes',
  unsubscribed: 'Dadas de baja',
  bounced: 'Rebotadas',
};
const STATUS_LABEL: Record<SubscriptionStatus, string> = { confirmed: 'Confirmada', pending: 'Pendiente', unsubscribed: 'Dada de baja', bounced: 'Rebotada' };

/** Where the subscription was asked for: the newsletter form, or a download form's box. */
export const sourceLabel = (source: string) => (source === 'Newsletter Archive' ? 'Formulario del newsletter' : `Descarga: /${source}`);

function readQuery(params: URLSearchParams): SubscribersQuery {
  const status = params.get('status') as SubscriptionStatus | null;
  const page = Number(params.get('page'));
  return {
    ...(status && SUBSCRIPTION_STATUSES.includes(status) ? { status } : {}),
    ...(params.get('q') ? { search: params.get('q')! } : {}),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeQuery({ status, search, page }: SubscribersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (search) params.set('q', search);
  if (page > 1) params.set('page', String(page));
  return params;
}

function SubscriberRow({ subscriber }: { subscriber: Subscriber }) {
  return (
    <tr>
      <th scope="row" data-label="Persona">
        <span className={ledger.buyer}>
          <span>{subscriber.name}</span>
          <span className={ledger.email}>{subscriber.email}</span>
        </span>
      </th>
      <td data-label="Estado">{STATUS_LABEL[subscriber.status]}</td>
      <td data-label="Fechas">
        <span className={ledger.dates}>
          <When label="Pedida" iso={subscriber.requestedAt} />
          <When label="Confirmada" iso={subscriber.confirmedAt} />
          <When label="Baja" iso={subscriber.unsubscribedAt} />
        </span>
      </td>
      <td data-label="Origen">{sourceLabel(subscriber.source)}</td>
    </tr>
  );
}

export function SubscribersPage() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const list = useQuery(coachQueries.subscribers(query));
  const searchId = useId();

  const applySearch = useCallback(
    (search: string) => setParams((current) => writeQuery({ ...readQuery(current), search, page: 1 }), { replace: true }),
    [setParams],
  );
  const [draft, setDraft] = useSearchDraft(query.search ?? '', applySearch);

  const go = (next: Partial<SubscribersQuery>) => setParams(writeQuery({ ...query, page: 1, ...next }), { replace: true });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const { page: _page, ...filter } = query;
  const all = data ? SUBSCRIPTION_STATUSES.reduce((n, s) => n + data.counts[s], 0) : 0;

  return (
    <section className={styles.page}>
      <title>Suscriptores · Panel de la coach · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Suscriptores</h1>
        <p className={styles.lead}>Quién recibe las cartas: solo las suscripciones confirmadas. Las pendientes esperan que abran su enlace.</p>
      </header>

      <form className={ledger.filters} onSubmit={(e) => e.preventDefault()} aria-label="Buscar suscriptores">
        <label className={`${styles.search} ${ledger.search}`} htmlFor={searchId}>
          <span>Buscar por correo</span>
          <input id={searchId} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" />
        </label>
      </form>

      <div className={ledger.summary}>
        {data ? (
          <ul className={ledger.counts} aria-label="Suscripciones por estado">
            <li>
              <button type="button" className={ledger.count} aria-pressed={!query.status} onClick={() => go({ status: undefined })}>
                Todas <strong>{formatCount(all)}</strong>
              </button>
            </li>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <li key={s}>
                <button type="button" className={ledger.count} aria-pressed={query.status === s} onClick={() => go({ status: s })}>
                  {STATUS_LABELS[s]} <strong>{formatCount(data.counts[s])}</strong>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <a className={styles.download} href={subscribersCsvUrl(filter)} download>
          Descargar CSV
        </a>
      </div>

      {list.isPending ? (
        <Skeleton shape="table" part="body" />
      ) : list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : data!.subscribers.length === 0 ? (
        <p className={styles.emptyState}>{query.search ? `No encontramos suscripciones con «${query.search}».` : 'No hay suscripciones con este estado.'}</p>
      ) : (
        <div className={styles.report} aria-busy={list.isPlaceholderData || undefined}>
          <p className={styles.count}>{data!.total === 1 ? '1 suscripción' : `${formatCount(data!.total)} suscripciones`}</p>
          <div className={`${styles.tableFrame} ${ledger.frame}`}>
            <table className={`${styles.table} ${ledger.table}`}>
              <caption className="sr-only">
                Suscripciones, de la más reciente a la más antigua, página {query.page} de {pages}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Persona</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Fechas</th>
                  <th scope="col">Origen</th>
                </tr>
              </thead>
              <tbody>
                {data!.subscribers.map((s) => (
                  <SubscriberRow key={s.email} subscriber={s} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={query.page} pages={pages} label="Páginas de los suscriptores" go={(page) => go({ page })} />
        </div>
      )}
    </section>
  );
}
