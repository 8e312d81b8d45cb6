import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readVisitorRecord, recordLead, setPagoAfirmaciones, subscribeVisitorRecord, useVisitorRecord, VISITOR_RECORD_KEY } from './visitor-record';

const stored = () => JSON.parse(window.localStorage.getItem(VISITOR_RECORD_KEY) ?? 'null') as unknown;

const EMPTY = {
  email: '',
  nick: '',
  statuses: [],
  nostalgiaDownloaded: false,
  nivelesDownloaded: false,
  fragmentoDownloaded: false,
  ebookDownloaded: false,
};

const lead = (page: string, section: string) => ({ email: 'ana@example.com', nick: 'Ana', page, section, status: 'downloaded' });

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("visitor record ('userSM')", () => {
  it('is empty when nothing is stored', () => {
    expect(readVisitorRecord()).toEqual(EMPTY);
    expect(readVisitorRecord()).not.toHaveProperty('pagoAfirmaciones');
  });

  it('stores a lead: who sent it, its status and the flag it sets', () => {
    recordLead(lead('nostalgia', 'fragmento'));

    expect(stored()).toEqual({
      ...EMPTY,
      email: 'ana@example.com',
      nick: 'Ana',
      statuses: [{ page: 'nostalgia', section: 'fragmento', status: 'downloaded' }],
      nostalgiaDownloaded: true,
    });
    expect(readVisitorRecord()).toEqual(stored());
    // The same stored text gives the same object (useSyncExternalStore needs a stable snapshot).
    expect(readVisitorRecord()).toBe(readVisitorRecord());
  });

  it('derives each flag from its page and section, and keeps a status once', () => {
    recordLead(lead('niveles', 'pdf'));
    recordLead(lead('niveles', 'pdf'));
    expect(readVisitorRecord()).toMatchObject({ nivelesDownloaded: true, fragmentoDownloaded: false, nostalgiaDownloaded: false });

    recordLead(lead('afirmaciones', 'fragmento'));
    expect(readVisitorRecord()).toMatchObject({ fragmentoDownloaded: true, ebookDownloaded: false });

    recordLead({ ...lead('afirmaciones', 'ebook'), email: 'otra@example.com', nick: 'Ana María' });
    const record = readVisitorRecord();
    expect(record).toMatchObject({
      email: 'otra@example.com',
      nick: 'Ana María',
      nostalgiaDownloaded: false,
      nivelesDownloaded: true,
      fragmentoDownloaded: true,
      ebookDownloaded: true,
    });
    expect(record.statuses).toEqual([
      { page: 'niveles', section: 'pdf', status: 'downloaded' },
      { page: 'afirmaciones', section: 'fragmento', status: 'downloaded' },
      { page: 'afirmaciones', section: 'ebook', status: 'downloaded' },
    ]);
  });

  it("sets the promo payment to 'doing' and then 'done', keeping the rest", () => {
    recordLead(lead('afirmaciones', 'fragmento'));
    setPagoAfirmaciones('doing');
    expect(stored()).toMatchObject({ pagoAfirmaciones: 'doing', fragmentoDownloaded: true, nick: 'Ana' });
    setPagoAfirmaciones('done');
    expect(readVisitorRecord().pagoAfirmaciones).toBe('done');
    // Recording another lead keeps it.
    recordLead(lead('afirmaciones', 'ebook'));
    expect(readVisitorRecord()).toMatchObject({ pagoAfirmaciones: 'done', ebookDownloaded: true });
  });

  it('tolerates corrupt JSON: logs it and counts as empty', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(VISITOR_RECORD_KEY, '{"email": "ana@exa');
    expect(readVisitorRecord()).toEqual(EMPTY);
    expect(logged).toHaveBeenCalledTimes(1);

    // Recording over it starts clean.
    recordLead(lead('nostalgia', 'fragmento'));
    expect(readVisitorRecord()).toMatchObject({ nostalgiaDownloaded: true, statuses: [{ page: 'nostalgia', section: 'fragmento', status: 'downloaded' }] });
  });

  it('tolerates a foreign shape: keeps what it understands', () => {
    window.localStorage.setItem(
      VISITOR_RECORD_KEY,
      JSON.stringify({
        email: 7,
        nick: 'Ana',
        statuses: [
          { page: 'niveles', section: 'pdf', status: 'downloaded' },
          'x',
          { page: 'niveles' },
          { page: 'niveles', section: 'pdf', status: 'downloaded' },
        ],
        pagoAfirmaciones: 'maybe',
      }),
    );
    const record = readVisitorRecord();
    expect(record).toEqual({ ...EMPTY, nick: 'Ana', statuses: [{ page: 'niveles', section: 'pdf', status: 'downloaded' }], nivelesDownloaded: true });

    window.localStorage.setItem(VISITOR_RECORD_KEY, '[1,2]');
    expect(readVisitorRecord()).toEqual(EMPTY);
  });

  it('keeps a flag an earlier version stored without its status', () => {
    window.localStorage.setItem(
      VISITOR_RECORD_KEY,
      JSON.stringify({ email: 'a@b.co', nick: 'A', statuses: [], nostalgiaDownloaded: true, pagoAfirmaciones: 'done' }),
    );
    expect(readVisitorRecord()).toMatchObject({ nostalgiaDownloaded: true, nivelesDownloaded: false, pagoAfirmaciones: 'done' });
  });

  it('tells subscribers about every change, and about other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeVisitorRecord(listener);
    recordLead(lead('nostalgia', 'fragmento'));
    setPagoAfirmaciones('doing');
    setPagoAfirmaciones('doing'); // no change, no news
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: VISITOR_RECORD_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'otra-cosa' }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    recordLead(lead('niveles', 'pdf'));
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('useVisitorRecord re-renders with the new record', () => {
    const { result } = renderHook(() => useVisitorRecord());
    expect(result.current.nivelesDownloaded).toBe(false);
    act(() => {
      recordLead(lead('niveles', 'pdf'));
    });
    expect(result.current).toMatchObject({ nivelesDownloaded: true, nick: 'Ana' });
  });

  it('a read the browser refuses is logged once and keeps the last record read', () => {
    recordLead(lead('niveles', 'pdf'));
    const last = readVisitorRecord();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readVisitorRecord()).toBe(last);
    readVisitorRecord();
    expect(logged).toHaveBeenCalledTimes(1);
  });

  // Last: afterwards the module keeps the record in memory until a write succeeds again.
  it('a write the browser refuses is logged, and the record lives on in memory', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    recordLead(lead('nostalgia', 'fragmento'));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(readVisitorRecord()).toMatchObject({ nostalgiaDownloaded: true, nick: 'Ana' });
    expect(window.localStorage.getItem(VISITOR_RECORD_KEY)).toBeNull();

    setItem.mockRestore();
    setPagoAfirmaciones('doing');
    expect(stored()).toMatchObject({ nostalgiaDownloaded: true, pagoAfirmaciones: 'doing' });
  });
});
