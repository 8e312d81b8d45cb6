// The placements folded from their stream, and the decisions to change them or bring back an earlier version.
import { PLACEMENT_MESSAGES, SLOT_IDS } from '../../course/placements';
import { versionedValues, type VersionedCommand, type VersionedState } from '../store/versioned-values';
import { MediaPlacementsChanged, type PlacementChangesT, type Placements } from './placements.events';

export type PlacementsState = VersionedState<Placements, PlacementChangesT>;
export type PlacementsCommand = VersionedCommand<Placements>;

/** A fresh install: every place keeps what the site ships. */
export const NO_PLACEMENTS: Placements = Object.fromEntries(SLOT_IDS.map((id) => [id, null]));

const placements = versionedValues<string, Placements, PlacementChangesT>(SLOT_IDS, MediaPlacementsChanged, PLACEMENT_MESSAGES.versionNotFound);

export const placementsFold = placements.fold(NO_PLACEMENTS);
export const decidePlacements = (command: PlacementsCommand, state: PlacementsState) => placements.decide(command, state, NO_PLACEMENTS);
