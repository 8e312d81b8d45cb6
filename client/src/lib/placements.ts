// The coach's files in the places of the site (GET /api/placements, course/placements.ts): her voice in the
// meditation, each activity's video, the downloads, the retreat's photos. Asked once per visit by the first page
// that needs them; a place she has not filled is absent (the page keeps what the site ships, or shows nothing).
import { createContext, useContext } from 'react';
import { unwrap } from '../api/errors';
import { lightApi } from '../api/light-client';
import type { paths } from '../api/schema';
import { createOnceSource, useOnceSource, type OnceSource } from './once-source';

export type PublicPlacements = paths['/api/placements']['get']['responses'][200]['content']['application/json']['data'];
export type Placement = PublicPlacements['slots'][string];

const LOAD_FAILURE = 'No se pudieron cargar los archivos del sitio.';
const loadPlacements = async () => unwrap(await lightApi.GET('/api/placements'));

export const createPlacementsSource = (given?: PublicPlacements | null) => createOnceSource(loadPlacements, LOAD_FAILURE, given);

export type PlacementsSource = OnceSource<PublicPlacements>;
/** Tests and the desk (after a change) give their own; every other page shares the visit's. */
export const PlacementsSourceContext = createContext<PlacementsSource | null>(null);
let fallbackSource: PlacementsSource | undefined;

export const usePlacementsSource = () => useContext(PlacementsSourceContext) ?? (fallbackSource ??= createPlacementsSource());

/** Reads them again after the coach changed them: the pages opened from now on in this visit use her new files. */
export async function refreshPlacements(source: PlacementsSource): Promise<void> {
  try {
    source.set(await loadPlacements());
  } catch (error) {
    // Her change is saved; only this visit's pages keep the files they had until the next visit.
    console.error(LOAD_FAILURE, error);
  }
}

/** Every filled place, or null while they load (or when they could not be read); `enabled` false asks nothing. */
export function usePlacements(enabled = true): PublicPlacements['slots'] | null {
  return useOnceSource(usePlacementsSource(), enabled)?.slots ?? null;
}

/** One place's file, or null (not filled, or still loading). */
export function usePlacement(slotId: string, enabled = true): Placement | null {
  return usePlacements(enabled)?.[slotId] ?? null;
}
