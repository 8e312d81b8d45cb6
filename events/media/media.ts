// One uploaded file's stream: it is uploaded once (a retried upload with the same id records nothing more) and
// deleted at most once, and only while nothing on the site uses it.
import { MEDIA_MESSAGES } from '../../course/media';
import { ConflictError, NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { MediaDeleted, MediaUploaded, type MediaUploadedData } from './media.events';

export interface MediaState {
  uploaded: MediaUploadedData | null;
  deleted: boolean;
}

export const mediaFold = {
  initial: { uploaded: null, deleted: false } as MediaState,
  evolve: (state: MediaState, event: RecordedEvent): MediaState => {
    if (MediaUploaded.is(event)) return { ...state, uploaded: event.data };
    if (MediaDeleted.is(event)) return { ...state, deleted: true };
    return state;
  },
};

export function decideUpload(upload: MediaUploadedData, state: MediaState, eventId?: string): NewEvent[] {
  return state.uploaded ? [] : [MediaUploaded.create(upload, { eventId })];
}

/** The SHA-256 of every stored file an upload named: the file itself and its smaller copies. */
export const storedHashes = (upload: MediaUploadedData): string[] => [...new Set([upload.file.sha256, ...upload.variants.map((v) => v.sha256)])];

/**
 * Deletes a file of the library. `uses` are the places of the site that show it, each said to the coach as a
 * sentence (loaded before deciding): while there is one, the file stays.
 */
export function decideDelete(command: { mediaId: string; uses: readonly string[]; eventId?: string }, state: MediaState): NewEvent[] {
  if (!state.uploaded || state.deleted) throw new NotFoundError(MEDIA_MESSAGES.notFound);
  if (command.uses.length > 0) throw new ConflictError(command.uses.join(' '));
  return [MediaDeleted.create({ mediaId: command.mediaId }, { eventId: command.eventId })];
}
