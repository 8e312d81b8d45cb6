// The catalogue folded from its stream over the spec's first values, and the decisions to change it (only valid
// changes, checked against the catalogue they would leave) or bring back an earlier version.
import {
  CATALOGUE_FIELDS,
  CATALOGUE_MESSAGES,
  checkCatalogueChange,
  type Catalogue,
  type CatalogueChangesT,
  type CatalogueField,
  type CatalogueProblem,
} from '../../course/catalogue';
import { InvalidError } from '../errors';
import { versionedValues, type VersionedCommand, type VersionedState } from '../store/versioned-values';
import { CatalogueChanged } from './catalogue.events';

export type CatalogueState = VersionedState<Catalogue, CatalogueChangesT>;
export type CatalogueCommand =
  { type: 'Change'; changes: Record<string, unknown>; eventId?: string } | Extract<VersionedCommand<Catalogue>, { type: 'Restore' }>;

const catalogue = versionedValues<CatalogueField, Catalogue, CatalogueChangesT>(CATALOGUE_FIELDS, CatalogueChanged, CATALOGUE_MESSAGES.versionNotFound);

export const catalogueFold = catalogue.fold;
export const catalogueAt = catalogue.valuesAt;

/** Bad input, every problem named (the first one as the message): nothing is written. */
export class CatalogueInvalidError extends InvalidError {
  constructor(readonly problems: CatalogueProblem[]) {
    super(problems.map((p) => p.message).join(' '));
  }
}

export function decideCatalogue(command: CatalogueCommand, state: CatalogueState, seed: Catalogue) {
  if (command.type === 'Restore') return catalogue.decide(command, state, seed);
  const checked = checkCatalogueChange(state.values, command.changes);
  if (!checked.ok) throw new CatalogueInvalidError(checked.problems);
  return catalogue.decide({ type: 'Change', changes: checked.changes as Partial<Catalogue>, eventId: command.eventId }, state, seed);
}
