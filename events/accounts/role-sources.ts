// Who grants a role. Each RoleGranted names its source in `by`: a payment (`payment:<id>`), the command line or
// the coach (`cli`, `coach:<id>`). A role is held while at least one source grants it, so taking back what one
// payment gave (`RoleRevoked` by `payment:<id>:<refunded|charged_back|cancelled>`) leaves a role that another
// payment or a grant by hand also gives; any other revocation is a decision by hand and ends every source.
import type { RecordedEvent } from '../store/types';
import { RoleGranted, RoleRevoked } from './accounts.events';

/** Per role (as a JSON key), the sources granting it, in the order they did. */
export type RoleSources = Record<string, string[]>;

const PAYMENT_REVERSAL = /^(payment:\d+):(refunded|charged_back|cancelled)$/;

/** The `by` of a revocation that takes back only what one payment granted. */
export const paymentReversalBy = (paymentId: string, status: 'refunded' | 'charged_back' | 'cancelled') => `payment:${paymentId}:${status}`;

export function applyRoleEvent(sources: RoleSources, event: RecordedEvent): RoleSources {
  if (RoleGranted.is(event)) {
    const key = String(event.data.role);
    const held = sources[key] ?? [];
    return held.includes(event.data.by) ? sources : { ...sources, [key]: [...held, event.data.by] };
  }
  if (RoleRevoked.is(event)) {
    const key = String(event.data.role);
    const payment = PAYMENT_REVERSAL.exec(event.data.by)?.[1];
    const rest = payment ? (sources[key] ?? []).filter((s) => s !== payment) : [];
    const { [key]: _gone, ...others } = sources;
    return rest.length > 0 ? { ...others, [key]: rest } : others;
  }
  return sources;
}

/** The roles held: those with at least one source, in ascending order. */
export const rolesOf = (sources: RoleSources): number[] =>
  Object.entries(sources)
    .filter(([, by]) => by.length > 0)
    .map(([role]) => Number(role))
    .sort((a, b) => a - b);
