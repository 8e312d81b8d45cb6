// Guest progress → the events a signed-in learner would have produced. Each activity that keeps data
// registers a translator here (its schema for the guest's activityData and the events it becomes).
import type { z } from 'zod';
import type { NewEvent } from '../store/types';

export interface GuestContext {
  userId: string;
  /** A stable id for the n-th event of this activity's data: posting the same data twice writes once. */
  eventId(n: number): string;
}

export interface GuestTranslator<S extends z.ZodType = z.ZodType> {
  schema: S;
  translate(data: z.output<S>, context: GuestContext): NewEvent[];
}

const translators = new Map<string, GuestTranslator>();

export function registerGuestTranslator<S extends z.ZodType>(slug: string, translator: GuestTranslator<S>): void {
  if (translators.has(slug)) throw new Error(`guest translator for ${slug} registered twice`);
  translators.set(slug, translator as unknown as GuestTranslator);
}

/** The translator of an activity's guest data; undefined when the activity keeps none on the server. */
export const guestTranslator = (slug: string): GuestTranslator | undefined => translators.get(slug);
