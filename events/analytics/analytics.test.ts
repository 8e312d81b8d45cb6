import { describe, expect, it } from 'vitest';
import { leadData, recorded } from '../../tests/setup/recorded';
import type { Row, RowProjectionSpec } from '../store/projection';
import type { RecordedEvent } from '../store/types';
import { analyticsAccounts, analyticsDaily, analyticsFirstTouch, emailHash } from './analytics';

/** The rows a projection keeps after these events, as its table would hold them. */
function rowsAfter<R extends Row>(spec: RowProjectionSpec<R>, events: RecordedEvent[]): R[] {
  const rows = new Map<string, R>();
  for (const e of events) {
    if (!spec.eventTypes.includes(e.type)) continue;
    const key = spec.key(e);
    if (!key) continue;
    const k = JSON.stringify(spec.keyColumns.map((c) => key[c]));
    const next = spec.evolve(rows.get(k), e);
    if (next) rows.set(k, next);
    else rows.delete(k);
  }
  return [...rows.values()];
}

const visitorId = '00000000-0000-4000-8000-00000000a001';
const userId = '00000000-0000-4000-8000-00000000a002';
const march = (day: number, hour = 12) => new Date(`2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`);
const viewed = (page: string, at: Date, section?: string) =>
  recorded('LeadPageViewed', { visitorId, page, ...(section ? { section } : {}) }, { recordedAt: at });
const captured = (at: Date, over: Parameters<typeof leadData>[0] = {}, event: { redacted?: true } = {}) =>
  recorded('LeadCaptured', leadData(over), { recordedAt: at, ...event });
const paid = (at: Date, amount: number, currency = 'USD') =>
  recorded(
    'PaymentConfirmed',
    { paymentId: '1', provider: 'mercadopago', productId: 'manifiesta-curso-completo', userId, amount, currency, source: 'confirm' },
    { recordedAt: at },
  );

describe('the daily funnel', () => {
  it('counts views, downloads and subscriptions per UTC day, page and section', () => {
    const rows = rowsAfter(analyticsDaily, [
      viewed('nostalgia', march(1, 9)),
      viewed('nostalgia', march(1, 23)),
      viewed('nostalgia', march(2, 0)),
      captured(march(1)),
      captured(march(1), { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' }),
    ]);
    expect(rows).toEqual([
      { day: '2026-03-01', page: 'nostalgia', section: '', views: 2, leads: 0, subscriptions: 0 },
      { day: '2026-03-02', page: 'nostalgia', section: '', views: 1, leads: 0, subscriptions: 0 },
      { day: '2026-03-01', page: 'nostalgia', section: 'fragmento', views: 0, leads: 1, subscriptions: 0 },
      { day: '2026-03-01', page: 'Newsletter Archive', section: 'Subscription Form', views: 0, leads: 0, subscriptions: 1 },
    ]);
  });
});

describe('first touch', () => {
  it('keeps the first page of each visitor and of each address; later ones leave it as it was', () => {
    const rows = rowsAfter(analyticsFirstTouch, [
      viewed('reprograma', march(1), 'hero'),
      viewed('nostalgia', march(2)),
      captured(march(3), { email: 'Ana@Example.com' }),
      captured(march(4), { page: 'niveles', section: 'pdf' }),
    ]);
    expect(rows).toEqual([
      { touch_key: `visitor:${visitorId}`, page: 'reprograma', section: 'hero', at: march(1).toISOString(), subject: null },
      { touch_key: `email:${emailHash('ana@example.com')}`, page: 'nostalgia', section: 'fragmento', at: march(3).toISOString(), subject: null },
    ]);
  });

  it('a forgotten address ties no one to a page, and an account whose person is forgotten keeps no address hash', () => {
    expect(rowsAfter(analyticsFirstTouch, [captured(march(3), {}, { redacted: true })])).toEqual([]);
    const [row] = rowsAfter(analyticsAccounts, [
      recorded('UserRegistered', { userId, username: '(dato eliminado)', email: '(dato eliminado)', visitorId }, { recordedAt: march(1), redacted: true }),
    ]);
    expect(row).toMatchObject({ user_id: userId, email_hash: null, visitor_id: visitorId });
  });

  it('knows an address by its hash only, the same however it was typed', () => {
    expect(emailHash('  Ana@Example.COM ')).toBe(emailHash('ana@example.com'));
    expect(emailHash('ana@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('accounts down the funnel', () => {
  it('follows an account from signup to its first verification and its payments, revenue in US dollars to the cent', () => {
    const [row] = rowsAfter(analyticsAccounts, [
      recorded('UserRegistered', { userId, username: 'ana', email: 'ana@example.com', visitorId }, { recordedAt: march(1) }),
      recorded('EmailVerified', { userId }, { recordedAt: march(2) }),
      recorded('EmailVerified', { userId }, { recordedAt: march(5) }),
      paid(march(3), 0.1),
      paid(march(4), 0.2),
      paid(march(6), 5000, 'ARS'),
    ]);
    expect(row).toEqual({
      user_id: userId,
      email_hash: emailHash('ana@example.com'),
      visitor_id: visitorId,
      registered_at: march(1).toISOString(),
      verified_at: march(2).toISOString(),
      first_paid_at: march(3).toISOString(),
      payments: 3,
      revenue_usd: 0.3,
    });
  });
});
