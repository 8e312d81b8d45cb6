// A guest's course progress, kept only in this browser: the activities completed and
// each activity's saved data, under localStorage 'manifiesta_guest_progress'. Shared by the course (the
// completion set) and the activities (their data); merged into the account after sign-in, then cleared.
import { useSyncExternalStore } from 'react';

export const GUEST_PROGRESS_KEY = 'manifiesta_guest_progress';

export type GuestProgress = {
  completedSlugs: readonly string[];
  activityData: Readonly<Record<string, unknown>>;
};

const EMPTY: GuestProgress = Object.freeze({ completedSlugs: Object.freeze([]), activityData: Object.freeze({}) });

export const hasGuestProgress = (progress: GuestProgress) => progress.completedSlugs.length > 0 || Object.keys(progress.activityData).length > 0;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whatever is stored, as guest progress: what cannot be read (corrupt JSON, a foreign shape) counts as none. */
function parse(raw: string | null): GuestProgress {
  if (raw === null) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    console.error('El progreso de invitado guardado no se pudo leer; se ignora.', error);
    return EMPTY;
  }
  if (!isRecord(value)) return EMPTY;
  const slugs = Array.isArray(value.completedSlugs) ? value.completedSlugs.filter((s): s is string => typeof s === 'string') : [];
  return { completedSlugs: [...new Set(slugs)], activityData: isRecord(value.activityData) ? value.activityData : {} };
}

// The last raw text read and its parse: one object per stored value, as useSyncExternalStore needs.
let cache: { raw: string | null; value: GuestProgress } = { raw: null, value: EMPTY };
// Set when the browser refuses to store (private mode, quota): the session goes on in memory only.
let memoryOnly: GuestProgress | null = null;
let readFailureLogged = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readGuestProgress(): GuestProgress {
  if (memoryOnly) return memoryOnly;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(GUEST_PROGRESS_KEY);
  } catch (error) {
    // Read on every render: said once, not on each one.
    if (!readFailureLogged) console.error('No se pudo leer el progreso de invitado de este navegador.', error);
    readFailureLogged = true;
    return cache.value;
  }
  if (raw !== cache.raw) cache = { raw, value: parse(raw) };
  return cache.value;
}

function write(next: GuestProgress): void {
  const raw = JSON.stringify(next);
  try {
    window.localStorage.setItem(GUEST_PROGRESS_KEY, raw);
    cache = { raw, value: next };
    memoryOnly = null;
  } catch (error) {
    console.error('No se pudo guardar el progreso de invitado en este navegador.', error);
    memoryOnly = next;
  }
  notify();
}

/** Marks an activity completed; `data`, when given, becomes the activity's saved data. */
export function completeAsGuest(slug: string, data?: unknown): void {
  const current = readGuestProgress();
  const completedSlugs = current.completedSlugs.includes(slug) ? current.completedSlugs : [...current.completedSlugs, slug];
  const activityData = data === undefined ? current.activityData : { ...current.activityData, [slug]: data };
  write({ completedSlugs, activityData });
}

/** Saves an activity's data (e.g. a lesson's reflection) without completing it. */
export function saveGuestActivityData(slug: string, data: unknown): void {
  const current = readGuestProgress();
  write({ completedSlugs: current.completedSlugs, activityData: { ...current.activityData, [slug]: data } });
}

/** Forgets the guest's progress (after it was merged into an account). */
export function clearGuestProgress(): void {
  try {
    window.localStorage.removeItem(GUEST_PROGRESS_KEY);
    memoryOnly = null;
  } catch (error) {
    console.error('No se pudo borrar el progreso de invitado de este navegador.', error);
    memoryOnly = EMPTY;
  }
  cache = { raw: null, value: EMPTY };
  notify();
}

export function subscribeGuestProgress(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same browser changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_PROGRESS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest's progress, re-rendering on every change (this tab or another). */
export function useGuestProgress(): GuestProgress {
  return useSyncExternalStore(subscribeGuestProgress, readGuestProgress, () => EMPTY);
}
