// A guest's revelation waiting for a sign-in: kept in
// sessionStorage 'manifiesta_pending_revelation' as {revelation, totalTimeMeditated}; the guest-progress merge
// posts it once the guest has signed in, and removes it on success.

export const PENDING_REVELATION_KEY = 'manifiesta_pending_revelation';

export type PendingRevelation = { revelation: string; totalTimeMeditated: number };

/** The stored revelation, or null when there is none or it cannot be read (then it is logged). */
export function readPendingRevelation(): PendingRevelation | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_REVELATION_KEY);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { revelation, totalTimeMeditated } = value as Record<string, unknown>;
    if (typeof revelation !== 'string' || revelation.trim() === '') return null;
    const seconds = typeof totalTimeMeditated === 'number' && Number.isFinite(totalTimeMeditated) ? Math.max(0, Math.floor(totalTimeMeditated)) : 0;
    return { revelation, totalTimeMeditated: seconds };
  } catch (error) {
    console.error('No se pudo leer la revelación pendiente de este navegador.', error);
    return null;
  }
}

/** Keeps the revelation for after the sign-in. False when the browser refuses to store it. */
export function storePendingRevelation(pending: PendingRevelation): boolean {
  try {
    window.sessionStorage.setItem(PENDING_REVELATION_KEY, JSON.stringify(pending));
    return true;
  } catch (error) {
    console.error('No se pudo guardar la revelación en este navegador.', error);
    return false;
  }
}

export function clearPendingRevelation(): void {
  try {
    window.sessionStorage.removeItem(PENDING_REVELATION_KEY);
  } catch (error) {
    console.error('No se pudo borrar la revelación pendiente de este navegador.', error);
  }
}
