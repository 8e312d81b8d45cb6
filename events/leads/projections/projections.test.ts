import { describe, expect, it } from 'vitest';
import { leadData, recorded } from '../../../tests/setup/recorded';
import type { RecordedEvent } from '../../store/types';
import { visitorStreamId } from '../leads';
import { LeadCaptured, SubscriberBounced, SubscriptionConfirmed, SubscriptionRequested, Unsubscribed } from '../leads.events';
import { evolveSubscriberRow, type SubscriberRow } from './subscribers';
import { evolveLeadDailyCount, leadDailyCountsProjection, type LeadDailyCountRow } from './lead-daily-counts';
import { evolveLeadRow, leadsProjection, type LeadRow } from './leads';

const captured = (at: string, overrides: Parameters<typeof leadData>[0] = {}) => recorded(LeadCaptured.type, leadData(overrides), { recordedAt: new Date(at) });

function fold<R>(evolve: (row: R | undefined, e: RecordedEvent) => R | null, events: RecordedEvent[]): R | null {
  let row: R | undefined;
  let out: R | null = null;
  for (const e of events) {
    out = evolve(row, e);
    row = out ?? undefined;
  }
  return out;
}

describe('evolveLeadRow', () => {
  it('creates the row from the first capture', () => {
    const row = evolveLeadRow(undefined, captured('2026-03-01T10:00:00Z'));
    expect(row).toEqual({
      email: 'ana@example.com',
      stream_id: visitorStreamId('ana@example.com'),
      nick: 'Ana',
      captures: 1,
      statuses: [{ page: 'nostalgia', section: 'fragmento', status: 'downloaded' }],
      first_captured_at: '2026-03-01T10:00:00.000Z',
      last_captured_at: '2026-03-01T10:00:00.000Z',
      subject: null,
    });
  });

  it('counts every capture, keeps each status once, first and last timestamps, the latest nick', () => {
    const row = fold<LeadRow>(evolveLeadRow, [
      captured('2026-03-01T10:00:00Z'),
      captured('2026-03-02T11:00:00Z', { page: 'niveles', section: 'pdf', nick: 'Ana P' }),
      captured('2026-03-03T12:00:00Z', { nick: 'Ana María' }),
      captured('2026-03-04T13:00:00Z', { page: 'niveles', section: 'pdf', nick: 'Ana María' }),
    ]);
    expect(row).not.toBeNull();
    expect(row!.captures).toBe(4);
    expect(row!.statuses).toEqual([
      { page: 'nostalgia', section: 'fragmento', status: 'downloaded' },
      { page: 'niveles', section: 'pdf', status: 'downloaded' },
    ]);
    expect(row!.first_captured_at).toBe('2026-03-01T10:00:00.000Z');
    expect(row!.last_captured_at).toBe('2026-03-04T13:00:00.000Z');
    expect(row!.nick).toBe('Ana María');
  });

  it('tells statuses apart by status as well as page and section', () => {
    const row = fold<LeadRow>(evolveLeadRow, [
      captured('2026-03-01T10:00:00Z', { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' }),
      captured('2026-03-01T10:05:00Z', { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' }),
      captured('2026-03-01T10:10:00Z', { page: 'afirmaciones', section: 'ebook' }),
    ]);
    expect(row!.statuses).toHaveLength(2);
    expect(row!.captures).toBe(3);
  });

  it('does not mutate the row it was given', () => {
    const first = evolveLeadRow(undefined, captured('2026-03-01T10:00:00Z'))!;
    const snapshot = structuredClone(first);
    evolveLeadRow(first, captured('2026-03-02T10:00:00Z', { page: 'niveles', section: 'pdf' }));
    expect(first).toEqual(snapshot);
  });

  it('leaves the row as it is for other event types (and creates none)', () => {
    const row = evolveLeadRow(undefined, captured('2026-03-01T10:00:00Z'))!;
    const other = recorded('SomethingElse', {});
    expect(evolveLeadRow(row, other)).toBe(row);
    expect(evolveLeadRow(undefined, other)).toBeNull();
  });

  it('is the inline projection of the leads table', () => {
    expect(leadsProjection.mode).toBe('inline');
    expect(leadsProjection.tables).toEqual(['leads']);
    expect(leadsProjection.eventTypes).toEqual([LeadCaptured.type]);
  });
});

describe('evolveLeadDailyCount', () => {
  it('starts at one and adds one per capture of the same key', () => {
    const row = fold<LeadDailyCountRow>(evolveLeadDailyCount, [
      captured('2026-03-01T08:00:00Z'),
      captured('2026-03-01T09:00:00Z'),
      captured('2026-03-01T10:00:00Z'),
    ]);
    expect(row).toEqual({ day: '2026-03-01', page: 'nostalgia', section: 'fragmento', captures: 3 });
  });

  it('takes the UTC day of recordedAt (23:30 at UTC-3 is the next day), whatever the process time zone', () => {
    const tz = process.env.TZ;
    // A local-time implementation would give 2026-03-01 here.
    process.env.TZ = 'America/Argentina/Buenos_Aires';
    try {
      const row = evolveLeadDailyCount(undefined, captured('2026-03-01T23:30:00-03:00'));
      expect(row!.day).toBe('2026-03-02');
      const early = evolveLeadDailyCount(undefined, captured('2026-03-02T00:30:00+03:00'));
      expect(early!.day).toBe('2026-03-01');
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('carries page and section of the event, never the address', () => {
    const row = evolveLeadDailyCount(undefined, captured('2026-03-01T10:00:00Z', { page: 'afirmaciones', section: 'ebook' }))!;
    expect(row).toMatchObject({ page: 'afirmaciones', section: 'ebook', captures: 1 });
    expect(JSON.stringify(row)).not.toContain('@');
  });

  it('leaves the row as it is for other event types', () => {
    const row = evolveLeadDailyCount(undefined, captured('2026-03-01T10:00:00Z'))!;
    const other = recorded('SomethingElse', {});
    expect(evolveLeadDailyCount(row, other)).toBe(row);
    expect(evolveLeadDailyCount(undefined, other)).toBeNull();
  });

  it('is an async projection of lead_daily_counts', () => {
    expect(leadDailyCountsProjection.mode).toBe('async');
    expect(leadDailyCountsProjection.tables).toEqual(['lead_daily_counts']);
    expect(leadDailyCountsProjection.eventTypes).toEqual([LeadCaptured.type]);
  });
});

describe('evolveSubscriberRow', () => {
  const stream = visitorStreamId('ana@example.com');
  const at = (iso: string) => ({ recordedAt: new Date(iso), streamId: stream });
  const requested = (page?: string) =>
    recorded(SubscriptionRequested.type, { email: 'ana@example.com', ...(page ? { page } : {}) }, at('2026-03-01T10:00:00Z'));
  const confirmed = recorded(SubscriptionConfirmed.type, {}, at('2026-03-01T11:00:00Z'));

  it('a request is pending from its form; the link confirms it', () => {
    const row = fold<SubscriberRow>(evolveSubscriberRow, [requested()]);
    expect(row).toMatchObject({ stream_id: stream, status: 'pending', source: 'Newsletter Archive', bounced_at: null });
    expect(fold<SubscriberRow>(evolveSubscriberRow, [requested('nostalgia'), confirmed])).toMatchObject({
      status: 'confirmed',
      source: 'nostalgia',
      confirmed_at: '2026-03-01T11:00:00.000Z',
    });
  });

  it('leaving and bouncing end it with their time; coming back confirms it again', () => {
    const left = fold<SubscriberRow>(evolveSubscriberRow, [requested(), confirmed, recorded(Unsubscribed.type, {}, at('2026-03-02T10:00:00Z'))]);
    expect(left).toMatchObject({ status: 'unsubscribed', unsubscribed_at: '2026-03-02T10:00:00.000Z' });
    const back = evolveSubscriberRow(left!, recorded(SubscriptionConfirmed.type, {}, at('2026-03-03T10:00:00Z')));
    expect(back).toMatchObject({ status: 'confirmed', unsubscribed_at: null, confirmed_at: '2026-03-03T10:00:00.000Z' });
    expect(evolveSubscriberRow(back!, recorded(SubscriberBounced.type, {}, at('2026-03-04T10:00:00Z')))).toMatchObject({
      status: 'bounced',
      bounced_at: '2026-03-04T10:00:00.000Z',
    });
  });

  it('no row for an address that never subscribed (a welcome mail’s link), nor for a confirmation out of nowhere', () => {
    expect(evolveSubscriberRow(undefined, recorded(Unsubscribed.type, {}, at('2026-03-02T10:00:00Z')))).toBeNull();
    expect(evolveSubscriberRow(undefined, recorded(SubscriberBounced.type, {}, at('2026-03-02T10:00:00Z')))).toBeNull();
    expect(evolveSubscriberRow(undefined, confirmed)).toBeNull();
  });
});
