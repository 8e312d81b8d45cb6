// The newsletter's letters: each on its own stream (`letter-<uuid>`), written by the coach (the actor in the events'
// metadata) or by 'system' for the archive's first letters. A draft, its edits (only what changed), its publication
// in the archive and its withdrawal. Not personal: the coach's own public writing.
import { z } from 'zod';
import { LETTER_MESSAGES, LETTER_SERIES, letterFieldProblem, type LetterField } from '../../course/newsletter';
import { defineEvent } from '../store/catalog';

const LETTER_STREAM_PREFIX = 'letter-';
export const letterStream = (letterId: string) => `${LETTER_STREAM_PREFIX}${letterId}`;
/** The letter's id from its stream's name. */
export const letterIdOf = (streamId: string) => streamId.slice(LETTER_STREAM_PREFIX.length);

/** One field, checked by the letters' own rule (course/newsletter.ts) so the API and the desk say the same. */
const checked = <T extends z.ZodType>(field: LetterField, base: T) =>
  base.superRefine((value, ctx) => {
    const message = letterFieldProblem(field, value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
const typeError = (field: LetterField) => (issue: { input?: unknown }) => letterFieldProblem(field, issue.input) ?? undefined;
const text = (field: LetterField) => checked(field, z.string({ error: typeError(field) }));

/** A title is kept without the spaces around it; the other fields as written. */
export const LetterFields = {
  title: text('title').transform((title) => title.trim()),
  slug: text('slug'),
  series: z.enum(LETTER_SERIES, { error: LETTER_MESSAGES.series }),
  markdown: text('markdown'),
};
/**
 * The letter's cover: the id of an image of the coach's media library, null to take it away. Absent (and in every
 * event recorded before letters had covers): a draft has none, an edit leaves it as it was.
 */
export const Cover = z.uuid(LETTER_MESSAGES.cover).nullable();
export const PublishedOn = z.iso.date(LETTER_MESSAGES.publishedOn).describe('AAAA-MM-DD');

export const LetterDrafted = defineEvent('LetterDrafted', 1, z.strictObject({ ...LetterFields, cover: Cover.optional() }));

/** Only the fields that changed. */
export const LetterEdited = defineEvent(
  'LetterEdited',
  1,
  z.strictObject({
    title: LetterFields.title.optional(),
    slug: LetterFields.slug.optional(),
    series: LetterFields.series.optional(),
    markdown: LetterFields.markdown.optional(),
    cover: Cover.optional(),
  }),
);

/** Shown in the archive from now on, dated `publishedOn` (absent: the day it was recorded, in UTC). */
export const LetterPublished = defineEvent('LetterPublished', 1, z.strictObject({ publishedOn: PublishedOn.optional() }));

/** Back to a draft: out of the archive. */
export const LetterUnpublished = defineEvent('LetterUnpublished', 1, z.strictObject({}));

export const letterEvents = [LetterDrafted, LetterEdited, LetterPublished, LetterUnpublished] as const;
