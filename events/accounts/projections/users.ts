// Inline read model of accounts: one row per user, keyed by user id (= the learner stream).
import { rowProjection } from '../../store/projection';
import { applyRoleEvent, rolesOf, type RoleSources } from '../role-sources';
import type { RecordedEvent } from '../../store/types';
import { DisplayNameChanged, EmailChanged, EmailChangeUndone, EmailVerified, RoleGranted, RoleRevoked, UserRegistered } from '../accounts.events';

export interface UserRow {
  [column: string]: string | number[] | RoleSources | null;
  user_id: string;
  username: string;
  email: string;
  profile_image: string | null;
  roles: number[];
  /** Who grants each role (role-sources.ts); `roles` are those with a source. */
  role_sources: RoleSources;
  email_verified_at: string | null;
  registered_at: string;
}

const userIdOf = (e: RecordedEvent) => (e.data as { userId?: string }).userId;

export function evolveUserRow(row: UserRow | undefined, event: RecordedEvent): UserRow | null {
  if (UserRegistered.is(event)) {
    return {
      user_id: event.data.userId,
      username: event.data.username,
      email: event.data.email,
      profile_image: null,
      roles: [],
      role_sources: {},
      email_verified_at: null,
      registered_at: event.recordedAt.toISOString(),
    };
  }
  if (!row) return null; // nothing to change for an account the log never registered
  if (EmailVerified.is(event)) return { ...row, email_verified_at: row.email_verified_at ?? event.recordedAt.toISOString() };
  if (RoleGranted.is(event) || RoleRevoked.is(event)) {
    const role_sources = applyRoleEvent(row.role_sources, event);
    return { ...row, role_sources, roles: rolesOf(role_sources) };
  }
  if (DisplayNameChanged.is(event)) return { ...row, username: event.data.username };
  if (EmailChanged.is(event) || EmailChangeUndone.is(event)) return { ...row, email: event.data.email };
  return row;
}

export const usersProjection = rowProjection<UserRow>({
  name: 'users',
  mode: 'inline',
  table: 'users',
  keyColumns: ['user_id'],
  eventTypes: [UserRegistered.type, EmailVerified.type, RoleGranted.type, RoleRevoked.type, DisplayNameChanged.type, EmailChanged.type, EmailChangeUndone.type],
  key: (e) => {
    const userId = userIdOf(e);
    return userId ? { user_id: userId } : undefined;
  },
  evolve: evolveUserRow,
});
