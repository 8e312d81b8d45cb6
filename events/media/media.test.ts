import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../course/media';
import { recorded } from '../../tests/setup/recorded';
import { ConflictError, NotFoundError } from '../errors';
import { decideDelete, decideUpload, mediaFold, storedHashes, type MediaState } from './media';
import type { MediaUploadedData } from './media.events';

const mediaId = '0190a1b2-0000-7000-8000-000000000001';
const sha = (c: string) => c.repeat(64);
const upload: MediaUploadedData = {
  mediaId,
  kind: 'image',
  label: 'Retrato',
  file: { sha256: sha('a'), ext: 'jpg', bytes: 1000 },
  width: 800,
  height: 600,
  variants: [
    { sha256: sha('b'), ext: 'webp', bytes: 300, width: 320, height: 240 },
    { sha256: sha('c'), ext: 'avif', bytes: 200, width: 320, height: 240 },
  ],
};
const fold = (events: ReturnType<typeof decideUpload>, state: MediaState = mediaFold.initial) =>
  events.reduce((s, e) => mediaFold.evolve(s, recorded(e.type, e.data)), state);

describe('a file of the library', () => {
  it('is deleted once, while nothing uses it', () => {
    const uploaded = fold(decideUpload(upload, mediaFold.initial));
    const events = decideDelete({ mediaId, uses: [] }, uploaded);
    expect(events.map((e) => [e.type, e.data])).toEqual([['MediaDeleted', { mediaId }]]);
    const deleted = fold(events, uploaded);
    expect(() => decideDelete({ mediaId, uses: [] }, deleted)).toThrow(new NotFoundError(MEDIA_MESSAGES.notFound));
    // A retried upload of the same id does not bring it back.
    expect(decideUpload(upload, deleted)).toEqual([]);
  });

  it('is not deleted while the site uses it: the places are the message', () => {
    const uploaded = fold(decideUpload(upload, mediaFold.initial));
    expect(() => decideDelete({ mediaId, uses: ['Es tu retrato.', 'Está en un testimonio.'] }, uploaded)).toThrow(
      new ConflictError('Es tu retrato. Está en un testimonio.'),
    );
  });

  it('cannot delete what was never uploaded', () => {
    expect(() => decideDelete({ mediaId, uses: [] }, mediaFold.initial)).toThrow(NotFoundError);
  });

  it('names its bytes and those of its copies, once each', () => {
    expect(storedHashes(upload)).toEqual([sha('a'), sha('b'), sha('c')]);
    expect(storedHashes({ ...upload, variants: [{ ...upload.variants[0]!, sha256: sha('a') }] })).toEqual([sha('a')]);
  });
});
