// Erasure decisions: a learner deleting their account forgets them and every address their account has had (as a
// lead address too); a lead address without an account is forgotten from its unsubscribe link. Pure: the subjects'
// ids (a keyed hash for an address) come in on the command.
import { EmailChanged, EmailChangeUndone, UserRegistered } from '../accounts/accounts.events';
import { normaliseAddress } from '../store/keyring';
import type { NewEvent, RecordedEvent } from '../store/types';
import { PersonForgotten } from './erasure.events';

export interface ErasureState {
  /** Every address the account has had, normalised (an e-mail change adds its addresses here). */
  addresses: ReadonlySet<string>;
  forgotten: ReadonlySet<string>;
}

export const initialErasureState: ErasureState = { addresses: new Set(), forgotten: new Set() };

export function evolveErasure(state: ErasureState, event: RecordedEvent): ErasureState {
  if (PersonForgotten.is(event)) return { ...state, forgotten: new Set(state.forgotten).add(event.data.subject) };
  // A redacted event's addresses are gone already (their lead subjects were forgotten with them).
  if (event.redacted) return state;
  const had = (...addresses: string[]) => ({ ...state, addresses: new Set([...state.addresses, ...addresses.map(normaliseAddress)]) });
  if (UserRegistered.is(event) || EmailChangeUndone.is(event)) return had(event.data.email);
  if (EmailChanged.is(event)) return had(event.data.email, event.data.previousEmail);
  return state;
}

export const erasureFold = { initial: initialErasureState, evolve: evolveErasure };

export type ErasureCommand =
  /** `subjectOf(address)`: the lead subject of an address; `user`: the learner's subject. */
  { type: 'ForgetAccount'; user: string; currentEmail: string; subjectOf: (address: string) => string } | { type: 'ForgetLead'; subject: string };

/** The addresses a deleted account's lead subjects come from: every one it has had, the current one included. */
export const addressesToForget = (state: ErasureState, currentEmail: string) => [...new Set([...state.addresses, normaliseAddress(currentEmail)])];

export function decideErasure(command: ErasureCommand, state: ErasureState): NewEvent[] {
  switch (command.type) {
    case 'ForgetAccount': {
      const subjects = [command.user, ...addressesToForget(state, command.currentEmail).map(command.subjectOf)];
      return subjects.filter((subject) => !state.forgotten.has(subject)).map((subject) => PersonForgotten.create({ subject }));
    }
    case 'ForgetLead':
      // Always: the address may have come back (new consent, a new key) since it was last forgotten.
      return [PersonForgotten.create({ subject: command.subject })];
    default: {
      const unknown: never = command;
      throw new Error(`unknown erasure command ${(unknown as { type: string }).type}`);
    }
  }
}
