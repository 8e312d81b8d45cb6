// Every string an event can carry is either declared personal (sealed with its person's key) or listed here as
// not personal, with the reason. A new event type, or a new string field, fails this test until someone decides.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalog } from './registry';

/**
 * Strings that are not personal data. Enumerations, UUIDs and ISO dates are recognised by their schema and need
 * no entry: they cannot hold what a person wrote.
 */
const NOT_PERSONAL: Record<string, readonly string[]> = {
  RoleGranted: ['by'], // who granted it: 'system' or the coach's id
  RoleRevoked: ['by'],
  WhyQuestionAsked: ['questionId', 'model', 'promptVersion'], // our ids and the AI model's name
  BeliefGoalSaved: ['hesitations[].timeFrame.label', 'perfectTimeFrameLabel'], // the course's own time-frame labels
  LeadPageViewed: ['section', 'utm.campaign'], // a section of our page; the campaign our own mail's link carried (a letter's slug)
  PaymentConfirmed: ['paymentId', 'currency'], // the provider's number, ISO currency
  PaymentReversed: ['paymentId'],
  PaymentHeld: ['paymentId', 'currency'],
  CheckoutStarted: ['currency', 'preferenceId'], // ISO currency, the provider's id of the checkout (a guest's address is personal)
  EntitlementGranted: ['paymentId'],
  EntitlementRevoked: ['paymentId'],
  PersonForgotten: ['subject'], // a user id or a keyed hash: what was forgotten, never who
  // The coach's letters: her own writing, published by her in the archive and mailed to subscribers (a send keeps
  // the letter as it was scheduled).
  LetterDrafted: ['title', 'slug', 'markdown'],
  LetterEdited: ['title', 'slug', 'markdown'],
  LetterSendScheduled: ['title', 'slug', 'markdown'],
  // The coach's welcome sequences: her own writing, mailed to the leads of a download.
  SequenceStepWritten: ['subject', 'markdown'],
  // The coach's public professional details, which she herself publishes on the site (name, bio, story, work e-mails,
  // WhatsApp, links, notice): public by her choice, so not sealed; a change is undone by a newer change.
  SiteSettingsChanged: [
    'changes.coachName',
    'changes.coachBio',
    'changes.coachStory',
    'changes.noticeText',
    'changes.contactEmail',
    'changes.techProjectsEmail',
    'changes.whatsappNumber',
    'changes.bookingFirstSessionUrl',
    'changes.bookingClarificationCallUrl',
    'changes.bookingPurposeSessionUrl',
    'changes.instagramUrl',
    'changes.tiktokUrl',
    'changes.youtubeUrl',
    'changes.bookUrl',
    'changes.nivelesVideoUrl',
    'changes.noticeLink',
  ],
  CatalogueChanged: ['changes.retreatStart', 'changes.retreatEnd'], // the retreat's public dates
  // The coach's own files, named by the SHA-256 of their bytes, and the name she gives each in her library.
  MediaUploaded: ['label', 'file.sha256', 'variants[].sha256'],
};

type Json = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  properties?: Record<string, Json>;
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
};

const CLOSED_FORMATS = new Set(['uuid', 'date', 'date-time']);

/** The paths of the free strings of a JSON schema, in the notation of the personal declarations (`a.b`, `list[].c`). */
function freeStrings(schema: Json, at = ''): string[] {
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (schema[key]) return schema[key].flatMap((s) => freeStrings(s, at));
  if (schema.properties) return Object.entries(schema.properties).flatMap(([name, s]) => freeStrings(s, at ? `${at}.${name}` : name));
  if (schema.items) return freeStrings(schema.items, `${at}[]`);
  const isString = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  if (!isString || schema.enum || schema.const !== undefined || (schema.format && CLOSED_FORMATS.has(schema.format))) return [];
  return [at];
}

describe('personal fields', () => {
  const definitions = createCatalog().definitions();

  it.each(definitions.map((d) => [d.type, d] as const))('%s declares every free string personal or not', (type, definition) => {
    const strings = [...new Set(freeStrings(z.toJSONSchema(definition.schema, { unrepresentable: 'any', io: 'input' }) as Json))];
    const personal = definition.personal?.fields ?? [];
    const allowed = NOT_PERSONAL[type] ?? [];
    expect(strings.filter((s) => !personal.includes(s) && !allowed.includes(s))).toEqual([]);
    // And nothing declared that the schema does not have (a renamed field would otherwise go unsealed).
    expect([...personal, ...allowed].filter((p) => !strings.includes(p))).toEqual([]);
  });

  it('knows whose each personal field is', () => {
    for (const d of definitions.filter((d) => d.personal)) expect(typeof d.personal!.subject).toBe('function');
  });
});
