// Lead capture: a visitor leaves a name and e-mail for a free download or the newsletter.
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL } from '../shared/contact';
import { defineEvent } from '../store/catalog';

/** The pages, sections and statuses that capture leads (platform.md section 3), and nothing else. */
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

export { EMAIL_PATTERN, MAX_EMAIL } from '../shared/contact';
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
  }),
);

export const leadEvents = [LeadCaptured] as const;
