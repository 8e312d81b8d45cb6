// Which of the coach's files fills each place of the site (course/placements.ts), one stream for the whole site:
// each save records only the places that changed (a media id, a video link, or null: back to what the site ships).
import { z } from 'zod';
import { SLOT_IDS } from '../../course/placements';
import { defineEvent } from '../store/catalog';

export const PLACEMENTS_STREAM = 'media-placements';

export type Placements = Record<string, string | null>;

/** A place's new value: the id of a library file, or (a video's place) the address of a YouTube or Vimeo video. */
export const PlacementValue = z.union([z.uuid(), z.url({ protocol: /^https$/ }).max(500)]).nullable();

export const PlacementChanges = z.partialRecord(z.enum(SLOT_IDS), PlacementValue);
export type PlacementChangesT = z.output<typeof PlacementChanges>;

// Not personal: which of her own files the coach publishes where.
export const MediaPlacementsChanged = defineEvent(
  'MediaPlacementsChanged',
  1,
  z.strictObject({
    changes: PlacementChanges,
    /** A restore: the version whose placements these changes bring back. */
    restoredFrom: z.number().int().min(0).optional(),
  }),
);

export const placementEvents = [MediaPlacementsChanged] as const;
