import { describe, expect, it } from 'vitest';
import { recorded } from '../../../tests/setup/recorded';
import {
  DisplayNameChanged,
  EmailChanged,
  EmailChangeRequested,
  EmailChangeUndone,
  EmailVerified,
  learnerStreamId,
  PasswordChanged,
  RoleGranted,
  RoleRevoked,
  ROLES,
  UserRegistered,
  VerificationRequested,
} from '../accounts.events';
import { evolveUserRow, usersProjection, type UserRow } from './users';

const userId = '0190a5b4-7c1e-7a2b-8c3d-4e5f60718293';
const stream = learnerStreamId(userId);
const by = 'admin';
const at = (iso: string) => ({ recordedAt: new Date(iso), streamId: stream });

const registeredAt = '2026-03-01T10:00:00.000Z';
const registeredEvent = () => recorded(UserRegistered.type, { userId, username: 'Ana_Maria', email: 'ana@example.com' }, at(registeredAt));
const grant = (role: number) => recorded(RoleGranted.type, { userId, role, by }, at('2026-03-03T00:00:00Z'));
const revoke = (role: number) => recorded(RoleRevoked.type, { userId, role, by }, at('2026-03-04T00:00:00Z'));

function fold(events: ReturnType<typeof recorded>[], start?: UserRow): UserRow | null {
  let row: UserRow | null | undefined = start;
  for (const e of events) row = evolveUserRow(row ?? undefined, e);
  return row ?? null;
}

const base = (): UserRow => evolveUserRow(undefined, registeredEvent())!;

describe('evolveUserRow', () => {
  it('UserRegistered creates the row: no image, no roles, unverified, registered at the event time', () => {
    expect(base()).toEqual({
      user_id: userId,
      username: 'Ana_Maria',
      email: 'ana@example.com',
      profile_image: null,
      roles: [],
      role_sources: {},
      email_verified_at: null,
      registered_at: registeredAt,
    });
  });

  it('an event for an account the log never registered writes no row', () => {
    for (const e of [recorded(EmailVerified.type, { userId }), grant(ROLES.premium), revoke(ROLES.premium)]) {
      expect(evolveUserRow(undefined, e)).toBeNull();
    }
  });

  it('EmailVerified sets the verification time once: a later EmailVerified keeps the first', () => {
    const first = recorded(EmailVerified.type, { userId }, at('2026-03-02T08:30:00Z'));
    const second = recorded(EmailVerified.type, { userId }, at('2026-03-09T12:00:00Z'));
    const row = fold([registeredEvent(), first, second]);
    expect(row!.email_verified_at).toBe('2026-03-02T08:30:00.000Z');
    expect(row!.registered_at).toBe(registeredAt);
  });

  it('keeps roles sorted and without duplicates, whatever the order of the grants', () => {
    expect(fold([registeredEvent(), grant(ROLES.coach), grant(ROLES.premium)])!.roles).toEqual([ROLES.premium, ROLES.coach]);
    expect(fold([registeredEvent(), grant(ROLES.premium), grant(ROLES.coach), grant(ROLES.premium), grant(ROLES.coach)])!.roles).toEqual([
      ROLES.premium,
      ROLES.coach,
    ]);
    // A row read back gives its roles from its sources, sorted, with the next grant.
    expect(evolveUserRow({ ...base(), roles: [ROLES.coach], role_sources: { [ROLES.coach]: ['cli'] } }, grant(ROLES.premium))!.roles).toEqual([
      ROLES.premium,
      ROLES.coach,
    ]);
  });

  it('RoleRevoked removes the role; revoking a role not held changes nothing', () => {
    const both = fold([registeredEvent(), grant(ROLES.premium), grant(ROLES.coach)])!;
    expect(evolveUserRow(both, revoke(ROLES.coach))!.roles).toEqual([ROLES.premium]);
    expect(fold([revoke(ROLES.coach), revoke(ROLES.premium)], both)!.roles).toEqual([]);
    const onlyPremium = fold([registeredEvent(), grant(ROLES.premium)])!;
    expect(evolveUserRow(onlyPremium, revoke(ROLES.coach))).toEqual(onlyPremium);
  });

  it('a grant, revoke and grant again ends with the role', () => {
    expect(fold([registeredEvent(), grant(ROLES.premium), revoke(ROLES.premium), grant(ROLES.premium)])!.roles).toEqual([ROLES.premium]);
  });

  it('is pure: the row it is given is never changed', () => {
    const row = Object.freeze({ ...base(), roles: Object.freeze([ROLES.premium]) as unknown as number[] });
    const snapshot = structuredClone(row);
    const after = fold([grant(ROLES.coach), revoke(ROLES.premium), recorded(EmailVerified.type, { userId }, at('2026-03-05T00:00:00Z'))], row);
    expect(row).toEqual(snapshot);
    expect(after).toMatchObject({ roles: [ROLES.coach], email_verified_at: '2026-03-05T00:00:00.000Z' });
  });

  it('DisplayNameChanged replaces the name, and nothing else', () => {
    const row = base();
    const renamed = evolveUserRow(row, recorded(DisplayNameChanged.type, { userId, username: 'Ana-Lucía' }, at('2026-03-05T00:00:00Z')));
    expect(renamed).toEqual({ ...row, username: 'Ana-Lucía' });
  });

  it('leaves the row as it is for events it does not model', () => {
    const row = base();
    expect(evolveUserRow(row, recorded(VerificationRequested.type, { userId }))).toBe(row);
  });
});

describe('evolveUserRow: a change of address', () => {
  const changed = recorded(EmailChanged.type, { userId, email: 'nueva@example.com', previousEmail: 'ana@example.com' }, at('2026-03-05T00:00:00Z'));
  const undone = recorded(EmailChangeUndone.type, { userId, email: 'ana@example.com' }, at('2026-03-06T00:00:00Z'));

  it('EmailChanged gives the account its new address, and keeps everything else', () => {
    expect(fold([changed], base())).toEqual({ ...base(), email: 'nueva@example.com' });
  });

  it('EmailChangeUndone gives the previous address back', () => {
    expect(fold([changed, undone], base())).toEqual(base());
  });

  it('neither writes a row for an account the log never registered', () => {
    expect(evolveUserRow(undefined, changed)).toBeNull();
    expect(evolveUserRow(undefined, undone)).toBeNull();
  });
});

describe('usersProjection', () => {
  it('is inline, owns the users table, and listens to the seven account events that change a row', () => {
    expect(usersProjection.mode).toBe('inline');
    expect(usersProjection.tables).toEqual(['users']);
    expect([...usersProjection.eventTypes].sort()).toEqual(
      [EmailVerified.type, RoleGranted.type, RoleRevoked.type, UserRegistered.type, DisplayNameChanged.type, EmailChanged.type, EmailChangeUndone.type].sort(),
    );
    for (const type of [VerificationRequested.type, EmailChangeRequested.type, PasswordChanged.type]) expect(usersProjection.eventTypes).not.toContain(type);
  });
});
