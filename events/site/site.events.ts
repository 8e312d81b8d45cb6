// The coach's public settings of the site (her name, presentation and story, contact, booking and social links, the
// site notice), one stream for the whole site: each save records only the fields that changed (null: cleared).
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../course/contact';
import { SITE_TEXT_LIMITS, type SiteTextField } from '../../course/site';
import { defineEvent } from '../store/catalog';

export const SITE_SETTINGS_STREAM = 'site-settings';

/** The https links, each hidden (or read «Próximamente») on the site while unset. */
export const URL_FIELDS = [
  'bookingFirstSessionUrl',
  'bookingClarificationCallUrl',
  'bookingPurposeSessionUrl',
  'instagramUrl',
  'tiktokUrl',
  'youtubeUrl',
  'bookUrl',
  'nivelesVideoUrl',
] as const;
export const TEXT_FIELDS = ['coachName', 'coachBio', 'coachStory', 'noticeText'] as const satisfies readonly SiteTextField[];
export const EMAIL_FIELDS = ['contactEmail', 'techProjectsEmail'] as const;
/** The coach's portrait: the id of an image of her media library. */
export const MEDIA_FIELDS = ['coachPhoto'] as const;
export const SETTINGS_FIELDS = [...TEXT_FIELDS, ...EMAIL_FIELDS, 'whatsappNumber', ...URL_FIELDS, 'noticeLink', ...MEDIA_FIELDS] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type Settings = Record<SettingsField, string | null>;

export const MAX_LENGTH: Record<(typeof TEXT_FIELDS)[number], number> = SITE_TEXT_LIMITS;
export const MAX_URL = 500;

/** E.164 as stored: a plus sign and 8 to 15 digits. */
export const E164 = /^\+\d{8,15}$/;

export const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
};
/** The notice may link to a page of the site (a path) or elsewhere over https. */
export const isNoticeLink = (value: string) => (value.startsWith('/') && !value.startsWith('//')) || isHttpsUrl(value);

const url = z.string().max(MAX_URL).refine(isHttpsUrl).nullable().optional();
const email = z.string().max(MAX_EMAIL).regex(EMAIL_PATTERN).nullable().optional();

export const SettingsChanges = z.strictObject({
  coachName: z.string().min(1).max(MAX_LENGTH.coachName).nullable().optional(),
  coachBio: z.string().min(1).max(MAX_LENGTH.coachBio).nullable().optional(),
  /** Her own story, in plain text: paragraphs separated by a blank line. */
  coachStory: z.string().min(1).max(MAX_LENGTH.coachStory).nullable().optional(),
  noticeText: z.string().min(1).max(MAX_LENGTH.noticeText).nullable().optional(),
  contactEmail: email,
  techProjectsEmail: email,
  whatsappNumber: z.string().regex(E164).nullable().optional(),
  bookingFirstSessionUrl: url,
  bookingClarificationCallUrl: url,
  bookingPurposeSessionUrl: url,
  instagramUrl: url,
  tiktokUrl: url,
  youtubeUrl: url,
  bookUrl: url,
  nivelesVideoUrl: url,
  noticeLink: z.string().max(MAX_URL).refine(isNoticeLink).nullable().optional(),
  coachPhoto: z.uuid().nullable().optional(),
});
export type SettingsChangesT = z.output<typeof SettingsChanges>;

// Not sealed: these are the coach's own public professional details, published by her on the site
// (events/personal-fields.test.ts says so field by field).
export const SiteSettingsChanged = defineEvent(
  'SiteSettingsChanged',
  1,
  z.strictObject({
    changes: SettingsChanges,
    /** A restore: the version whose settings these changes bring back. */
    restoredFrom: z.number().int().min(0).optional(),
  }),
);

export const siteEvents = [SiteSettingsChanged] as const;
