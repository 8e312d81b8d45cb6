// The lead slice: state of one visitor stream, a pure evolve and a pure decide.
import { createHash } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '../store/types';
import { LeadCaptured, type LeadSource } from './leads.events';

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

/** A subscription is a state, not a download: subscribing again changes nothing. */
export const isSubscription = (page: string) => page === 'Newsletter Archive';

/**
 * Every download is recorded (the funnel counts them); only the first per source earns a welcome mail.
 * A repeated newsletter subscription writes nothing.
 */
export function decideCaptureLead(state: VisitorState, command: CaptureLead): { events: NewEvent[]; sendWelcome: boolean } {
  const firstForSource = !state.sources.has(sourceKey(command.page, command.section));
  if (!firstForSource && isSubscription(command.page)) return { events: [], sendWelcome: false };
  const event = LeadCaptured.create({
    email: normaliseEmail(command.email),
    nick: command.nick.trim(),
    page: command.page,
    section: command.section,
    status: command.status,
    firstForSource,
    ...(command.visitorId ? { visitorId: command.visitorId } : {}),
  }, { eventId: command.eventId });
  return { events: [event], sendWelcome: firstForSource };
}
