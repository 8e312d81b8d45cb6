// The lead slice: state of one visitor stream, a pure evolve, and the decisions on leads, page views and
// clarification calls behind one decider.
import { createHash } from 'node:crypto';
import type { MailCampaign } from '../../course/campaigns';
import type { NewEvent, RecordedEvent } from '../store/types';
import {
  ClarificationCallRequested,
  LeadCaptured,
  LeadPageViewed,
  SubscriberBounced,
  SubscriptionConfirmed,
  SubscriptionRequested,
  Unsubscribed,
  type CALL_PAGES,
  type FunnelPage,
  type LeadSource,
} from './leads.events';

export interface CaptureLead {
  email: string;
  nick: string;
  page: LeadSource['page'];
  section: LeadSource['section'];
  status: LeadSource['status'];
  /** From the request's idempotency key, so a retried request writes once. */
  eventId?: string;
  /** The second event's id, the same way (a first subscription records two events). */
  nextEventId?: string;
  visitorId?: string;
  /** The request's time: a pending subscription asks for a new confirmation mail only after CONFIRMATION_RESEND_AFTER_MS. */
  now?: Date;
  /**
   * Whether the address has a row in `subscribers` (loaded first; undefined: not looked up). Forgetting an address
   * deletes its row but cannot change its stream, whose fold still says pending or confirmed: without a row, the
   * address has no subscription.
   */
  listed?: boolean;
  /** A download form's opt-in checkbox: ask for the letters too (double opt-in), the download staying immediate. */
  newsletter?: boolean;
}

/**
 * The newsletter's consent (decision 0016): none, asked for and waiting for its link, or confirmed; then perhaps
 * ended by its owner (unsubscribed: no marketing mail at all, decision 0019) or by a permanent SMTP failure.
 */
export type SubscriptionState =
  { status: 'none' } | { status: 'pending'; requestedAt: Date } | { status: 'confirmed' } | { status: 'unsubscribed' } | { status: 'bounced' };

export interface VisitorState {
  /** 'page|section' pairs already captured for this address. */
  sources: ReadonlySet<string>;
  subscription: SubscriptionState;
}

export const initialVisitorState: VisitorState = { sources: new Set(), subscription: { status: 'none' } };

/** A second subscription while the first waits for its link sends no new mail within this time. */
export const CONFIRMATION_RESEND_AFTER_MS = 60 * 60 * 1000;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** One stream per address: the funnel before an account exists. The id reveals nothing of the address. */
export function visitorStreamId(email: string): string {
  return `visitor-${createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 32)}`;
}

const sourceKey = (page: string, section: string) => `${page}|${section}`;

/** The newsletter form's source (page and section), which a subscription is about. */
export const isSubscription = (page: string) => page === 'Newsletter Archive';

export function evolveVisitor(state: VisitorState, event: RecordedEvent): VisitorState {
  if (LeadCaptured.is(event)) {
    const sources = new Set(state.sources).add(sourceKey(event.data.page, event.data.section));
    // A form subscription with no SubscriptionRequested before it is one from before double opt-in: it keeps
    // its status, confirmed (decision 0016). Today's subscriptions record SubscriptionRequested first.
    const legacy = isSubscription(event.data.page) && state.subscription.status === 'none';
    return { sources, subscription: legacy ? { status: 'confirmed' } : state.subscription };
  }
  // Recorded only when the address has no subscription (or it was forgotten since): it waits for its link again.
  if (SubscriptionRequested.is(event)) return { ...state, subscription: { status: 'pending', requestedAt: event.recordedAt } };
  // A confirmation link, or the unsubscribe page's «volver a suscribirme» (its token proves the mailbox).
  if (SubscriptionConfirmed.is(event)) {
    if (state.subscription.status === 'none' || state.subscription.status === 'confirmed') return state;
    return { ...state, subscription: { status: 'confirmed' } };
  }
  // From any state: a lead who never subscribed can leave every marketing mail from a welcome mail's link.
  if (Unsubscribed.is(event)) return { ...state, subscription: { status: 'unsubscribed' } };
  if (SubscriberBounced.is(event)) return { ...state, subscription: { status: 'bounced' } };
  return state;
}

export const visitorFold = { initial: initialVisitorState, evolve: evolveVisitor };

/** What a capture mails: a download's welcome, a subscription's confirmation link (a download with the box ticked: both). */
export type LeadMail = 'welcome' | 'confirm-subscription';

/**
 * Every download is recorded (the funnel counts them); only the first per source earns a welcome mail. With the
 * download form's box ticked, the same request also asks for the letters (after the download, which stays immediate).
 * A subscription is a state, not a download, and asks for consent (double opt-in): the first records
 * SubscriptionRequested and the lead, and mails the confirmation link; while it waits, asking again writes nothing
 * within the hour and, after it, asks again (a new link); a confirmed subscription writes nothing; an ended one
 * (unsubscribed, bounced) starts again.
 */
export function decideCaptureLead(state: VisitorState, command: CaptureLead): { events: NewEvent[]; mails: LeadMail[] } {
  const firstForSource = !state.sources.has(sourceKey(command.page, command.section));
  if (isSubscription(command.page)) {
    const request = decideSubscriptionRequest(state, command, command.eventId);
    if (!request) return { events: [], mails: [] };
    // A new subscription (a first one, one that ended, or one whose address was forgotten since): its lead is
    // recorded again, so the confirmation mail finds the address.
    const events = request.waiting ? [request.event] : [request.event, leadCaptured(command, firstForSource, command.nextEventId)];
    return { events, mails: ['confirm-subscription'] };
  }
  const lead = leadCaptured(command, firstForSource, command.eventId);
  const mails: LeadMail[] = firstForSource ? ['welcome'] : [];
  const request = command.newsletter ? decideSubscriptionRequest(state, command, command.nextEventId) : undefined;
  return request ? { events: [lead, request.event], mails: [...mails, 'confirm-subscription'] } : { events: [lead], mails };
}

/** The SubscriptionRequested a form's request records, if any (`waiting`: the address already waits for a link). */
function decideSubscriptionRequest(state: VisitorState, command: CaptureLead, eventId: string | undefined): { event: NewEvent; waiting: boolean } | undefined {
  const subscription: SubscriptionState = command.listed === false ? { status: 'none' } : state.subscription;
  if (subscription.status === 'confirmed') return undefined;
  const waiting = subscription.status === 'pending';
  if (waiting && (command.now ?? new Date()).getTime() - subscription.requestedAt.getTime() < CONFIRMATION_RESEND_AFTER_MS) return undefined;
  const page = isSubscription(command.page) ? {} : { page: command.page };
  return { event: SubscriptionRequested.create({ email: normaliseEmail(command.email), ...page }, { eventId }), waiting };
}

function leadCaptured(command: CaptureLead, firstForSource: boolean, eventId: string | undefined): NewEvent {
  return LeadCaptured.create(
    {
      email: normaliseEmail(command.email),
      nick: command.nick.trim(),
      page: command.page,
      section: command.section,
      status: command.status,
      firstForSource,
      ...(command.visitorId ? { visitorId: command.visitorId } : {}),
    },
    { eventId },
  );
}

export interface RecordPageView {
  visitorId: string;
  page: FunnelPage;
  section?: string;
  /** The campaign of our mail's link she came by, already read by `mailCampaign` (none when it was not ours). */
  utm?: MailCampaign;
  eventId?: string;
}

/** A view is recorded whatever came before it (the funnel counts every one). */
export function decidePageView(command: RecordPageView): NewEvent[] {
  const { visitorId, page, section, utm, eventId } = command;
  return [LeadPageViewed.create({ visitorId, page, ...(section ? { section } : {}), ...(utm ? { utm } : {}) }, { eventId })];
}

export interface RequestCall {
  /** The request's own id (it names its stream). */
  requestId: string;
  page: (typeof CALL_PAGES)[number];
  name: string;
  email?: string;
  whatsapp?: string;
  message?: string;
  visitorId?: string;
  eventId?: string;
}

/** Every request for a clarification call is recorded, with the address normalised as a lead's is. */
export function decideCallRequest(command: RequestCall): NewEvent[] {
  const { requestId, page, name, email, whatsapp, message, visitorId, eventId } = command;
  return [
    ClarificationCallRequested.create(
      {
        requestId,
        page,
        name,
        ...(email ? { email: normaliseEmail(email) } : {}),
        ...(whatsapp ? { whatsapp } : {}),
        ...(message ? { message } : {}),
        ...(visitorId ? { visitorId } : {}),
      },
      { eventId },
    ),
  ];
}

export interface ConfirmSubscription {
  eventId?: string;
}

/** The confirmation link followed: a waiting subscription is confirmed; a confirmed one again writes nothing. */
export function decideConfirmSubscription(state: VisitorState, command: ConfirmSubscription): NewEvent[] {
  if (state.subscription.status !== 'pending') return [];
  return [SubscriptionConfirmed.create({}, { eventId: command.eventId })];
}

export interface Unsubscribe {
  /** The letter whose link was used, if any. */
  letterId?: string;
  eventId?: string;
}

/** The one-click link or its page (decision 0019): the address leaves every marketing mail; leaving twice writes nothing. */
export function decideUnsubscribe(state: VisitorState, command: Unsubscribe): NewEvent[] {
  if (state.subscription.status === 'unsubscribed') return [];
  return [Unsubscribed.create(command.letterId ? { letterId: command.letterId } : {}, { eventId: command.eventId })];
}

export interface Resubscribe {
  /** The address (from the leads read model): a subscription that was never asked for, or forgotten, is asked for first. */
  email: string;
  /** Whether the address has a row in `subscribers` (loaded first), as for a capture. */
  listed: boolean;
  eventId?: string;
  nextEventId?: string;
}

/**
 * The unsubscribe page's «volver a suscribirme»: its token proves the mailbox, so the subscription is confirmed at
 * once (no second opt-in mail); an address already confirmed writes nothing.
 */
export function decideResubscribe(state: VisitorState, command: Resubscribe): NewEvent[] {
  const status = command.listed ? state.subscription.status : 'none';
  if (status === 'confirmed') return [];
  const confirmed = SubscriptionConfirmed.create({}, { eventId: status === 'none' ? command.nextEventId : command.eventId });
  if (status !== 'none') return [confirmed];
  return [SubscriptionRequested.create({ email: normaliseEmail(command.email) }, { eventId: command.eventId }), confirmed];
}

export interface RecordBounce {
  eventId?: string;
}

/** The mail server refused the address for good: a subscription that was on ends (an ended one stays as it is). */
export function decideBounce(state: VisitorState, command: RecordBounce): NewEvent[] {
  const { status } = state.subscription;
  if (status !== 'pending' && status !== 'confirmed') return [];
  return [SubscriberBounced.create({}, { eventId: command.eventId })];
}

export type LeadsCommand =
  | (CaptureLead & { type: 'CaptureLead' })
  | (RecordPageView & { type: 'RecordPageView' })
  | (RequestCall & { type: 'RequestCall' })
  | (ConfirmSubscription & { type: 'ConfirmSubscription' })
  | (Unsubscribe & { type: 'Unsubscribe' })
  | (Resubscribe & { type: 'Resubscribe' })
  | (RecordBounce & { type: 'RecordBounce' });

/**
 * Only a lead's capture and a subscription's confirmation read the address's stream (a capture earns a welcome or a
 * confirmation mail); views and calls depend on nothing before them.
 */
export function decideLeads(command: LeadsCommand, state: VisitorState): { events: NewEvent[]; mails: LeadMail[] } {
  switch (command.type) {
    case 'CaptureLead':
      return decideCaptureLead(state, command);
    case 'RecordPageView':
      return { events: decidePageView(command), mails: [] };
    case 'RequestCall':
      return { events: decideCallRequest(command), mails: [] };
    case 'ConfirmSubscription':
      return { events: decideConfirmSubscription(state, command), mails: [] };
    case 'Unsubscribe':
      return { events: decideUnsubscribe(state, command), mails: [] };
    case 'Resubscribe':
      return { events: decideResubscribe(state, command), mails: [] };
    case 'RecordBounce':
      return { events: decideBounce(state, command), mails: [] };
    default: {
      const _never: never = command;
      throw new Error(`unknown leads command: ${JSON.stringify(_never)}`);
    }
  }
}
