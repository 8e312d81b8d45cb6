// The catalogue (GET /api/catalogue): every price, crossed-out price, spot count and date the sales pages show, the
// same the checkout charges, read at run time once per visit. While it loads (or if it cannot be read) a page shows
// no price rather than a wrong one. Only the source lives here (the app's providers hold it, in the first chunk);
// what pages do with it is lib/catalogue.ts, loaded with them.
import { createContext } from 'react';
import { unwrap } from '../api/errors';
import { lightApi } from '../api/light-client';
import type { paths } from '../api/schema';
import { createOnceSource, type OnceSource } from './once-source';

export type PublicCatalogue = paths['/api/catalogue']['get']['responses'][200]['content']['application/json']['data'];

export const createCatalogueSource = (given?: PublicCatalogue | null) =>
  createOnceSource(async () => unwrap(await lightApi.GET('/api/catalogue')), 'No se pudo cargar el catálogo.', given);

export type CatalogueSource = OnceSource<PublicCatalogue>;
export const CatalogueSourceContext = createContext<CatalogueSource | null>(null);
