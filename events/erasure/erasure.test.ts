// The erasure decisions: who is forgotten when an account is deleted, and when a lead address asks to be.
import { describe, expect, it } from 'vitest';
import { recorded } from '../../tests/setup/recorded';
import { decideErasure, evolveErasure, initialErasureState } from './erasure';

const userId = '00000000-0000-4000-8000-0000000000aa';
const subjectOf = (address: string) => `lead:${Buffer.from(address).toString('hex').padEnd(64, '0').slice(0, 64)}`;
const registered = recorded('UserRegistered', { userId, username: 'ana', email: 'Ana@Example.com' });
const subjects = (events: ReturnType<typeof decideErasure>) => events.map((e) => (e.data as { subject: string }).subject);

describe('decideErasure', () => {
  it('forgets the learner and every address the account has had, each once', () => {
    const state = evolveErasure(initialErasureState, registered);
    const events = decideErasure({ type: 'ForgetAccount', user: `user:${userId}`, currentEmail: 'nueva@example.com', subjectOf }, state);
    expect(events.map((e) => e.type)).toEqual(['PersonForgotten', 'PersonForgotten', 'PersonForgotten']);
    expect(subjects(events)).toEqual([`user:${userId}`, subjectOf('ana@example.com'), subjectOf('nueva@example.com')]);
  });

  it('an address changed and one changed back are forgotten too, as leads of their own', () => {
    const history = [
      registered,
      recorded('EmailChanged', { userId, email: 'segunda@example.com', previousEmail: 'ana@example.com' }),
      recorded('EmailChanged', { userId, email: 'tercera@example.com', previousEmail: 'segunda@example.com' }),
      recorded('EmailChangeUndone', { userId, email: 'segunda@example.com' }),
    ];
    const state = history.reduce(evolveErasure, initialErasureState);
    const events = decideErasure({ type: 'ForgetAccount', user: `user:${userId}`, currentEmail: 'segunda@example.com', subjectOf }, state);
    expect(subjects(events).sort()).toEqual([`user:${userId}`, ...['ana@example.com', 'segunda@example.com', 'tercera@example.com'].map(subjectOf)].sort());
  });

  it('an account already forgotten is not forgotten again', () => {
    let state = evolveErasure(initialErasureState, registered);
    for (const subject of [`user:${userId}`, subjectOf('ana@example.com')]) state = evolveErasure(state, recorded('PersonForgotten', { subject }));
    expect(decideErasure({ type: 'ForgetAccount', user: `user:${userId}`, currentEmail: 'ana@example.com', subjectOf }, state)).toEqual([]);
  });

  it('a lead address is forgotten every time it asks (it may have come back since)', () => {
    const subject = subjectOf('dora@example.com');
    const state = evolveErasure(initialErasureState, recorded('PersonForgotten', { subject }));
    expect(subjects(decideErasure({ type: 'ForgetLead', subject }, state))).toEqual([subject]);
  });
});
