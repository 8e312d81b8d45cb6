import { describe, expect, it } from 'vitest';
import { recorded, leadData } from '../../tests/setup/recorded';
import { createCatalog } from '../registry';
import type { NewEvent } from '../store/types';
import {
  CONFIRMATION_RESEND_AFTER_MS,
  decideCaptureLead,
  decideBounce,
  decideConfirmSubscription,
  decideLeads,
  decideResubscribe,
  decideUnsubscribe,
  evolveVisitor,
  initialVisitorState,
  normaliseEmail,
  visitorStreamId,
  type CaptureLead,
  type VisitorState,
} from './leads';
import { LeadCaptured, SubscriberBounced, SubscriptionConfirmed, SubscriptionRequested, Unsubscribed } from './leads.events';

const nostalgia: CaptureLead = { email: 'ana@example.com', nick: 'Ana', page: 'nostalgia', section: 'fragmento', status: 'downloaded' };
const niveles: CaptureLead = { email: 'ana@example.com', nick: 'Ana', page: 'niveles', section: 'pdf', status: 'downloaded' };

/** Turns decided events into recorded ones, as the store would, and folds them into the state. */
function apply(state: VisitorState, events: NewEvent[]): VisitorState {
  return events.map((e) => recorded(e.type, e.data)).reduce(evolveVisitor, state);
}

describe('decideCaptureLead', () => {
  it('records the first capture of a page and section with a welcome mail', () => {
    const { events, mails } = decideCaptureLead(initialVisitorState, nostalgia);
    expect(mails).toEqual(['welcome']);
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe(LeadCaptured.type);
    expect(events[0]!.data).toEqual({
      email: 'ana@example.com',
      nick: 'Ana',
      page: 'nostalgia',
      section: 'fragmento',
      status: 'downloaded',
      firstForSource: true,
    });
  });

  it('records a second capture of the same source again, but without a welcome', () => {
    const first = decideCaptureLead(initialVisitorState, nostalgia);
    const state = apply(initialVisitorState, first.events);
    const second = decideCaptureLead(state, { ...nostalgia, nick: 'Ana María' });
    expect(second.mails).toEqual([]);
    expect(second.events).toHaveLength(1);
    expect(second.events[0]!.data).toMatchObject({ page: 'nostalgia', section: 'fragmento', nick: 'Ana María', firstForSource: false });
  });

  it('welcomes a capture from a different source', () => {
    const state = apply(initialVisitorState, decideCaptureLead(initialVisitorState, nostalgia).events);
    const other = decideCaptureLead(state, niveles);
    expect(other.mails).toEqual(['welcome']);
    expect(other.events[0]!.data).toMatchObject({ page: 'niveles', section: 'pdf', firstForSource: true });
  });

  it('tells the sections of one page apart (afirmaciones fragmento vs ebook)', () => {
    const fragmento: CaptureLead = { ...nostalgia, page: 'afirmaciones', section: 'fragmento' };
    const state = apply(initialVisitorState, decideCaptureLead(initialVisitorState, fragmento).events);
    expect(decideCaptureLead(state, { ...fragmento, section: 'ebook' }).mails).toEqual(['welcome']);
    expect(decideCaptureLead(state, fragmento).mails).toEqual([]);
  });

  it('normalises the e-mail to lower case without surrounding spaces and trims the nick', () => {
    const { events } = decideCaptureLead(initialVisitorState, { ...nostalgia, email: '  Ana.Perez@Example.COM ', nick: '  Ana  ' });
    expect(events[0]!.data).toMatchObject({ email: 'ana.perez@example.com', nick: 'Ana' });
  });

  it('passes the event id through, and leaves it out when none is given', () => {
    const id = '6f1c2a4e-1b2c-5d3e-8f40-123456789abc';
    expect(decideCaptureLead(initialVisitorState, { ...nostalgia, eventId: id }).events[0]!.eventId).toBe(id);
    expect(decideCaptureLead(initialVisitorState, nostalgia).events[0]!.eventId).toBeUndefined();
  });

  it('produces a payload the LeadCaptured schema accepts', () => {
    const { events } = decideCaptureLead(initialVisitorState, { ...nostalgia, email: ' X@Y.ORG ' });
    expect(LeadCaptured.schema.safeParse(events[0]!.data).success).toBe(true);
  });
});

describe('evolveVisitor', () => {
  it('starts with no sources', () => {
    expect(initialVisitorState.sources.size).toBe(0);
  });

  it('adds the page|section of each LeadCaptured and does not mutate the previous state', () => {
    const s1 = evolveVisitor(initialVisitorState, recorded(LeadCaptured.type, leadData()));
    expect([...s1.sources]).toEqual(['nostalgia|fragmento']);
    expect(initialVisitorState.sources.size).toBe(0);
    const s2 = evolveVisitor(s1, recorded(LeadCaptured.type, leadData({ page: 'niveles', section: 'pdf' })));
    expect([...s2.sources].sort()).toEqual(['niveles|pdf', 'nostalgia|fragmento']);
    expect(s1.sources.size).toBe(1);
  });

  it('keeps one entry for a repeated source', () => {
    const e = () => recorded(LeadCaptured.type, leadData());
    const state = [e(), e(), e()].reduce(evolveVisitor, initialVisitorState);
    expect(state.sources.size).toBe(1);
  });

  it('ignores events of other types', () => {
    const state = evolveVisitor(initialVisitorState, recorded('SomethingElse', leadData()));
    expect(state).toBe(initialVisitorState);
  });
});

describe('visitorStreamId', () => {
  it('is the same for the same address in any case and spacing', () => {
    expect(visitorStreamId('Ana@X.com ')).toBe(visitorStreamId('ana@x.com'));
    expect(normaliseEmail('  Ana@X.com ')).toBe('ana@x.com');
  });

  it('differs between addresses', () => {
    expect(visitorStreamId('ana@x.com')).not.toBe(visitorStreamId('ana@y.com'));
  });

  it('has the visitor- prefix and does not reveal the address', () => {
    const id = visitorStreamId('ana.perez@example.com');
    expect(id).toMatch(/^visitor-[0-9a-f]{32}$/);
    expect(id).not.toContain('ana');
    expect(id).not.toContain('example');
    expect(id).not.toContain('@');
  });
});

describe('decideLeads', () => {
  const catalog = createCatalog();
  const visitorId = '00000000-0000-4000-8000-0000000000f1';
  const requestId = '00000000-0000-4000-8000-0000000000f2';

  it('a capture is decided on the address’s history: only the first download of a source earns the welcome mail', () => {
    const first = decideLeads({ type: 'CaptureLead', ...nostalgia }, initialVisitorState);
    expect(first.mails).toEqual(['welcome']);
    expect(decideLeads({ type: 'CaptureLead', ...nostalgia }, apply(initialVisitorState, first.events))).toMatchObject({
      mails: [],
      events: [{ type: 'LeadCaptured' }],
    });
  });

  it('records every page view, with its section only when there is one', () => {
    const view = decideLeads({ type: 'RecordPageView', visitorId, page: 'reprograma' }, initialVisitorState);
    expect(view.events.map((e) => e.data)).toEqual([{ visitorId, page: 'reprograma' }]);
    const again = decideLeads({ type: 'RecordPageView', visitorId, page: 'reprograma', section: 'precios' }, apply(initialVisitorState, view.events));
    expect(again).toMatchObject({ mails: [], events: [{ data: { visitorId, page: 'reprograma', section: 'precios' } }] });
    for (const e of [...view.events, ...again.events]) expect(() => catalog.validate(e)).not.toThrow();
  });

  it('records the campaign of our mail’s link with the view, and a view without one as before', () => {
    const utm = { source: 'newsletter', campaign: 'volver-a-empezar' } as const;
    const { events } = decideLeads({ type: 'RecordPageView', visitorId, page: 'reprograma', utm }, initialVisitorState);
    expect(events.map((e) => e.data)).toEqual([{ visitorId, page: 'reprograma', utm }]);
    expect(catalog.validate(events[0]!)).toEqual({ data: { visitorId, page: 'reprograma', utm }, version: 1 });
    // A view written before campaigns were recorded is still a valid view of the current version, read unchanged.
    const old = recorded('LeadPageViewed', { visitorId, page: 'menu' }, { version: 1 });
    expect(catalog.upcast(old)).toBe(old);
    expect(catalog.validate({ type: 'LeadPageViewed', data: old.data })).toEqual({ data: { visitorId, page: 'menu' }, version: 1 });
    // The event itself refuses what the route must have left out: another source, a campaign that is not a token.
    for (const bad of [
      { source: 'instagram', campaign: 'bio' },
      { source: 'newsletter', campaign: '<b>hola</b>' },
      { source: 'newsletter', campaign: 'x'.repeat(81) },
      { source: 'newsletter', campaign: 'hola', medium: 'email' },
    ])
      expect(() => catalog.validate({ type: 'LeadPageViewed', data: { visitorId, page: 'menu', utm: bad } })).toThrow(/Datos inválidos/);
  });

  it('records a call request with the address normalised and without the fields left empty', () => {
    const { events, mails } = decideLeads(
      { type: 'RequestCall', requestId, page: 'manifiesta', name: 'Ana', email: ' Ana@Example.COM ', whatsapp: undefined, message: '' },
      initialVisitorState,
    );
    expect(mails).toEqual([]);
    expect(events.map((e) => e.data)).toEqual([{ requestId, page: 'manifiesta', name: 'Ana', email: 'ana@example.com' }]);
    expect(() => catalog.validate(events[0]!)).not.toThrow();
  });
});

describe('the newsletter subscription (double opt-in)', () => {
  const AT = new Date('2026-03-01T12:00:00Z');
  const form: CaptureLead = {
    email: ' Ana@Example.com ',
    nick: 'Ana',
    page: 'Newsletter Archive',
    section: 'Subscription Form',
    status: 'Subscribed via Form',
    now: AT,
  };
  const fold = (state: VisitorState, events: NewEvent[], recordedAt = AT) =>
    events.map((e) => recorded(e.type, e.data, { recordedAt })).reduce(evolveVisitor, state);

  it('asks for consent first: SubscriptionRequested, then the lead, and a confirmation mail (no welcome)', () => {
    const { events, mails } = decideCaptureLead(initialVisitorState, { ...form, eventId: 'a', nextEventId: 'b' });
    expect(mails).toEqual(['confirm-subscription']);
    expect(events.map((e) => [e.type, e.eventId])).toEqual([
      [SubscriptionRequested.type, 'a'],
      [LeadCaptured.type, 'b'],
    ]);
    expect(events[0]!.data).toEqual({ email: 'ana@example.com' });
    expect(fold(initialVisitorState, events).subscription).toEqual({ status: 'pending', requestedAt: AT });
  });

  it('while pending, asking again within the hour writes nothing and mails nothing; after it, a new request and link', () => {
    const pending = fold(initialVisitorState, decideCaptureLead(initialVisitorState, form).events);
    const soon = new Date(AT.getTime() + CONFIRMATION_RESEND_AFTER_MS - 1);
    expect(decideCaptureLead(pending, { ...form, now: soon })).toEqual({ events: [], mails: [] });
    const later = decideCaptureLead(pending, { ...form, now: new Date(AT.getTime() + CONFIRMATION_RESEND_AFTER_MS) });
    expect(later.mails).toEqual(['confirm-subscription']);
    expect(later.events.map((e) => e.type)).toEqual([SubscriptionRequested.type]);
  });

  it('is confirmed by the link, once: a second confirmation and a new subscription write nothing', () => {
    const pending = fold(initialVisitorState, decideCaptureLead(initialVisitorState, form).events);
    const confirmed = decideConfirmSubscription(pending, { eventId: 'c' });
    expect(confirmed.map((e) => [e.type, e.eventId])).toEqual([[SubscriptionConfirmed.type, 'c']]);
    const state = fold(pending, confirmed);
    expect(state.subscription).toEqual({ status: 'confirmed' });
    expect(decideConfirmSubscription(state, {})).toEqual([]);
    expect(decideCaptureLead(state, { ...form, now: new Date(AT.getTime() + 10 * CONFIRMATION_RESEND_AFTER_MS) })).toEqual({ events: [], mails: [] });
  });

  it('nothing to confirm without a subscription', () => {
    expect(decideConfirmSubscription(initialVisitorState, {})).toEqual([]);
  });

  it('a form subscription from before double opt-in (a lone LeadCaptured) keeps its status: confirmed', () => {
    const legacy = evolveVisitor(
      initialVisitorState,
      recorded(LeadCaptured.type, { ...leadData(), page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' }),
    );
    expect(legacy.subscription).toEqual({ status: 'confirmed' });
    expect(decideCaptureLead(legacy, form)).toEqual({ events: [], mails: [] });
  });

  it('a forgotten address (no subscribers row, its stream unchanged) has no subscription: asked again, its lead recorded again', () => {
    const pending = fold(initialVisitorState, decideCaptureLead(initialVisitorState, form).events);
    const confirmed = fold(pending, decideConfirmSubscription(pending, {}));
    for (const state of [pending, confirmed]) {
      const again = decideCaptureLead(state, { ...form, now: new Date(AT.getTime() + 1000), listed: false });
      expect(again.mails).toEqual(['confirm-subscription']);
      expect(again.events.map((e) => [e.type, (e.data as { firstForSource?: boolean }).firstForSource])).toEqual([
        [SubscriptionRequested.type, undefined],
        [LeadCaptured.type, false],
      ]);
      // Its new link confirms it.
      const waiting = fold(state, again.events);
      expect(waiting.subscription.status).toBe('pending');
      expect(decideConfirmSubscription(waiting, {}).map((e) => e.type)).toEqual([SubscriptionConfirmed.type]);
    }
  });

  it('a download is no subscription', () => {
    expect(apply(initialVisitorState, decideCaptureLead(initialVisitorState, nostalgia).events).subscription).toEqual({ status: 'none' });
  });
});

describe('leaving and coming back (decision 0019)', () => {
  const form: CaptureLead = { email: 'ana@example.com', nick: 'Ana', page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' };
  const pending = apply(initialVisitorState, decideCaptureLead(initialVisitorState, form).events);
  const confirmed = apply(pending, decideConfirmSubscription(pending, {}));
  const letterId = '00000000-0000-4000-8000-000000000001';

  it('unsubscribes a subscription in any state, once, naming the letter whose link was used', () => {
    const events = decideUnsubscribe(confirmed, { letterId, eventId: 'u' });
    expect(events.map((e) => [e.type, e.data, e.eventId])).toEqual([[Unsubscribed.type, { letterId }, 'u']]);
    const left = apply(confirmed, events);
    expect(left.subscription).toEqual({ status: 'unsubscribed' });
    expect(decideUnsubscribe(left, {})).toEqual([]);
    expect(decideUnsubscribe(pending, {}).map((e) => e.data)).toEqual([{}]);
    // A lead who never subscribed leaves every marketing mail from a welcome mail's link.
    expect(apply(initialVisitorState, decideUnsubscribe(initialVisitorState, {})).subscription).toEqual({ status: 'unsubscribed' });
  });

  it('resubscribes from the page at once (the token proves the mailbox); a confirmed address writes nothing', () => {
    const left = apply(confirmed, decideUnsubscribe(confirmed, {}));
    const back = decideResubscribe(left, { email: 'ana@example.com', listed: true, eventId: 'r' });
    expect(back.map((e) => [e.type, e.eventId])).toEqual([[SubscriptionConfirmed.type, 'r']]);
    expect(apply(left, back).subscription).toEqual({ status: 'confirmed' });
    expect(decideResubscribe(confirmed, { email: 'ana@example.com', listed: true })).toEqual([]);
  });

  it('asks for the subscription first when there was none (or it was forgotten)', () => {
    const left = apply(initialVisitorState, decideUnsubscribe(initialVisitorState, {}));
    for (const [state, listed] of [
      [left, false],
      [confirmed, false],
      [initialVisitorState, false],
    ] as const) {
      const back = decideResubscribe(state, { email: ' Ana@Example.com ', listed, eventId: 'a', nextEventId: 'b' });
      expect(back.map((e) => [e.type, e.eventId])).toEqual([
        [SubscriptionRequested.type, 'a'],
        [SubscriptionConfirmed.type, 'b'],
      ]);
      expect(back[0]!.data).toEqual({ email: 'ana@example.com' });
      expect(apply(state, back).subscription).toEqual({ status: 'confirmed' });
    }
  });

  it('a bounce ends a pending or confirmed subscription; a new request starts it again', () => {
    expect(decideBounce(confirmed, {}).map((e) => e.type)).toEqual([SubscriberBounced.type]);
    const bounced = apply(confirmed, decideBounce(confirmed, {}));
    expect(bounced.subscription).toEqual({ status: 'bounced' });
    expect(decideBounce(bounced, {})).toEqual([]);
    expect(decideBounce(initialVisitorState, {})).toEqual([]);
    const again = decideCaptureLead(bounced, form);
    expect(again.mails).toEqual(['confirm-subscription']);
    expect(again.events.map((e) => e.type)).toEqual([SubscriptionRequested.type, LeadCaptured.type]);
  });

  it('an unsubscribed address that uses the form again is asked to confirm again', () => {
    const left = apply(confirmed, decideUnsubscribe(confirmed, {}));
    expect(decideCaptureLead(left, form).mails).toEqual(['confirm-subscription']);
  });
});

describe("the download forms' newsletter checkbox", () => {
  it('records the download first (it stays immediate), then asks for the letters from that page, with both mails', () => {
    const { events, mails } = decideCaptureLead(initialVisitorState, { ...nostalgia, newsletter: true, eventId: 'a', nextEventId: 'b' });
    expect(events.map((e) => [e.type, e.eventId])).toEqual([
      [LeadCaptured.type, 'a'],
      [SubscriptionRequested.type, 'b'],
    ]);
    expect(events[1]!.data).toEqual({ email: 'ana@example.com', page: 'nostalgia' });
    expect(mails).toEqual(['welcome', 'confirm-subscription']);
  });

  it("follows the newsletter form's rules: a confirmed or just-asked address gets no new request", () => {
    const subscribed = apply(initialVisitorState, decideCaptureLead(initialVisitorState, { ...nostalgia, newsletter: true }).events);
    expect(subscribed.subscription.status).toBe('pending');
    // Recorded at 12:00 (tests/setup/recorded.ts); asked again ten minutes later.
    const again = decideCaptureLead(subscribed, { ...niveles, newsletter: true, now: new Date('2026-03-01T12:10:00Z') });
    expect(again.events.map((e) => e.type)).toEqual([LeadCaptured.type]);
    expect(again.mails).toEqual(['welcome']);
    const confirmed = apply(subscribed, decideConfirmSubscription(subscribed, {}));
    expect(decideCaptureLead(confirmed, { ...niveles, newsletter: true }).mails).toEqual(['welcome']);
  });

  it('unticked, a download is only a download', () => {
    expect(decideCaptureLead(initialVisitorState, { ...nostalgia, newsletter: false }).events.map((e) => e.type)).toEqual([LeadCaptured.type]);
  });
});
