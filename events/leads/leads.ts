// The lead slice: state of one visitor stream, a pure evolve, and the decisions on leads, page views and
// clarification calls behind one decider.
import { createHash } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '../store/types';
import { ClarificationCallRequested, LeadCaptured, LeadPageViewed, type CALL_PAGES, type FunnelPage, type LeadSource } from './leads.events';

export interface CaptureLead {
  email: string;
  nick: string;
  page: LeadSource['page'];
  section: LeadSource['section'];
  status: LeadSource['status'];
  /** From the request's idempotency key, so a retried request writes once. */
  eventId?: string;
  visitorId?: string;
}

export interface VisitorState {
  /** 'page|section' pairs already captured for this address. */
  sources: ReadonlySet<string>;
}

export const initialVisitorState: VisitorState = { sources: new Set() };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** One stream per address: the funnel before an account exists. The id reveals nothing of the address. */
export function visitorStreamId(email: string): string {
  return `visitor-${createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 32)}`;
}

const sourceKey = (page: string, section: string) => `${page}|${section}`;

export function evolveVisitor(state: VisitorState, event: RecordedEvent): VisitorState {
  if (LeadCaptured.is(event)) {
    return { sources: new Set(state.sources).add(sourceKey(event.data.page, event.data.section)) };
  }
  return state;
}

export const visitorFold = { initial: initialVisitorState, evolve: evolveVisitor };

/** A subscription is a state, not a download: subscribing again changes nothing. */
export const isSubscription = (page: string) => page === 'Newsletter Archive';

/**
 * Every download is recorded (the funnel counts them); only the first per source earns a welcome mail.
 * A repeated newsletter subscription writes nothing.
 */
export function decideCaptureLead(state: VisitorState, command: CaptureLead): { events: NewEvent[]; sendWelcome: boolean } {
  const firstForSource = !state.sources.has(sourceKey(command.page, command.section));
  if (!firstForSource && isSubscription(command.page)) return { events: [], sendWelcome: false };
  const event = LeadCaptured.create(
    {
      email: normaliseEmail(command.email),
      nick: command.nick.trim(),
      page: command.page,
      section: command.section,
      status: command.status,
      firstForSource,
      ...(command.visitorId ? { visitorId: command.visitorId } : {}),
    },
    { eventId: command.eventId },
  );
  return { events: [event], sendWelcome: firstForSource };
}

export interface RecordPageView {
  visitorId: string;
  page: FunnelPage;
  section?: string;
  eventId?: string;
}

/** A view is recorded whatever came before it (the funnel counts every one). */
export function decidePageView(command: RecordPageView): NewEvent[] {
  const { visitorId, page, section, eventId } = command;
  return [LeadPageViewed.create({ visitorId, page, ...(section ? { section } : {}) }, { eventId })];
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

export type LeadsCommand = (CaptureLead & { type: 'CaptureLead' }) | (RecordPageView & { type: 'RecordPageView' }) | (RequestCall & { type: 'RequestCall' });

/** Only a lead's capture reads its address's stream (and earns a welcome mail); views and calls depend on nothing before them. */
export function decideLeads(command: LeadsCommand, state: VisitorState): { events: NewEvent[]; sendWelcome: boolean } {
  switch (command.type) {
    case 'CaptureLead':
      return decideCaptureLead(state, command);
    case 'RecordPageView':
      return { events: decidePageView(command), sendWelcome: false };
    case 'RequestCall':
      return { events: decideCallRequest(command), sendWelcome: false };
    default: {
      const _never: never = command;
      throw new Error(`unknown leads command: ${JSON.stringify(_never)}`);
    }
  }
}
