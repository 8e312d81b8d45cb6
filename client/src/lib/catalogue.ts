// What the sales pages do with the catalogue (lib/catalogue-source.ts reads it): the values, a price to show, a note
// on the spots left.
import { useContext } from 'react';
import { CATALOGUE_CURRENCY } from '../../../course/catalogue';
import { useOnceSource } from './once-source';
import { CatalogueSourceContext, createCatalogueSource, type CatalogueSource, type PublicCatalogue } from './catalogue-source';

export type { PublicCatalogue } from './catalogue-source';
let fallbackSource: CatalogueSource | undefined;

/** The visit's catalogue source (to tell it of a change made here). */
export const useCatalogueSource = () => useContext(CatalogueSourceContext) ?? (fallbackSource ??= createCatalogueSource());

/** The catalogue, or null while it loads (or when it could not be read). */
export function useCatalogue(): PublicCatalogue | null {
  return useOnceSource(useCatalogueSource());
}

type Money = { amount: number; currency: string };
/** An amount of the catalogue as a price to show (every price is in its one currency); none stays null. */
export function money(amount: number): Money;
export function money(amount: number | null | undefined): Money | null;
export function money(amount: number | null | undefined): Money | null {
  return amount == null ? null : { amount, currency: CATALOGUE_CURRENCY };
}

/** «Solo quedan 3 cupos» and the like; null when the coach shows no count. */
export function spotsNote(spots: number | null | undefined, noun: { one: string; many: string }): string | null {
  if (spots == null) return null;
  if (spots === 0) return `No quedan ${noun.many} por ahora: escríbeme y te aviso cuando se abran.`;
  return spots === 1 ? `Solo queda 1 ${noun.one}` : `Solo quedan ${spots} ${noun.many}`;
}
