import { describe, expect, it } from 'vitest';
import { recorder } from '../store/versioned-values.testing';
import { decideSite, seededSettings, siteFold } from './site';

const seed = seededSettings({ noticeText: 'Aviso inicial', coachName: '  ' });
const fold = siteFold(seed);
const record = recorder(fold, 'site-settings');

describe('site settings decisions', () => {
  it('start from the environment only: blank seed values stay unset', () => {
    expect(fold.initial.values.noticeText).toBe('Aviso inicial');
    expect(fold.initial.values.coachName).toBeNull();
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
