// Lead capture: a visitor leaves a name and e-mail for a free download or the newsletter.
import { z } from 'zod';
import { CAMPAIGN_PATTERN, MAIL_SOURCES, MAX_CAMPAIGN } from '../../course/campaigns';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../course/contact';
import { defineEvent } from '../store/catalog';
import { leadSubject, requestSubject } from '../store/sealing';

/** The pages, sections and statuses that capture leads, and nothing else: a lead from anywhere else is refused. */
export const LEAD_SOURCES = [
  { page: 'nostalgia', section: 'fragmento', status: 'downloaded' },
  { page: 'niveles', section: 'pdf', status: 'downloaded' },
  { page: 'afirmaciones', section: 'fragmento', status: 'downloaded' },
  { page: 'afirmaciones', section: 'ebook', status: 'downloaded' },
  { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' },
] as const;

export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_PAGES = [...new Set(LEAD_SOURCES.map((s) => s.page))] as [LeadSource['page'], ...LeadSource['page'][]];
export const LEAD_SECTIONS = [...new Set(LEAD_SOURCES.map((s) => s.section))] as [LeadSource['section'], ...LeadSource['section'][]];
export const LEAD_STATUSES = [...new Set(LEAD_SOURCES.map((s) => s.status))] as [LeadSource['status'], ...LeadSource['status'][]];

export function isLeadSource(page: string, section: string, status: string): boolean {
  return LEAD_SOURCES.some((s) => s.page === page && s.section === section && s.status === status);
}

export { EMAIL_PATTERN, MAX_EMAIL } from '../../course/contact';
export const MAX_NICK = 80;

export const LeadCaptured = defineEvent(
  'LeadCaptured',
  1,
  z.strictObject({
    email: z.string().max(MAX_EMAIL).regex(EMAIL_PATTERN),
    nick: z.string().trim().min(1).max(MAX_NICK),
    page: z.enum(LEAD_PAGES),
    section: z.enum(LEAD_SECTIONS),
    status: z.enum(LEAD_STATUSES),
    /** First capture of this page and section for this address (a welcome mail was sent). */
    firstForSource: z.boolean(),
    /** The browser's anonymous visitor id (first-party cookie), tying the lead to its page views. */
    visitorId: z.uuid().optional(),
  }),
  { personal: { subject: (d) => leadSubject(d.email), fields: ['email', 'nick'] } },
);

/** The public pages whose views the funnel counts: the lead magnets, the sales pages, the newsletter. */
export const FUNNEL_PAGES = [
  'menu',
  'nostalgia',
  'niveles',
  'afirmaciones',
  'recursos-gratuitos',
  'newsletter',
  'reprograma',
  'manifiesta',
  'manifiesta-call',
  'hielo',
  'masterclasses',
  'coaching',
  'about',
  'confirmacion-pago',
] as const;
export type FunnelPage = (typeof FUNNEL_PAGES)[number];

/**
 * A visitor opened a funnel page (never recorded under Do-Not-Track or Global Privacy Control). `utm`: the campaign of
 * one of our mails' links she arrived by (course/campaigns.ts), nothing else of the address. Added as an optional
 * field: every payload written before it is a valid payload of this schema and reads as a view without a campaign,
 * so the version stays 1 (an upcaster is for a change old payloads would not satisfy).
 */
export const LeadPageViewed = defineEvent(
  'LeadPageViewed',
  1,
  z.strictObject({
    visitorId: z.uuid(),
    page: z.enum(FUNNEL_PAGES),
    section: z.string().min(1).max(60).optional(),
    utm: z.strictObject({ source: z.enum(MAIL_SOURCES), campaign: z.string().max(MAX_CAMPAIGN).regex(CAMPAIGN_PATTERN) }).optional(),
  }),
);

export const CALL_PAGES = ['reprograma', 'manifiesta'] as const;
export const WHATSAPP_PATTERN = /^\+?[\d\s()-]{8,20}$/;
export const MAX_CALL_MESSAGE = 2_000;

/** A visitor asked for the free clarification call from a sales page. */
export const ClarificationCallRequested = defineEvent(
  'ClarificationCallRequested',
  1,
  z
    .strictObject({
      requestId: z.uuid(),
      page: z.enum(CALL_PAGES),
      name: z.string().trim().min(1).max(MAX_NICK),
      email: z.string().max(MAX_EMAIL).regex(EMAIL_PATTERN).optional(),
      whatsapp: z.string().regex(WHATSAPP_PATTERN).optional(),
      message: z.string().trim().max(MAX_CALL_MESSAGE).optional(),
      visitorId: z.uuid().optional(),
    })
    .refine((d) => d.email !== undefined || d.whatsapp !== undefined),
  {
    personal: {
      // With an address, the lead's own key (forgetting the address forgets the call); without one, a key of its own.
      subject: (d) => (d.email === undefined ? requestSubject(d.requestId) : leadSubject(d.email)),
      fields: ['name', 'email', 'whatsapp', 'message'],
    },
  },
);

/**
 * Double opt-in (decision 0016): the newsletter form asked for the letters; a confirmation mail went to the address.
 * Recorded in the address's visitor stream, before the LeadCaptured of the same request.
 */
export const SubscriptionRequested = defineEvent(
  'SubscriptionRequested',
  1,
  z.strictObject({
    email: z.string().max(MAX_EMAIL).regex(EMAIL_PATTERN),
    /** The download form whose checkbox asked for the letters; absent: the newsletter form. */
    page: z.enum(LEAD_PAGES).optional(),
  }),
  { personal: { subject: (d) => leadSubject(d.email), fields: ['email'] } },
);

/** The address's owner followed the confirmation link: only now does the address receive letters. */
export const SubscriptionConfirmed = defineEvent('SubscriptionConfirmed', 1, z.strictObject({}));

/**
 * The address's owner left the letters (the one-click link of a mail, or its page): no marketing mail goes to it
 * any more until she subscribes again. `letterId`: the letter whose link was used, for its statistics.
 */
export const Unsubscribed = defineEvent('Unsubscribed', 1, z.strictObject({ letterId: z.uuid().optional() }));

/** SMTP answered a permanent failure (5xx) for the address: letters stop until she subscribes again. */
export const SubscriberBounced = defineEvent('SubscriberBounced', 1, z.strictObject({}));

export const leadEvents = [
  LeadCaptured,
  LeadPageViewed,
  ClarificationCallRequested,
  SubscriptionRequested,
  SubscriptionConfirmed,
  Unsubscribed,
  SubscriberBounced,
] as const;
export const visitStreamId = (visitorId: string) => `visit-${visitorId}`;
export const callStreamId = (requestId: string) => `call-${requestId}`;
