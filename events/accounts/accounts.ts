// The account slice: state folded from a learner's stream, and pure decisions on it, behind one decider.
import { ConflictError, InvalidError, NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { applyRoleEvent, rolesOf, type RoleSources } from './role-sources';
import {
  DisplayNameChanged,
  EmailChanged,
  EmailChangeRequested,
  EmailChangeUndone,
  EmailVerified,
  PasswordChanged,
  PasswordResetRequested,
  RoleGranted,
  RoleRevoked,
  UserRegistered,
  VerificationRequested,
} from './accounts.events';

export interface AccountState {
  registered: boolean;
  verified: boolean;
  roles: readonly number[];
  /** Who grants each role (role-sources.ts): a role is held while something grants it. */
  roleSources: RoleSources;
  /** The name the account is greeted by (null before it is registered). */
  username: string | null;
}

export const initialAccountState: AccountState = { registered: false, verified: false, roles: [], roleSources: {}, username: null };

export function evolveAccount(state: AccountState, event: RecordedEvent): AccountState {
  if (UserRegistered.is(event)) return { ...state, registered: true, username: event.data.username };
  if (DisplayNameChanged.is(event)) return { ...state, username: event.data.username };
  if (EmailVerified.is(event)) return { ...state, verified: true };
  if (RoleGranted.is(event) || RoleRevoked.is(event)) {
    const roleSources = applyRoleEvent(state.roleSources, event);
    return { ...state, roleSources, roles: rolesOf(roleSources) };
  }
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
  // Granted again by another source (the coach after a payment): recorded, so that the role outlives a refund.
  return state.roleSources[String(role)]?.includes(by) ? [] : [RoleGranted.create({ userId, role, by })];
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

/** A reset link for an account that exists; for any other address nothing (the answer is the same). */
export function decideRequestPasswordReset(state: AccountState, userId: string): NewEvent[] {
  return state.registered ? [PasswordResetRequested.create({ userId })] : [];
}

/**
 * A new password from a reset link. The link reached the account's address, so an account not verified yet is
 * verified by it too: its owner can sign in with the new password at once.
 */
export function decideResetPassword(state: AccountState, userId: string): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  return [PasswordChanged.create({ userId, how: 'reset' }), ...(state.verified ? [] : [EmailVerified.create({ userId })])];
}

export const SAME_EMAIL_MESSAGE = 'Esa ya es la dirección de correo de tu cuenta.';

/** Moving to another address starts with a link mailed to it; the address itself stays out of the log until confirmed. */
export function decideRequestEmailChange(state: AccountState, command: { userId: string; newEmail: string; currentEmail: string }): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  if (sameAddress(command.newEmail, command.currentEmail)) throw new InvalidError(SAME_EMAIL_MESSAGE);
  return [EmailChangeRequested.create({ userId: command.userId })];
}

/** The new address confirmed: the account's address from now on (already it: nothing to record). */
export function decideConfirmEmailChange(state: AccountState, command: { userId: string; email: string; previousEmail: string }): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  const { userId, email, previousEmail } = command;
  if (sameAddress(email, previousEmail)) return [];
  return [EmailChanged.create({ userId, email: normalAddress(email), previousEmail: normalAddress(previousEmail) })];
}

/** The previous address back, from the undo link mailed to it (already back: nothing to record). */
export function decideUndoEmailChange(state: AccountState, command: { userId: string; email: string; currentEmail: string }): NewEvent[] {
  if (!state.registered) throw new NotFoundError('La cuenta no existe.');
  if (sameAddress(command.email, command.currentEmail)) return [];
  return [EmailChangeUndone.create({ userId: command.userId, email: normalAddress(command.email) })];
}

const normalAddress = (email: string) => email.trim().toLowerCase();
const sameAddress = (a: string, b: string) => normalAddress(a) === normalAddress(b);

type RoleChange = { userId: string; role: number; by: string };

export type AccountsCommand =
  | { type: 'Register'; userId: string; username: string; email: string; visitorId?: string; eventId?: string }
  | { type: 'Verify'; userId: string }
  | { type: 'RequestVerification'; userId: string }
  | (RoleChange & { type: 'GrantRole' })
  | (RoleChange & { type: 'RevokeRole' })
  | { type: 'ChangeName'; userId: string; username: string; eventId?: string }
  | { type: 'ChangePassword'; userId: string }
  | { type: 'RequestPasswordReset'; userId: string }
  | { type: 'ResetPassword'; userId: string }
  | { type: 'RequestEmailChange'; userId: string; newEmail: string; currentEmail: string }
  | { type: 'ConfirmEmailChange'; userId: string; email: string; previousEmail: string }
  | { type: 'UndoEmailChange'; userId: string; email: string; currentEmail: string };

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
    case 'RequestPasswordReset':
      return decideRequestPasswordReset(state, command.userId);
    case 'ResetPassword':
      return decideResetPassword(state, command.userId);
    case 'RequestEmailChange':
      return decideRequestEmailChange(state, command);
    case 'ConfirmEmailChange':
      return decideConfirmEmailChange(state, command);
    case 'UndoEmailChange':
      return decideUndoEmailChange(state, command);
    default: {
      const _never: never = command;
      throw new Error(`unknown accounts command: ${JSON.stringify(_never)}`);
    }
  }
}
