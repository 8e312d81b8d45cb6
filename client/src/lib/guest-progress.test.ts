import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearGuestProgress,
  completeAsGuest,
  GUEST_PROGRESS_KEY,
  hasGuestProgress,
  readGuestProgress,
  saveGuestActivityData,
  subscribeGuestProgress,
} from './guest-progress';

const stored = () => JSON.parse(window.localStorage.getItem(GUEST_PROGRESS_KEY) ?? 'null') as unknown;

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  clearGuestProgress();
});

describe('guest progress store', () => {
  it('is empty when nothing is stored', () => {
    expect(readGuestProgress()).toEqual({ completedSlugs: [], activityData: {} });
    expect(hasGuestProgress(readGuestProgress())).toBe(false);
  });

  it("reads what is stored under 'manifiesta_guest_progress'", () => {
    window.localStorage.setItem(
      'manifiesta_guest_progress',
      JSON.stringify({ completedSlugs: ['12-areas-balance'], activityData: { '12-areas-balance': { a: 1 } } }),
    );
    expect(readGuestProgress()).toEqual({ completedSlugs: ['12-areas-balance'], activityData: { '12-areas-balance': { a: 1 } } });
    expect(hasGuestProgress(readGuestProgress())).toBe(true);
    // The same stored text gives the same object (useSyncExternalStore needs a stable snapshot).
    expect(readGuestProgress()).toBe(readGuestProgress());
  });

  it('tolerates corrupt JSON: logs it and counts as no progress', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(GUEST_PROGRESS_KEY, '{"completedSlugs": ["12-areas');
    expect(readGuestProgress()).toEqual({ completedSlugs: [], activityData: {} });
    expect(logged).toHaveBeenCalledTimes(1);

    // Completing over it starts clean.
    completeAsGuest('12-areas-balance');
    expect(stored()).toEqual({ completedSlugs: ['12-areas-balance'], activityData: {} });
  });

  it('tolerates a foreign shape: keeps only string slugs and an object of data', () => {
    window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify({ completedSlugs: ['a', 3, null, 'a', 'b'], activityData: [1] }));
    expect(readGuestProgress()).toEqual({ completedSlugs: ['a', 'b'], activityData: {} });
    window.localStorage.setItem(GUEST_PROGRESS_KEY, '"texto"');
    expect(readGuestProgress()).toEqual({ completedSlugs: [], activityData: {} });
  });

  it('completing adds the slug once and stores its data when given', () => {
    completeAsGuest('12-areas-balance', { ratings: { health: 7 } });
    completeAsGuest('12-areas-balance');
    completeAsGuest('concientizando-areas-balance');
    expect(stored()).toEqual({
      completedSlugs: ['12-areas-balance', 'concientizando-areas-balance'],
      activityData: { '12-areas-balance': { ratings: { health: 7 } } },
    });
  });

  it("saves an activity's data without completing it", () => {
    saveGuestActivityData('mapa-de-tus-emociones', { reflection: 'Hoy sentí calma.' });
    expect(stored()).toEqual({ completedSlugs: [], activityData: { 'mapa-de-tus-emociones': { reflection: 'Hoy sentí calma.' } } });
  });

  it('clear removes the local copy', () => {
    completeAsGuest('12-areas-balance');
    clearGuestProgress();
    expect(window.localStorage.getItem(GUEST_PROGRESS_KEY)).toBeNull();
    expect(readGuestProgress()).toEqual({ completedSlugs: [], activityData: {} });
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeGuestProgress(listener);
    completeAsGuest('12-areas-balance');
    clearGuestProgress();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    completeAsGuest('12-areas-balance');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a write the browser refuses is logged, and the progress lives on in memory', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    completeAsGuest('12-areas-balance');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(readGuestProgress().completedSlugs).toEqual(['12-areas-balance']);
    expect(window.localStorage.getItem(GUEST_PROGRESS_KEY)).toBeNull();
  });

  it('a read the browser refuses is logged once and counts as no progress', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readGuestProgress()).toEqual({ completedSlugs: [], activityData: {} });
    readGuestProgress();
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
