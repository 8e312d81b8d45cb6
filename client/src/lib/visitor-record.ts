// The visitor's own record of the free downloads and the ebook promo,
// kept in this browser under localStorage 'userSM': who they said they were (prefills the next form), each
// {page, section, status} the lead form recorded, the flags derived from those statuses, and how far the
// affirmations promo payment got. Storage failures are logged and the session goes on in memory.
import { useSyncExternalStore } from 'react';

export const VISITOR_RECORD_KEY = 'userSM';

export type LeadStatus = { page: string; section: string; status: string };
export type PromoPayment = 'doing' | 'done';

export type VisitorRecord = {
  email: string;
  nick: string;
  statuses: readonly LeadStatus[];
  nostalgiaDownloaded: boolean;
  nivelesDownloaded: boolean;
  /** The free fragment of the affirmations ebook (page afirmaciones, section fragmento). */
  fragmentoDownloaded: boolean;
  ebookDownloaded: boolean;
  pagoAfirmaciones?: PromoPayment;
};

type Flag = 'nostalgiaDownloaded' | 'nivelesDownloaded' | 'fragmentoDownloaded' | 'ebookDownloaded';

/** Which stored status sets which flag. */
const FLAG_SOURCES: Record<Flag, { page: string; section: string }> = {
  nostalgiaDownloaded: { page: 'nostalgia', section: 'fragmento' },
  nivelesDownloaded: { page: 'niveles', section: 'pdf' },
  fragmentoDownloaded: { page: 'afirmaciones', section: 'fragmento' },
  ebookDownloaded: { page: 'afirmaciones', section: 'ebook' },
};
const FLAGS = Object.keys(FLAG_SOURCES) as Flag[];

const EMPTY: VisitorRecord = Object.freeze({
  email: '',
  nick: '',
  statuses: Object.freeze([]),
  nostalgiaDownloaded: false,
  nivelesDownloaded: false,
  fragmentoDownloaded: false,
  ebookDownloaded: false,
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isStatus = (value: unknown): value is LeadStatus =>
  isRecord(value) && typeof value.page === 'string' && typeof value.section === 'string' && typeof value.status === 'string';

const sameStatus = (a: LeadStatus, b: LeadStatus) => a.page === b.page && a.section === b.section && a.status === b.status;

/**
 * The record with its flags recomputed from the statuses. A flag already true stays true: a record written by
 * an earlier version of the site may carry the flag without the status behind it.
 */
function withFlags(base: Omit<VisitorRecord, Flag>, previous: Partial<Record<Flag, unknown>> = {}): VisitorRecord {
  const record = { ...base } as VisitorRecord;
  for (const flag of FLAGS) {
    const { page, section } = FLAG_SOURCES[flag];
    record[flag] = previous[flag] === true || base.statuses.some((s) => s.page === page && s.section === section && s.status === 'downloaded');
  }
  return record;
}

/** Whatever is stored, as a record: what cannot be read (corrupt JSON, a foreign shape) counts as empty. */
function parse(raw: string | null): VisitorRecord {
  if (raw === null) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    console.error('El registro de descargas guardado no se pudo leer; se ignora.', error);
    return EMPTY;
  }
  if (!isRecord(value)) return EMPTY;
  const statuses: LeadStatus[] = [];
  for (const s of Array.isArray(value.statuses) ? value.statuses : []) {
    if (isStatus(s) && !statuses.some((kept) => sameStatus(kept, s))) {
      statuses.push({ page: s.page, section: s.section, status: s.status });
    }
  }
  const pago = value.pagoAfirmaciones;
  return withFlags(
    {
      email: typeof value.email === 'string' ? value.email : '',
      nick: typeof value.nick === 'string' ? value.nick : '',
      statuses,
      ...(pago === 'doing' || pago === 'done' ? { pagoAfirmaciones: pago } : {}),
    },
    value,
  );
}

// The last stored text read and its parse: one object per stored value, as useSyncExternalStore needs.
let cache: { raw: string | null; value: VisitorRecord } = { raw: null, value: EMPTY };
// Set when the browser refuses to store (private mode, quota): the record lives on in memory only.
let inMemory: VisitorRecord | null = null;
let readFailureLogged = false;
const listeners = new Set<() => void>();

export function readVisitorRecord(): VisitorRecord {
  if (inMemory) return inMemory;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(VISITOR_RECORD_KEY);
  } catch (error) {
    // Read on every render: said once, not on each one.
    if (!readFailureLogged) console.error('No se pudo leer el registro de descargas de este navegador.', error);
    readFailureLogged = true;
    return cache.value;
  }
  if (raw !== cache.raw) cache = { raw, value: parse(raw) };
  return cache.value;
}

function save(next: VisitorRecord): void {
  const raw = JSON.stringify(next);
  try {
    window.localStorage.setItem(VISITOR_RECORD_KEY, raw);
    cache = { raw, value: next };
    inMemory = null;
  } catch (error) {
    console.error('No se pudo guardar el registro de descargas en este navegador.', error);
    inMemory = next;
  }
  listeners.forEach((listener) => listener());
}

/** A lead the server accepted: remembers who sent it (for the next form) and its status, once. */
export function recordLead(lead: { email: string; nick: string } & LeadStatus): VisitorRecord {
  const current = readVisitorRecord();
  const status: LeadStatus = { page: lead.page, section: lead.section, status: lead.status };
  const statuses = current.statuses.some((s) => sameStatus(s, status)) ? current.statuses : [...current.statuses, status];
  const next = withFlags({ ...current, email: lead.email, nick: lead.nick, statuses }, current);
  save(next);
  return next;
}

/** How far the affirmations promo payment got: 'doing' on the way to the checkout, 'done' once confirmed. */
export function setPagoAfirmaciones(state: PromoPayment): void {
  const current = readVisitorRecord();
  if (current.pagoAfirmaciones === state) return;
  save({ ...current, pagoAfirmaciones: state });
}

export function subscribeVisitorRecord(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same browser changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === VISITOR_RECORD_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor record, re-rendering on every change (this tab or another). */
export function useVisitorRecord(): VisitorRecord {
  return useSyncExternalStore(subscribeVisitorRecord, readVisitorRecord, () => EMPTY);
}
