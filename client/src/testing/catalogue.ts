// The catalogue for component tests: a fresh install's (the spec's prices and dates).
import { CATALOGUE_CURRENCY, DEFAULT_CATALOGUE } from '../../../course/catalogue';
import type { PublicCatalogue } from '../lib/catalogue-source';

export const TEST_CATALOGUE: PublicCatalogue = { ...DEFAULT_CATALOGUE, version: 0, currency: CATALOGUE_CURRENCY };
