// The coach's desk on the server: learners, a learner's journey and their state at a moment, notes, the
// funnel and the sales. Keys from generic to specific: ['coach'], ['coach', 'learners', query],
// ['coach', 'learner', id, …], ['coach', 'funnel', range], ['coach', 'sales', query], ['coach', 'subscribers', query].
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

type Data<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;
type Query<P extends keyof paths> = paths[P]['get'] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type LearnerPage = Data<'/api/coach/learners', 'get'>;
export type LearnerSummary = Data<'/api/coach/learners/{id}', 'get'>;
export type LearnersQuery = Required<Pick<Query<'/api/coach/learners'>, 'search' | 'sort' | 'order' | 'page'>>;
export type LearnerSort = LearnersQuery['sort'];
export type JourneyEvent = Data<'/api/coach/learners/{id}/journey', 'get'>['events'][number];
export type JourneyState = Data<'/api/coach/learners/{id}/state', 'get'>;
export type Funnel = Data<'/api/coach/analytics/funnel', 'get'>;
export type FunnelRange = { from: string; to: string };
export type SalesPage = Data<'/api/coach/sales', 'get'>;
export type Sale = SalesPage['sales'][number];
export type SaleState = Sale['state'];
export type Revenue = SalesPage['revenue'][number];
/** The ledger's filters (all optional) and its page. */
export type SalesFilter = Partial<Pick<Query<'/api/coach/sales'>, 'state' | 'productId' | 'from' | 'to' | 'search'>>;
export type SalesQuery = SalesFilter & { page: number };
export type SubscribersPage = Data<'/api/coach/subscribers', 'get'>;
export type Subscriber = SubscribersPage['subscribers'][number];
export type SubscriptionStatus = Subscriber['status'];
export type SubscribersFilter = Partial<Pick<Query<'/api/coach/subscribers'>, 'status' | 'search'>>;
export type SubscribersQuery = SubscribersFilter & { page: number };
export type AssignInput = { paymentId: string; email: string; productId?: Sale['productId'] };

export const PAGE_SIZE = 20;
export const SALES_PAGE_SIZE = 50;
/** The API's largest page of a journey: most journeys come in one request. */
const JOURNEY_PAGE = 2000;
const LOAD_ERROR = 'No se pudieron cargar los datos. Revisa tu conexión e inténtalo de nuevo.';
export const NOTE_ERROR = 'No se pudo guardar la nota. Inténtalo de nuevo.';
export const ASSIGN_ERROR = 'No se pudo asignar el pago. Inténtalo de nuevo.';

export async function fetchLearners(query: LearnersQuery): Promise<LearnerPage> {
  const { search, ...rest } = query;
  const params = { query: { ...rest, pageSize: PAGE_SIZE, ...(search ? { search } : {}) } };
  return unwrap(await api.GET('/api/coach/learners', { params }), LOAD_ERROR);
}

export async function fetchLearner(id: string): Promise<LearnerSummary> {
  return unwrap(await api.GET('/api/coach/learners/{id}', { params: { path: { id } } }), LOAD_ERROR);
}

/** The whole journey, every page of it (following nextAfter), in global order. */
export async function fetchJourney(id: string): Promise<JourneyEvent[]> {
  const events: JourneyEvent[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const query: { limit: number; after: number } = { limit: JOURNEY_PAGE, after };
    const page = unwrap(await api.GET('/api/coach/learners/{id}/journey', { params: { path: { id }, query } }), LOAD_ERROR);
    events.push(...page.events);
    after = page.nextAfter;
  }
  return events;
}

/** The learner's state folded up to a global position (inclusive); `undefined` is now. */
export async function fetchStateAt(id: string, at: number | undefined): Promise<JourneyState> {
  const query = at === undefined ? {} : { at };
  return unwrap(await api.GET('/api/coach/learners/{id}/state', { params: { path: { id }, query } }), LOAD_ERROR);
}

export async function postNote({ learnerId, text }: { learnerId: string; text: string }): Promise<JourneyEvent> {
  return unwrap(await api.POST('/api/coach/learners/{id}/notes', { params: { path: { id: learnerId } }, body: { text } }), NOTE_ERROR);
}

export async function fetchFunnel(range: FunnelRange): Promise<Funnel> {
  return unwrap(await api.GET('/api/coach/analytics/funnel', { params: { query: range } }), LOAD_ERROR);
}

/** Only the filters that say something (an empty search is none). */
function filterParams({ state, productId, from, to, search }: SalesFilter): SalesFilter {
  return { ...(state ? { state } : {}), ...(productId ? { productId } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}), ...(search ? { search } : {}) };
}

export async function fetchSales({ page, ...filter }: SalesQuery): Promise<SalesPage> {
  const query = { ...filterParams(filter), limit: SALES_PAGE_SIZE, offset: (page - 1) * SALES_PAGE_SIZE };
  return unwrap(await api.GET('/api/coach/sales', { params: { query } }), LOAD_ERROR);
}

/** Only the filters that say something (an empty search is none). */
const subscriberParams = ({ status, search }: SubscribersFilter): SubscribersFilter => ({ ...(status ? { status } : {}), ...(search ? { search } : {}) });

export async function fetchSubscribers({ page, ...filter }: SubscribersQuery): Promise<SubscribersPage> {
  return unwrap(await api.GET('/api/coach/subscribers', { params: { query: { ...subscriberParams(filter), page } } }), LOAD_ERROR);
}

/** The CSV of the subscribers under these filters: a plain link, the session cookie goes along. */
export const subscribersCsvUrl = (filter: SubscribersFilter) => {
  const query = new URLSearchParams(subscriberParams(filter) as Record<string, string>).toString();
  return `/api/coach/subscribers.csv${query ? `?${query}` : ''}`;
};

export async function postAssign({ paymentId, email, productId }: AssignInput): Promise<{ sale: Sale; message: string }> {
  const result = await api.POST('/api/coach/sales/{paymentId}/assign', {
    params: { path: { paymentId } },
    body: { email, ...(productId ? { productId: productId as NonNullable<Query<'/api/coach/sales'>['productId']> } : {}) },
  });
  return { sale: unwrap(result, ASSIGN_ERROR), message: result.data?.message ?? '' };
}

/** The CSV of the sales under these filters: a plain link, the session cookie goes along. */
export const salesCsvUrl = (filter: SalesFilter) => {
  const query = new URLSearchParams(filterParams(filter) as Record<string, string>).toString();
  return `/api/coach/sales.csv${query ? `?${query}` : ''}`;
};

/** A plain link downloads it: the session cookie goes along and the server names the file. */
export const exportUrl = (id: string, format: 'json' | 'csv') => `/api/coach/learners/${encodeURIComponent(id)}/export?format=${format}`;

export const coachQueries = {
  all: () => ['coach'] as const,
  learners: (query: LearnersQuery) =>
    queryOptions({
      queryKey: [...coachQueries.all(), 'learners', query] as const,
      queryFn: () => fetchLearners(query),
      // The table stays while the next page or order loads.
      placeholderData: keepPreviousData,
    }),
  /** Everything of one learner: summary, journey, states. */
  learnerKey: (id: string) => [...coachQueries.all(), 'learner', id] as const,
  summary: (id: string) => queryOptions({ queryKey: [...coachQueries.learnerKey(id), 'summary'] as const, queryFn: () => fetchLearner(id) }),
  journey: (id: string) => queryOptions({ queryKey: [...coachQueries.learnerKey(id), 'journey'] as const, queryFn: () => fetchJourney(id) }),
  state: (id: string, at: number | undefined) =>
    queryOptions({
      queryKey: [...coachQueries.learnerKey(id), 'state', at ?? 'now'] as const,
      queryFn: () => fetchStateAt(id, at),
      // The past does not change: a position's state is fetched once. Scrubbing keeps the last one on screen.
      staleTime: at === undefined ? 0 : Infinity,
      placeholderData: keepPreviousData,
    }),
  funnel: (range: FunnelRange) =>
    queryOptions({
      queryKey: [...coachQueries.all(), 'funnel', range] as const,
      queryFn: () => fetchFunnel(range),
      placeholderData: keepPreviousData,
    }),
  salesKey: () => [...coachQueries.all(), 'sales'] as const,
  sales: (query: SalesQuery) =>
    queryOptions({
      queryKey: [...coachQueries.salesKey(), query] as const,
      queryFn: () => fetchSales(query),
      placeholderData: keepPreviousData,
    }),
  subscribers: (query: SubscribersQuery) =>
    queryOptions({
      queryKey: [...coachQueries.all(), 'subscribers', query] as const,
      queryFn: () => fetchSubscribers(query),
      placeholderData: keepPreviousData,
    }),
};

export const coachMutations = {
  addNote: () => mutationOptions({ mutationKey: [...coachQueries.all(), 'addNote'], mutationFn: postNote }),
  assignPayment: () => mutationOptions({ mutationKey: [...coachQueries.all(), 'assignPayment'], mutationFn: postAssign }),
};
