// Writes kept in this browser until the server has them: a meditation finished or a revelation written with no
// network (or while the server was down) waits here, with the Idempotency-Key it was given when it was made, and
// is sent again with that same key until the server answers. The server derives the events' ids from the key,
// so however many times a write is sent, it is stored once. Each write names the account it belongs to and is
// sent only while that account is signed in. Stored under localStorage 'manifiesta_outbox'; small, no
// dependencies, because the app's shell reads it on every page to know whether anything is waiting.

export const OUTBOX_KEY = 'manifiesta_outbox';
/** Past this many, the oldest waiting writes are dropped: a browser offline for months does not grow forever. */
export const OUTBOX_LIMIT = 200;

export type QueuedWrite = {
  /** The Idempotency-Key, fixed when the write was made. */
  key: string;
  /** The account (user id) the write belongs to. */
  owner: string;
  /** Which write this is; the feature that made it knows how to send it. */
  kind: string;
  body: unknown;
  /** ISO 8601: when it was made. */
  queuedAt: string;
};

const isWrite = (value: unknown): value is QueuedWrite => {
  if (typeof value !== 'object' || value === null) return false;
  const { key, owner, kind, queuedAt } = value as Record<string, unknown>;
  return typeof key === 'string' && typeof owner === 'string' && typeof kind === 'string' && typeof queuedAt === 'string';
};

export function readOutbox(): QueuedWrite[] {
  try {
    const raw = window.localStorage.getItem(OUTBOX_KEY);
    if (raw === null) return [];
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isWrite) : [];
  } catch (error) {
    console.error('No se pudieron leer los envíos pendientes de este navegador.', error);
    return [];
  }
}

function writeOutbox(writes: readonly QueuedWrite[]): boolean {
  try {
    if (writes.length === 0) window.localStorage.removeItem(OUTBOX_KEY);
    else window.localStorage.setItem(OUTBOX_KEY, JSON.stringify(writes.slice(-OUTBOX_LIMIT)));
    return true;
  } catch (error) {
    console.error('No se pudo guardar un envío pendiente en este navegador.', error);
    return false;
  }
}

/** Keeps a write until the server has it. False when the browser refuses to store it (it is then sent once). */
export const enqueue = (write: QueuedWrite): boolean => writeOutbox([...readOutbox().filter((w) => w.key !== write.key), write]);

export const dequeue = (key: string): void => void writeOutbox(readOutbox().filter((w) => w.key !== key));

/** The writes of one account, oldest first. */
export const queuedFor = (owner: string): QueuedWrite[] => readOutbox().filter((w) => w.owner === owner);
