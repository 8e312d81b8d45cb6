// Inline read model: one row per address with what it asked for. Keyed by e-mail, i.e. by visitor stream.
import { rowProjection } from '../../store/projection';
import type { RecordedEvent } from '../../store/types';
import { visitorStreamId } from '../leads';
import { LeadCaptured } from '../leads.events';

export interface LeadRow {
  [column: string]: string | number | null | Array<{ page: string; section: string; status: string }>;
  email: string;
  /** The visitor stream of the address: a welcome mail's job names the lead by it, never by its address. */
  stream_id: string;
  nick: string;
  captures: number;
  statuses: Array<{ page: string; section: string; status: string }>;
  first_captured_at: string;
  last_captured_at: string;
  /** The address's subject (`lead:<keyed hash>`), so forgetting it finds the row without the address. */
  subject: string | null;
}

export function evolveLeadRow(row: LeadRow | undefined, event: RecordedEvent): LeadRow | null {
  if (!LeadCaptured.is(event)) return row ?? null;
  const { email, nick, page, section, status } = event.data;
  const at = event.recordedAt.toISOString();
  const statuses = row?.statuses ?? [];
  const known = statuses.some((s) => s.page === page && s.section === section && s.status === status);
  return {
    email,
    stream_id: visitorStreamId(email),
    nick,
    captures: (row?.captures ?? 0) + 1,
    statuses: known ? statuses : [...statuses, { page, section, status }],
    first_captured_at: row?.first_captured_at ?? at,
    last_captured_at: at,
    subject: event.metadata.sealedFor ?? row?.subject ?? null,
  };
}

export const leadsProjection = rowProjection<LeadRow>({
  name: 'leads',
  mode: 'inline',
  table: 'leads',
  keyColumns: ['email'],
  eventTypes: [LeadCaptured.type],
  key: (e) => (LeadCaptured.is(e) ? { email: e.data.email } : undefined),
  evolve: evolveLeadRow,
});
