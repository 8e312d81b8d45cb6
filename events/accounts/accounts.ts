// The account slice: state folded from a learner's stream, and pure decisions on it, behind one decider.
import { ConflictError, NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { DisplayNameChanged, EmailVerified, PasswordChanged, RoleGranted, RoleRevoked, UserRegistered, VerificationRequested } from './accounts.events';

export interface AccountState {
  registered: boolean;
  verified: boolean;
  roles: readonly number[];
  /** The name the account is greeted by (null before it is registered). */
  username: string | null;
}

export const initialAccountState: AccountState = { registered: false, verified: false, roles: [], username: null };

export function evolveAccount(state: AccountState, event: RecordedEvent): AccountState {
  if (UserRegistered.is(event)) return { ...state, registered: true, username: event.data.username };
  if (DisplayNameChanged.is(event)) return { ...state, username: event.data.username };
  if (EmailVerified.is(event)) return { ...state, verified: true };
  if (RoleGranted.is(event)) return state.roles.includes(event.data.role) ? state : { ...state, roles: [...state.roles, event.data.role] };
  if (RoleRevoked.is(event)) return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
  return state;
}

/**
 * A new account. Under a request's Idempotency-Key (`eventId`) the account's id comes from the key, so an
 * account already registered is that request's own, sent again: there is nothing more to record.
 */
export function decideRegister(
  state: AccountState,
  command: { userId: string; username: string; email: string; visitorId?: string; eventId?: string },
): NewEvent[] {
  if (state.registered) {
    if (command.eventId) return [];
    throw new ConflictError('Esta cuenta ya existe.');
  }
  const { visitorId } = command;
  return [
    UserRegistered.create(
      { userId: command.userId, username: command.username.trim(), email: command.email.trim().toLowerCase(), ...(visitorId ? { visitorId } : {}) },
      { eventId: command.eventId },
    ),
  ];
}

/** Verifying twice is harmless: the second time records nothing. */
export function decideVerify(state: AccountState, userId: string): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  return state.verified ? [] : [EmailVerified.create({ userId })];
}

/** A new link only for an account that still needs one; otherwise nothing (the answer is the same). */
export function decideRequestVerification(state: AccountState, userId: string): NewEvent[] {
  return state.registered && !state.verified ? [VerificationRequested.create({ userId })] : [];
}

export function decideGrantRole(state: AccountState, command: { userId: string; role: number; by: string }): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  const { userId, role, by } = command;
  return state.roles.includes(role) ? [] : [RoleGranted.create({ userId, role, by })];
}

export function decideRevokeRole(state: AccountState, command: { userId: string; role: number; by: string }): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  const { userId, role, by } = command;
  return state.roles.includes(role) ? [RoleRevoked.create({ userId, role, by })] : [];
}

/** `username`: already a plain name (the route checks and normalises it). The same name again records nothing. */
export function decideChangeName(state: AccountState, command: { userId: string; username: string; eventId?: string }): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  if (state.username === command.username) return [];
  return [DisplayNameChanged.create({ userId: command.userId, username: command.username }, { eventId: command.eventId })];
}

/**
 * The owner replaced the password, having given the current one (checked before: the hash is no event's). The new
 * hash, the end of the other sessions and the notice mail go with this event, in its transaction.
 */
export function decideChangePassword(state: AccountState, userId: string): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  return [PasswordChanged.create({ userId, how: 'changed' })];
}

type RoleChange = { userId: string; role: number; by: string };

export type AccountsCommand =
  | { type: 'Register'; userId: string; username: string; email: string; visitorId?: string; eventId?: string }
  | { type: 'Verify'; userId: string }
  | { type: 'RequestVerification'; userId: string }
  | (RoleChange & { type: 'GrantRole' })
  | (RoleChange & { type: 'RevokeRole' })
  | { type: 'ChangeName'; userId: string; username: string; eventId?: string }
  | { type: 'ChangePassword'; userId: string };

export function decideAccounts(command: AccountsCommand, state: AccountState): NewEvent[] {
  switch (command.type) {
    case 'Register':
      return decideRegister(state, command);
    case 'Verify':
      return decideVerify(state, command.userId);
    case 'RequestVerification':
      return decideRequestVerification(state, command.userId);
    case 'GrantRole':
      return decideGrantRole(state, command);
    case 'RevokeRole':
      return decideRevokeRole(state, command);
    case 'ChangeName':
      return decideChangeName(state, command);
    case 'ChangePassword':
      return decideChangePassword(state, command.userId);
    default: {
      const _never: never = command;
      throw new Error(`unknown accounts command: ${JSON.stringify(_never)}`);
    }
  }
}
