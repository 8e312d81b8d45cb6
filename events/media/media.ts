// One uploaded file's stream: it is uploaded once; a retried upload with the same id records nothing more.
import type { NewEvent, RecordedEvent } from '../store/types';
import { MediaUploaded, type MediaUploadedData } from './media.events';

export interface MediaState {
  uploaded: MediaUploadedData | null;
}

export const mediaFold = {
  initial: { uploaded: null } as MediaState,
  evolve: (state: MediaState, event: RecordedEvent): MediaState => (MediaUploaded.is(event) ? { uploaded: event.data } : state),
};

export function decideUpload(upload: MediaUploadedData, state: MediaState, eventId?: string): NewEvent[] {
  return state.uploaded ? [] : [MediaUploaded.create(upload, { eventId })];
}
