import { describe, expect, it } from 'vitest';
import { recorded } from '../../tests/setup/recorded';
import { RoleGranted, RoleRevoked } from './accounts.events';
import { applyRoleEvent, paymentReversalBy, rolesOf, type RoleSources } from './role-sources';

const userId = '00000000-0000-4000-8000-0000000000aa';
const grant = (role: number, by: string) => recorded(RoleGranted.type, { userId, role, by });
const revoke = (role: number, by: string) => recorded(RoleRevoked.type, { userId, role, by });
const fold = (events: ReturnType<typeof grant>[]) => events.reduce<RoleSources>(applyRoleEvent, {});

describe('role sources', () => {
  it('a role is held while something grants it: a payment’s reversal ends only that payment’s grant', () => {
    const sources = fold([grant(7, 'payment:1'), grant(7, 'payment:2'), revoke(7, paymentReversalBy('1', 'refunded'))]);
    expect(sources).toEqual({ 7: ['payment:2'] });
    expect(rolesOf(sources)).toEqual([7]);
    expect(rolesOf(applyRoleEvent(sources, revoke(7, paymentReversalBy('2', 'charged_back'))))).toEqual([]);
  });

  it('a grant by hand outlives a refund; a revocation by hand ends every source', () => {
    const both = fold([grant(7, 'payment:1'), grant(7, 'cli'), revoke(7, paymentReversalBy('1', 'refunded'))]);
    expect(rolesOf(both)).toEqual([7]);
    expect(rolesOf(applyRoleEvent(fold([grant(7, 'payment:1'), grant(7, 'cli')]), revoke(7, 'cli')))).toEqual([]);
  });

  it('the same source twice counts once; roles come out in ascending order; other roles are left alone', () => {
    const sources = fold([grant(9, 'cli'), grant(7, 'payment:1'), grant(7, 'payment:1'), revoke(7, paymentReversalBy('3', 'refunded'))]);
    expect(sources).toEqual({ 9: ['cli'], 7: ['payment:1'] });
    expect(rolesOf(sources)).toEqual([7, 9]);
  });
});
