// Guest progress → the events a signed-in learner would have produced. An activity's guest data is one
// object; each translator of the activity reads its own part of it (a lesson reflection, the activity's own
// answers) and turns it into events. The translators are listed in events/registry.ts.
//
// Contract for translators: use loose objects and optional fields, so data written by an earlier
// version of a page (or by another translator's part) still parses; a translator that cannot parse an
// activity's data makes the whole sync a 400, and that guest's progress would never merge.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { findActivity } from '../../course/syllabus';
import { InvalidError } from '../errors';
import { deterministicUuid } from '../store/ids';
import type { NewEvent } from '../store/types';
import { knownActivity, UNKNOWN_ACTIVITY, type GuestActivityEvents, type GuestProgress } from './course';

export interface GuestContext {
  userId: string;
  /** The activity whose data is translated. */
  slug: string;
  /** A stable id for the n-th event of this translator's part: posting the same data twice writes once. */
  eventId(n: number): string;
}

/** `L`: what `admits` reads of the learner's state. */
export interface GuestTranslator<L = unknown, S extends z.ZodType = z.ZodType> {
  /** Names the translator's part, for stable event ids: unique among an activity's translators. */
  name: string;
  /** The activities whose guest data it reads. */
  slugs: readonly string[];
  schema: S;
  translate(data: z.output<S>, context: GuestContext): NewEvent[];
  /** Whether the learner's account still takes one of its events (a cap already reached refuses it); all when absent. */
  admits?(event: NewEvent, learner: L): boolean;
}

/** The translators that read an activity's guest data, in the order listed. */
export const translatorsOf = <L>(translators: readonly GuestTranslator<L>[], slug: string) => translators.filter((t) => t.slugs.includes(slug));

/**
 * A guest's progress, checked and translated before anything is decided: an unknown activity (in either
 * field) or one activity's malformed data refuses all of it (400). Event ids come from the learner, the
 * activity, the translator and the data itself, so the same data synced again has the same ids.
 */
export function readGuestProgress<L>(
  translators: readonly GuestTranslator<L>[],
  userId: string,
  guest: { completedSlugs: readonly string[]; activityData: Readonly<Record<string, unknown>> },
): Omit<GuestProgress<L>, 'roles' | 'stored'> {
  for (const slug of [...guest.completedSlugs, ...Object.keys(guest.activityData)]) {
    if (!findActivity(slug)) throw new InvalidError(`${UNKNOWN_ACTIVITY} (${slug})`);
  }
  const data: GuestActivityEvents<L>[] = [];
  for (const [key, value] of Object.entries(guest.activityData)) {
    const slug = knownActivity(key);
    for (const translator of translatorsOf(translators, slug)) {
      const parsed = translator.schema.safeParse(value);
      if (!parsed.success) throw new InvalidError(`Los datos guardados de «${findActivity(slug)!.title}» no son válidos.`);
      const digest = createHash('sha256').update(JSON.stringify(parsed.data)).digest('hex');
      const eventId = (n: number) => deterministicUuid(userId, 'guest-sync', slug, translator.name, digest, String(n));
      data.push({ slug, events: translator.translate(parsed.data, { userId, slug, eventId }), admits: translator.admits });
    }
  }
  return {
    userId,
    slugs: guest.completedSlugs.map(knownActivity),
    completionIdFor: (slug) => deterministicUuid(userId, 'guest-sync', slug, 'completed'),
    data,
  };
}
