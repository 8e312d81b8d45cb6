// Guest progress → the events a signed-in learner would have produced. An activity's guest data is one
// object; each translator registered for the activity reads its own part of it (a lesson reflection,
// the activity's own answers) and turns it into events.
//
// Contract for translators: use loose objects and optional fields, so data written by an earlier
// version of a page (or by another translator's part) still parses; a translator that cannot parse an
// activity's data makes the whole sync a 400, and that guest's progress would never merge.
import type { z } from 'zod';
import type { NewEvent } from '../store/types';

export interface GuestContext {
  userId: string;
  /** A stable id for the n-th event of this translator's part: posting the same data twice writes once. */
  eventId(n: number): string;
}

export interface GuestTranslator<S extends z.ZodType = z.ZodType> {
  /** Names the translator's part, for stable event ids. */
  name: string;
  schema: S;
  translate(data: z.output<S>, context: GuestContext): NewEvent[];
}

const translators = new Map<string, GuestTranslator[]>();

export function registerGuestTranslator<S extends z.ZodType>(slug: string, translator: GuestTranslator<S>): void {
  const list = translators.get(slug) ?? [];
  if (list.some((t) => t.name === translator.name)) throw new Error(`guest translator ${translator.name} for ${slug} registered twice`);
  translators.set(slug, [...list, translator as unknown as GuestTranslator]);
}

/** The translators of an activity's guest data (none when the activity keeps nothing on the server). */
export const guestTranslators = (slug: string): readonly GuestTranslator[] => translators.get(slug) ?? [];
