import { describe, expect, it } from 'vitest';
import { deterministicUuid, timeOrderedUuid } from './ids';

const V5_LAYOUT = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('deterministicUuid', () => {
  it('is stable for the same parts', () => {
    expect(deterministicUuid('/api/leads/add', 'key-12345678', '0')).toBe(deterministicUuid('/api/leads/add', 'key-12345678', '0'));
  });

  it('differs when any part differs', () => {
    const base = deterministicUuid('/api/leads/add', 'key-12345678', '0');
    expect(deterministicUuid('/api/leads/add', 'key-12345678', '1')).not.toBe(base);
    expect(deterministicUuid('/api/leads/add', 'key-87654321', '0')).not.toBe(base);
    expect(deterministicUuid('/api/other', 'key-12345678', '0')).not.toBe(base);
  });

  it('keeps part boundaries: (ab, c) and (a, bc) differ', () => {
    expect(deterministicUuid('ab', 'c')).not.toBe(deterministicUuid('a', 'bc'));
  });

  it('is a lower-case RFC 4122 UUID with version 5 and the variant bits set', () => {
    for (const parts of [['a'], ['/api/leads/add', 'k', '0'], [''], ['ñandú', '🙂']]) {
      expect(deterministicUuid(...parts)).toMatch(V5_LAYOUT);
    }
  });

  it('spreads: many distinct inputs give distinct ids', () => {
    const ids = new Set(Array.from({ length: 2000 }, (_, i) => deterministicUuid('route', `key-${i}`, '0')));
    expect(ids.size).toBe(2000);
  });
});

describe('timeOrderedUuid', () => {
  it('is a version-7 UUID whose first 48 bits are the time, so later ids sort after earlier ones', () => {
    const a = timeOrderedUuid(1_700_000_000_000);
    const b = timeOrderedUuid(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.replace(/-/g, '').slice(0, 12)).toBe((1_700_000_000_000).toString(16).padStart(12, '0'));
    expect(a < b).toBe(true);
  });

  it('never repeats, across many refills of its random pool', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => timeOrderedUuid(1_700_000_000_000)));
    expect(ids.size).toBe(5000);
  });
});
