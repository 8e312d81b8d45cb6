import { afterEach, describe, expect, it, vi } from 'vitest';
import { dequeue, enqueue, OUTBOX_KEY, OUTBOX_LIMIT, queuedFor, readOutbox, type QueuedWrite } from './outbox';

const write = (key: string, owner = 'ana'): QueuedWrite => ({
  key,
  owner,
  kind: 'meditation.session',
  body: { seconds: 60 },
  queuedAt: '2026-03-12T08:00:00.000Z',
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the outbox', () => {
  it('keeps writes in order, once per key, per account; a sent one leaves', () => {
    enqueue(write('a'));
    enqueue(write('b', 'beto'));
    enqueue(write('c'));
    enqueue(write('a'));
    expect(readOutbox().map((w) => w.key)).toEqual(['b', 'c', 'a']);
    expect(queuedFor('ana').map((w) => w.key)).toEqual(['c', 'a']);
    dequeue('c');
    dequeue('a');
    dequeue('b');
    expect(window.localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('keeps the newest when it would grow past its limit', () => {
    for (let i = 0; i <= OUTBOX_LIMIT; i += 1) enqueue(write(`k${i}`));
    const kept = readOutbox();
    expect(kept).toHaveLength(OUTBOX_LIMIT);
    expect(kept[0]!.key).toBe('k1');
  });

  it('what cannot be read counts as nothing waiting', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(OUTBOX_KEY, '{roto');
    expect(readOutbox()).toEqual([]);
    window.localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ key: 1 }, write('bien')]));
    expect(readOutbox().map((w) => w.key)).toEqual(['bien']);
  });

  it('a browser that refuses to store says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('lleno', 'QuotaExceededError');
    });
    expect(enqueue(write('a'))).toBe(false);
  });
});
