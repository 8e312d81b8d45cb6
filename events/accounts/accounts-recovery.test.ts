// The deciders of password recovery and of a change of address: pure, with what they need passed in.
import { describe, expect, it } from 'vitest';
import { recorded } from '../../tests/setup/recorded';
import { InvalidError, NotFoundError } from '../errors';
import { createCatalog } from '../registry';
import type { NewEvent } from '../store/types';
import {
  decideAccounts,
  decideConfirmEmailChange,
  decideRegister,
  decideRequestEmailChange,
  decideRequestPasswordReset,
  decideResetPassword,
  decideUndoEmailChange,
  decideVerify,
  evolveAccount,
  initialAccountState,
  SAME_EMAIL_MESSAGE,
  type AccountState,
} from './accounts';
import {
  EmailChanged,
  EmailChangeRequested,
  EmailChangeUndone,
  EmailVerified,
  learnerStreamId,
  PasswordChanged,
  PasswordResetRequested,
} from './accounts.events';

const userId = '0190a5b4-7c1e-7a2b-8c3d-4e5f60718293';
const stream = learnerStreamId(userId);
const apply = (state: AccountState, events: NewEvent[]) => events.map((e) => recorded(e.type, e.data, { streamId: stream })).reduce(evolveAccount, state);
const registered = () => apply(initialAccountState, decideRegister(initialAccountState, { userId, username: 'ana', email: 'ana@example.com' }));
const verified = () => apply(registered(), decideVerify(registered(), userId));

const catalog = createCatalog();
const expectStorable = (events: NewEvent[]) => {
  for (const e of events) expect(() => catalog.validate(e)).not.toThrow();
};

describe('decideRequestPasswordReset', () => {
  it('records PasswordResetRequested for an account, with its id only', () => {
    const events = decideRequestPasswordReset(verified(), userId);
    expect(events).toEqual([{ type: PasswordResetRequested.type, data: { userId } }]);
    expectStorable(events);
  });

  it('records nothing for an account that does not exist (the answer is the same)', () => {
    expect(decideRequestPasswordReset(initialAccountState, userId)).toEqual([]);
  });
});

describe('decideResetPassword', () => {
  it("records PasswordChanged with how: 'reset'", () => {
    const events = decideResetPassword(verified(), userId);
    expect(events).toEqual([{ type: PasswordChanged.type, data: { userId, how: 'reset' } }]);
    expectStorable(events);
  });

  it('verifies an account that was not verified yet: the link reached its address', () => {
    const events = decideResetPassword(registered(), userId);
    expect(events.map((e) => e.type)).toEqual([PasswordChanged.type, EmailVerified.type]);
    expect(apply(registered(), events).verified).toBe(true);
  });

  it('refuses an account that does not exist', () => {
    expect(() => decideResetPassword(initialAccountState, userId)).toThrow(NotFoundError);
  });
});

describe('decideRequestEmailChange', () => {
  it('records EmailChangeRequested without the address', () => {
    const events = decideRequestEmailChange(verified(), { userId, newEmail: 'nueva@example.com', currentEmail: 'ana@example.com' });
    expect(events).toEqual([{ type: EmailChangeRequested.type, data: { userId } }]);
    expectStorable(events);
  });

  it('refuses the address the account already has, in any case (400, Spanish)', () => {
    expect(() => decideRequestEmailChange(verified(), { userId, newEmail: ' ANA@Example.com', currentEmail: 'ana@example.com' })).toThrow(
      new InvalidError(SAME_EMAIL_MESSAGE),
    );
  });

  it('refuses an account that does not exist', () => {
    expect(() => decideRequestEmailChange(initialAccountState, { userId, newEmail: 'a@example.com', currentEmail: 'b@example.com' })).toThrow(NotFoundError);
  });
});

describe('decideConfirmEmailChange / decideUndoEmailChange', () => {
  it('records EmailChanged with both addresses, lower-cased', () => {
    const events = decideConfirmEmailChange(verified(), { userId, email: 'Nueva@Example.com', previousEmail: 'ana@example.com' });
    expect(events).toEqual([{ type: EmailChanged.type, data: { userId, email: 'nueva@example.com', previousEmail: 'ana@example.com' } }]);
    expectStorable(events);
  });

  it('records nothing when the account already has that address', () => {
    expect(decideConfirmEmailChange(verified(), { userId, email: 'ana@example.com', previousEmail: 'ANA@example.com' })).toEqual([]);
    expect(decideUndoEmailChange(verified(), { userId, email: 'ana@example.com', currentEmail: 'ana@example.com' })).toEqual([]);
  });

  it('records EmailChangeUndone with the address given back', () => {
    const events = decideUndoEmailChange(verified(), { userId, email: 'ana@example.com', currentEmail: 'nueva@example.com' });
    expect(events).toEqual([{ type: EmailChangeUndone.type, data: { userId, email: 'ana@example.com' } }]);
    expectStorable(events);
  });

  it('refuses an account that does not exist', () => {
    expect(() => decideConfirmEmailChange(initialAccountState, { userId, email: 'a@example.com', previousEmail: 'b@example.com' })).toThrow(NotFoundError);
    expect(() => decideUndoEmailChange(initialAccountState, { userId, email: 'a@example.com', currentEmail: 'b@example.com' })).toThrow(NotFoundError);
  });

  it('none of these events changes the folded state of the account (its address lives in the read model)', () => {
    const state = verified();
    for (const e of [
      recorded(PasswordResetRequested.type, { userId }),
      recorded(PasswordChanged.type, { userId, how: 'reset' }),
      recorded(EmailChangeRequested.type, { userId }),
      recorded(EmailChanged.type, { userId, email: 'nueva@example.com', previousEmail: 'ana@example.com' }),
      recorded(EmailChangeUndone.type, { userId, email: 'ana@example.com' }),
    ])
      expect(evolveAccount(state, e)).toBe(state);
  });
});

describe('decideAccounts routes the new commands', () => {
  it('to their rules', () => {
    const types = [
      decideAccounts({ type: 'RequestPasswordReset', userId }, verified()),
      decideAccounts({ type: 'ResetPassword', userId }, verified()),
      decideAccounts({ type: 'RequestEmailChange', userId, newEmail: 'n@example.com', currentEmail: 'ana@example.com' }, verified()),
      decideAccounts({ type: 'ConfirmEmailChange', userId, email: 'n@example.com', previousEmail: 'ana@example.com' }, verified()),
      decideAccounts({ type: 'UndoEmailChange', userId, email: 'ana@example.com', currentEmail: 'n@example.com' }, verified()),
    ].map((events) => events.map((e) => e.type));
    expect(types).toEqual([[PasswordResetRequested.type], [PasswordChanged.type], [EmailChangeRequested.type], [EmailChanged.type], [EmailChangeUndone.type]]);
  });
});
