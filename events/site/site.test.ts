import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../store/types';
import { decideSite, seededSettings, siteFold, type SiteState } from './site';

const seed = seededSettings({ noticeText: 'Aviso inicial', coachName: '  ' });
const fold = siteFold(seed);
let position = 0;
const record = (state: SiteState, events: ReturnType<typeof decideSite>): SiteState =>
  events.reduce(
    (s, e) =>
      fold.evolve(s, {
        ...e,
        globalPosition: ++position,
        transactionId: '1',
        streamId: 'site-settings',
        streamPosition: s.version + 1,
        eventId: String(position),
        version: 1,
        metadata: { actor: 'coach' },
        recordedAt: new Date(),
      } as RecordedEvent),
    state,
  );

describe('site settings decisions', () => {
  it('start from the environment only: blank seed values stay unset', () => {
    expect(fold.initial.settings.noticeText).toBe('Aviso inicial');
    expect(fold.initial.settings.coachName).toBeNull();
  });

  it('record only what changed, and nothing when nothing did', () => {
    const events = decideSite({ type: 'Change', changes: { coachName: 'Ana', noticeText: 'Aviso inicial' } }, fold.initial, seed);
    expect(events.map((e) => e.data)).toEqual([{ changes: { coachName: 'Ana' } }]);
    const state = record(fold.initial, events);
    expect(decideSite({ type: 'Change', changes: { coachName: 'Ana' } }, state, seed)).toEqual([]);
  });

  it('restore an earlier version as the difference from now, and refuse a version that does not exist', () => {
    let state = record(fold.initial, decideSite({ type: 'Change', changes: { coachName: 'Ana', bookUrl: 'https://example.com/a' } }, fold.initial, seed));
    state = record(state, decideSite({ type: 'Change', changes: { coachName: 'Bea', bookUrl: null } }, state, seed));
    const [restored] = decideSite({ type: 'Restore', version: 1 }, state, seed);
    expect(restored!.data).toEqual({ changes: { coachName: 'Ana', bookUrl: 'https://example.com/a' }, restoredFrom: 1 });
    expect(decideSite({ type: 'Restore', version: 2 }, state, seed)).toEqual([]);
    expect(() => decideSite({ type: 'Restore', version: 3 }, state, seed)).toThrow('No existe esa versión');
  });
});
