// Async read model for the funnel: captures per day (UTC), page and section. Counts only, no addresses.
import { rowProjection } from '../../store/projection';
import type { RecordedEvent } from '../../store/types';
import { LeadCaptured } from '../leads.events';

export interface LeadDailyCountRow {
  [column: string]: string | number;
  day: string;
  page: string;
  section: string;
  captures: number;
}

const dayOf = (e: RecordedEvent) => e.recordedAt.toISOString().slice(0, 10);

export function evolveLeadDailyCount(row: LeadDailyCountRow | undefined, event: RecordedEvent): LeadDailyCountRow | null {
  if (!LeadCaptured.is(event)) return row ?? null;
  return {
    day: dayOf(event),
    page: event.data.page,
    section: event.data.section,
    captures: (row?.captures ?? 0) + 1,
  };
}

export const leadDailyCountsProjection = rowProjection<LeadDailyCountRow>({
  name: 'lead_daily_counts',
  mode: 'async',
  table: 'lead_daily_counts',
  keyColumns: ['day', 'page', 'section'],
  eventTypes: [LeadCaptured.type],
  key: (e) => (LeadCaptured.is(e) ? { day: dayOf(e), page: e.data.page, section: e.data.section } : undefined),
  evolve: evolveLeadDailyCount,
});
