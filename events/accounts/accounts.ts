// The account slice: state folded from a learner's stream, and pure decisions on it, behind one decider.
import { ConflictError, NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { EmailVerified, RoleGranted, RoleRevoked, UserRegistered, VerificationRequested } from './accounts.events';

export interface AccountState {
  registered: boolean;
  verified: boolean;
  roles: readonly number[];
}

export const initialAccountState: AccountState = { registered: false, verified: false, roles: [] };

export function evolveAccount(state: AccountState, event: RecordedEvent): AccountState {
  if (UserRegistered.is(event)) return { ...state, registered: true };
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

type RoleChange = { userId: string; role: number; by: string };

export type AccountsCommand =
  | { type: 'Register'; userId: string; username: string; email: string; visitorId?: string; eventId?: string }
  | { type: 'Verify'; userId: string }
  | { type: 'RequestVerification'; userId: string }
  | (RoleChange & { type: 'GrantRole' })
  | (RoleChange & { type: 'RevokeRole' });

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
    default: {
      const _never: never = command;
      throw new Error(`unknown accounts command: ${JSON.stringify(_never)}`);
    }
  }
}
