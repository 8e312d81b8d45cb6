import { describe, expect, it } from 'vitest';
import { recorded } from '../../tests/setup/recorded';
import { ConflictError, NotFoundError } from '../errors';
import { describeEvent } from '../coach/describe';
import { createCatalog } from '../registry';
import type { NewEvent } from '../store/types';
import {
  decideAccounts,
  decideChangeName,
  decideChangePassword,
  decideGrantRole,
  decideRegister,
  decideRequestVerification,
  decideRevokeRole,
  decideVerify,
  evolveAccount,
  initialAccountState,
  type AccountState,
} from './accounts';
import {
  DisplayNameChanged,
  EmailVerified,
  learnerStreamId,
  PasswordChanged,
  RoleGranted,
  RoleRevoked,
  ROLES,
  UserRegistered,
  VerificationRequested,
} from './accounts.events';

const userId = '0190a5b4-7c1e-7a2b-8c3d-4e5f60718293';
const stream = learnerStreamId(userId);
const register = { userId, username: 'ana_maria', email: 'ana@example.com' };
const by = 'admin';

/** Turns decided events into recorded ones, as the store would, and folds them into the state. */
function apply(state: AccountState, events: NewEvent[]): AccountState {
  return events.map((e) => recorded(e.type, e.data, { streamId: stream })).reduce(evolveAccount, state);
}

const registered = () => apply(initialAccountState, decideRegister(initialAccountState, register));
const verified = () => apply(registered(), decideVerify(registered(), userId));

/** Every decided event must be one the store accepts. */
const catalog = createCatalog();
const expectStorable = (events: NewEvent[]) => {
  for (const e of events) expect(() => catalog.validate(e)).not.toThrow();
};

describe('evolveAccount', () => {
  it('starts unregistered, unverified, without roles', () => {
    expect(initialAccountState).toEqual({ registered: false, verified: false, roles: [], roleSources: {}, username: null });
  });

  it('folds registration, verification, role grants and revocations', () => {
    const events = [
      recorded(UserRegistered.type, register),
      recorded(EmailVerified.type, { userId }),
      recorded(RoleGranted.type, { userId, role: ROLES.coach, by }),
      recorded(RoleGranted.type, { userId, role: ROLES.premium, by }),
      recorded(RoleGranted.type, { userId, role: ROLES.coach, by }),
      recorded(RoleRevoked.type, { userId, role: ROLES.coach, by }),
    ];
    const states = events.reduce<AccountState[]>((acc, e) => [...acc, evolveAccount(acc.at(-1)!, e)], [initialAccountState]);
    expect(states.map((s) => [s.registered, s.verified, s.roles])).toEqual([
      [false, false, []],
      [true, false, []],
      [true, true, []],
      [true, true, [ROLES.coach]],
      [true, true, [ROLES.premium, ROLES.coach]],
      [true, true, [ROLES.premium, ROLES.coach]], // a second grant of the same role by the same source adds nothing
      [true, true, [ROLES.premium]],
    ]);
  });

  it('never mutates the state it is given', () => {
    const before = Object.freeze({
      registered: true,
      verified: false,
      roles: Object.freeze([ROLES.premium]) as readonly number[],
      roleSources: Object.freeze({ [ROLES.premium]: ['cli'] }),
      username: 'Ana',
    });
    const after = evolveAccount(before, recorded(RoleGranted.type, { userId, role: ROLES.coach, by }));
    expect(after).not.toBe(before);
    expect(before.roles).toEqual([ROLES.premium]);
    expect(after.roles).toEqual([ROLES.premium, ROLES.coach]);
  });

  it('leaves the state unchanged for VerificationRequested and events of other slices', () => {
    const state = registered();
    expect(evolveAccount(state, recorded(VerificationRequested.type, { userId }))).toBe(state);
    expect(evolveAccount(state, recorded('LeadCaptured', { email: 'ana@example.com' }))).toBe(state);
  });

  it('revoking a role that is not held keeps the roles', () => {
    const state = apply(registered(), decideGrantRole(registered(), { userId, role: ROLES.premium, by }));
    expect(evolveAccount(state, recorded(RoleRevoked.type, { userId, role: ROLES.coach, by })).roles).toEqual([ROLES.premium]);
  });
});

describe('decideRegister', () => {
  it('records one UserRegistered with the e-mail lower-cased and trimmed, and the username trimmed', () => {
    const events = decideRegister(initialAccountState, { userId, username: '  Ana_Maria ', email: '  Ana.Perez@Example.COM ' });
    expect(events).toEqual([{ type: UserRegistered.type, data: { userId, username: 'Ana_Maria', email: 'ana.perez@example.com' } }]);
    expectStorable(events);
  });

  it('keeps the case of the username (only the e-mail is normalised)', () => {
    expect(decideRegister(initialAccountState, { ...register, username: 'AnaMaría' })[0]!.data).toMatchObject({ username: 'AnaMaría' });
  });

  it('refuses a second registration of the same account with a 409', () => {
    const state = registered();
    expect(state.registered).toBe(true);
    expect(() => decideRegister(state, register)).toThrow(ConflictError);
    expect(() => decideRegister(state, { ...register, email: 'otra@example.com' })).toThrow('Esta cuenta ya existe.');
  });
});

describe('decideVerify', () => {
  it('records EmailVerified for a registered, unverified account', () => {
    const events = decideVerify(registered(), userId);
    expect(events).toEqual([{ type: EmailVerified.type, data: { userId } }]);
    expectStorable(events);
  });

  it('records nothing the second time', () => {
    const state = verified();
    expect(state.verified).toBe(true);
    expect(decideVerify(state, userId)).toEqual([]);
  });

  it('refuses an account that does not exist', () => {
    expect(() => decideVerify(initialAccountState, userId)).toThrow(NotFoundError);
  });
});

describe('decideRequestVerification', () => {
  it('records VerificationRequested for a registered, unverified account, every time it is asked', () => {
    const events = decideRequestVerification(registered(), userId);
    expect(events).toEqual([{ type: VerificationRequested.type, data: { userId } }]);
    expectStorable(events);
    const again = apply(registered(), events);
    expect(decideRequestVerification(again, userId)).toHaveLength(1);
  });

  it('records nothing for a verified account or an unknown one (the same answer, no error)', () => {
    expect(decideRequestVerification(verified(), userId)).toEqual([]);
    expect(decideRequestVerification(initialAccountState, userId)).toEqual([]);
  });
});

describe('decideGrantRole / decideRevokeRole', () => {
  it('grants a role not held, and granting it again records nothing (idempotent)', () => {
    const grant = { userId, role: ROLES.premium, by };
    const events = decideGrantRole(verified(), grant);
    expect(events).toEqual([{ type: RoleGranted.type, data: grant }]);
    expectStorable(events);
    const state = apply(verified(), events);
    expect(decideGrantRole(state, grant)).toEqual([]);
    // Another role is still granted.
    expect(decideGrantRole(state, { ...grant, role: ROLES.coach })).toHaveLength(1);
  });

  it('revokes a held role, and revoking it again (or a role never held) records nothing', () => {
    const held = apply(verified(), decideGrantRole(verified(), { userId, role: ROLES.coach, by }));
    const revoke = { userId, role: ROLES.coach, by };
    const events = decideRevokeRole(held, revoke);
    expect(events).toEqual([{ type: RoleRevoked.type, data: revoke }]);
    expectStorable(events);
    const after = apply(held, events);
    expect(after.roles).toEqual([]);
    expect(decideRevokeRole(after, revoke)).toEqual([]);
    expect(decideRevokeRole(held, { ...revoke, role: ROLES.premium })).toEqual([]);
  });

  it('refuses grants and revocations for an account that does not exist', () => {
    expect(() => decideGrantRole(initialAccountState, { userId, role: ROLES.premium, by })).toThrow(NotFoundError);
    expect(() => decideRevokeRole(initialAccountState, { userId, role: ROLES.premium, by })).toThrow(NotFoundError);
  });

  it('a role outside the known ones cannot be stored', () => {
    const events = decideGrantRole(verified(), { userId, role: 8, by });
    expect(() => catalog.validate(events[0]!)).toThrow(/RoleGranted/);
  });
});

describe('decideAccounts', () => {
  it('decides each command with its rule, and every event it decides is one the store accepts', () => {
    const signup = decideAccounts({ type: 'Register', ...register, eventId: '00000000-0000-4000-8000-000000000001' }, initialAccountState);
    expect(signup.map((e) => [e.type, e.eventId])).toEqual([[UserRegistered.type, '00000000-0000-4000-8000-000000000001']]);
    const grant = decideAccounts({ type: 'GrantRole', userId, role: ROLES.coach, by }, verified());
    expect(grant.map((e) => e.data)).toEqual([{ userId, role: ROLES.coach, by }]);
    const revoke = decideAccounts({ type: 'RevokeRole', userId, role: ROLES.coach, by }, apply(verified(), grant));
    const verify = decideAccounts({ type: 'Verify', userId }, registered());
    const link = decideAccounts({ type: 'RequestVerification', userId }, registered());
    expect([revoke, verify, link].map((events) => events.map((e) => e.type))).toEqual([[RoleRevoked.type], [EmailVerified.type], [VerificationRequested.type]]);
    expectStorable([...signup, ...grant, ...revoke, ...verify, ...link]);
  });

  it('a signup sent again under its Idempotency-Key finds its own account and records nothing; without a key it is refused', () => {
    expect(decideAccounts({ type: 'Register', ...register, eventId: '00000000-0000-4000-8000-000000000001' }, registered())).toEqual([]);
    expect(() => decideAccounts({ type: 'Register', ...register }, registered())).toThrow(new ConflictError('Esta cuenta ya existe.'));
  });
});

describe('display names and passwords', () => {
  it('a name change records the new plain name, and the fold greets by it; the same name again records nothing', () => {
    const events = decideChangeName(verified(), { userId, username: 'María José' });
    expect(events.map((e) => [e.type, e.data])).toEqual([[DisplayNameChanged.type, { userId, username: 'María José' }]]);
    expectStorable(events);
    const renamed = apply(verified(), events);
    expect(renamed.username).toBe('María José');
    expect(decideChangeName(renamed, { userId, username: 'María José' })).toEqual([]);
    expect(() => decideChangeName(initialAccountState, { userId, username: 'Ana' })).toThrow(NotFoundError);
  });

  it('names of the old username rule still parse in UserRegistered; a new name must be a plain one', () => {
    for (const username of ['ana_maria', 'lucia.sol', 'user42', 'María José', "O'Brien"]) {
      expect(() => catalog.validate(UserRegistered.create({ userId, username, email: 'ana@example.com' })), username).not.toThrow();
    }
    for (const username of ['ana_maria', 'lucia.sol', '12345', '<b>', 'a']) {
      expect(() => catalog.validate(DisplayNameChanged.create({ userId, username })), username).toThrow(/DisplayNameChanged/);
    }
  });

  it('a password change is PasswordChanged, how "changed", with no secret in it', () => {
    const events = decideAccounts({ type: 'ChangePassword', userId }, verified());
    expect(events.map((e) => [e.type, e.data])).toEqual([[PasswordChanged.type, { userId, how: 'changed' }]]);
    expectStorable(events);
    expect(() => decideChangePassword(initialAccountState, userId)).toThrow(NotFoundError);
  });

  it('the coach reads both in plain Spanish', () => {
    expect(describeEvent(recorded(DisplayNameChanged.type, { userId, username: 'Zoë' }))).toBe('Cambió su nombre a «Zoë»');
    expect(describeEvent(recorded(PasswordChanged.type, { userId, how: 'changed' }))).toBe('Cambió su contraseña');
  });
});
