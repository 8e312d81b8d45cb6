// The account slice: state folded from a learner's stream, and pure decisions on it.
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

export function decideRegister(state: AccountState, command: { userId: string; username: string; email: string; visitorId?: string }): NewEvent[] {
  if (state.registered) throw new ConflictError('Esta cuenta ya existe.');
  const { visitorId } = command;
  return [UserRegistered.create({ userId: command.userId, username: command.username.trim(), email: command.email.trim().toLowerCase(), ...(visitorId ? { visitorId } : {}) })];
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
  return state.roles.includes(command.role) ? [] : [RoleGranted.create(command)];
}

export function decideRevokeRole(state: AccountState, command: { userId: string; role: number; by: string }): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  return state.roles.includes(command.role) ? [RoleRevoked.create(command)] : [];
}
