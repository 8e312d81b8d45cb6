// /coach: everyone in the course, searched, sorted and paged by the server. The query lives in the URL, so
// coming back from a learner finds the list as it was.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { coachQueries, type LearnerSort, type LearnersQuery, type LearnerSummary } from '../api/coach-queries';
import styles from '../coach.module.css';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { formatDateTime, formatShortDate, relativeTime } from '../lib/format';

export const SEARCH_DELAY_MS = 300;

type Column = { sort?: LearnerSort; label: string; firstOrder?: 'asc' | 'desc' };
const COLUMNS: Column[] = [
  { sort: 'username', label: 'Persona', firstOrder: 'asc' },
  { sort: 'email', label: 'Correo', firstOrder: 'asc' },
  { sort: 'registeredAt', label: 'Se registró', firstOrder: 'desc' },
  { label: 'Correo verificado' },
  { label: 'Premium' },
  { sort: 'progress', label: 'Avance', firstOrder: 'desc' },
  { label: 'Actividad actual' },
  { sort: 'lastActivityAt', label: 'Última actividad', firstOrder: 'desc' },
];
const SORTS = COLUMNS.flatMap((c) => (c.sort ? [c.sort] : []));

/** The URL's query, with the server's defaults (most recent activity first). */
function readQuery(params: URLSearchParams): LearnersQuery {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    sort: SORTS.includes(sort as LearnerSort) ? (sort as LearnerSort) : 'lastActivityAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeQuery({ search, sort, order, page }: LearnersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('q', search);
  params.set('sort', sort);
  params.set('order', order);
  if (page > 1) params.set('page', String(page));
  return params;
}

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

function LearnerRow({ learner, now }: { learner: LearnerSummary; now: number }) {
  return (
    <tr>
      <th scope="row">
        <Link to={`/coach/learners/${learner.id}`}>{learner.username}</Link>
      </th>
      <td>{learner.email}</td>
      <td>
        <time dateTime={learner.registeredAt} title={formatDateTime(learner.registeredAt)}>
          {formatShortDate(learner.registeredAt)}
        </time>
      </td>
      <td>{yesNo(learner.verified)}</td>
      <td>{yesNo(learner.premium)}</td>
      <td>
        <span className={styles.progress}>
          <span className={styles.progressBar} aria-hidden="true">
            <span style={{ width: `${learner.progressPercent}%` }} />
          </span>
          {learner.progressPercent}%
        </span>
      </td>
      <td>{learner.currentActivity?.title ?? '—'}</td>
      <td>
        {learner.lastActivityAt ? (
          <time dateTime={learner.lastActivityAt} title={formatDateTime(learner.lastActivityAt)}>
            {relativeTime(learner.lastActivityAt, now)}
          </time>
        ) : (
          'Nunca'
        )}
      </td>
    </tr>
  );
}

export function LearnersPage() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const learners = useQuery(coachQueries.learners(query));
  const searchId = useId();

  // The box answers at once; the request waits until the typing stops.
  const [draft, setDraft] = useState(query.search);
  useEffect(() => {
    const search = draft.trim();
    if (search === query.search) return undefined;
    const timer = setTimeout(() => setParams((current) => writeQuery({ ...readQuery(current), search, page: 1 }), { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, query.search, setParams]);

  const go = (next: Partial<LearnersQuery>) => setParams(writeQuery({ ...query, ...next }), { replace: true });
  const sortBy = (column: Column) => {
    if (!column.sort) return;
    const order = column.sort === query.sort ? (query.order === 'asc' ? 'desc' : 'asc') : (column.firstOrder ?? 'asc');
    go({ sort: column.sort, order, page: 1 });
  };

  const data = learners.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // How long ago each learner was active, as of when the list arrived (it is refreshed on focus and every change).
  const now = learners.dataUpdatedAt;

  return (
    <section className={styles.page}>
      <title>Personas del curso · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Personas del curso</h1>
        <p className={styles.lead}>Busca a alguien, ordena la lista y abre su recorrido para acompañar cada paso.</p>
      </header>

      <div className={styles.toolbar}>
        <label className={styles.search} htmlFor={searchId}>
          <span>Buscar por nombre de usuario o correo</span>
          <input id={searchId} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" />
        </label>
        {data ? (
          <p className={styles.count} role="status">
            {data.total === 1 ? '1 persona' : `${data.total} personas`}
          </p>
        ) : null}
      </div>

      {learners.isPending ? (
        <Skeleton shape="table" part="body" />
      ) : learners.isError ? (
        <LoadError error={learners.error} retry={() => void learners.refetch()} />
      ) : data && data.learners.length === 0 ? (
        <p className={styles.emptyState}>{query.search ? `No encontramos a nadie con «${query.search}».` : 'Todavía no hay personas registradas.'}</p>
      ) : (
        <>
          <div className={styles.tableFrame}>
            <table className={styles.table} aria-busy={learners.isPlaceholderData || undefined}>
              <caption className="sr-only">
                Personas del curso, página {query.page} de {pages}
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => {
                    const active = column.sort !== undefined && column.sort === query.sort;
                    const ariaSort = active ? (query.order === 'asc' ? 'ascending' : 'descending') : column.sort ? 'none' : undefined;
                    return (
                      <th key={column.label} scope="col" aria-sort={ariaSort}>
                        {column.sort ? (
                          <button type="button" className={styles.sortButton} onClick={() => sortBy(column)}>
                            {column.label}
                            <span className={styles.sortMark} aria-hidden="true">
                              {active ? (query.order === 'asc' ? '▲' : '▼') : '↕'}
                            </span>
                          </button>
                        ) : (
                          column.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {data?.learners.map((learner) => (
                  <LearnerRow key={learner.id} learner={learner} now={now} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={query.page} pages={pages} label="Páginas de la lista" go={(page) => go({ page })} />
        </>
      )}
    </section>
  );
}
