// The sales ledger's words: states, products, buyers and the page a buyer came from, as the coach reads them.
import { isProductId, PRODUCTS, SALE_STATE_NAMES, SALE_STATES } from '../../../../../course/products';
import type { Sale, SaleState } from '../api/coach-queries';
import { pageLabel } from './funnel';

export { SALE_STATES };
export const stateLabel = (state: SaleState) => SALE_STATE_NAMES[state];

/** A product's name; a held payment that names none is «Sin producto». */
export const productLabel = (id: string) => (isProductId(id) ? PRODUCTS[id].name : id === '' ? 'Sin producto' : id);

export const PRODUCT_CHOICES = Object.entries(PRODUCTS).map(([id, p]) => ({ id: id as keyof typeof PRODUCTS, name: p.name }));

export const FORGOTTEN = 'Persona eliminada';

/** Who bought, in two lines: a name (or what kind of buyer) and an address. */
export function buyerLines(buyer: Sale['buyer']): { name: string; email: string | null } {
  if (!buyer) return { name: 'Nadie todavía', email: null };
  if (buyer.kind === 'account') return buyer.name === null ? { name: FORGOTTEN, email: null } : { name: buyer.name, email: buyer.email };
  return buyer.email === null ? { name: FORGOTTEN, email: null } : { name: 'Sin cuenta', email: buyer.email };
}

/** The lead page the buyer first came from, or a dash. */
export const funnelLabel = (funnel: Sale['funnel']) => (funnel ? `${pageLabel(funnel.page)}${funnel.section ? ` · ${funnel.section}` : ''}` : '—');

const money = new Map<string, Intl.NumberFormat>();
/** An amount in its currency, as Spanish writes it. */
export function formatMoney(amount: number, currency: string): string {
  let format = money.get(currency);
  if (!format) money.set(currency, (format = new Intl.NumberFormat('es', { style: 'currency', currency })));
  return format.format(amount);
}
