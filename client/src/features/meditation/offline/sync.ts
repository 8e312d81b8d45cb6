// A meditator's writes (a finished session, a revelation) go through the browser's outbox (lib/outbox.ts): kept
// there with their Idempotency-Key first, then sent; what cannot be sent now (no network, the server down or
// failing, the session expired) waits for the next try — when the network comes back, at the next visit, or
// the next write — with the same key, so the server stores it once however often it arrives.
import { newIdempotencyKey } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { dequeue, enqueue, queuedFor, type QueuedWrite } from '../../../lib/outbox';
import { postRevelation, postSession, type MeditationSession, type NewRevelation } from '../api/meditation-queries';

export type MeditationWrite = { kind: 'meditation.session'; body: MeditationSession } | { kind: 'meditation.revelation'; body: NewRevelation };

/** Why a write is still waiting: no answer at all, a server error, or nobody signed in for it. */
export type WaitReason = 'offline' | 'server' | 'signed-out';

export type SendResult =
  | { status: 'sent'; kind: MeditationWrite['kind']; data: unknown }
  /** `message`: the server's, when it answered. */
  | { status: 'waiting'; reason: WaitReason; message?: string }
  /** The server refused it for good (e.g. invalid): it is dropped, with the server's message. */
  | { status: 'rejected'; message: string };

function send(write: QueuedWrite): Promise<unknown> {
  switch (write.kind) {
    case 'meditation.session':
      return postSession(write.body as MeditationSession, write.key);
    case 'meditation.revelation':
      return postRevelation(write.body as NewRevelation, write.key);
    default:
      return Promise.reject(new ApiError(`Envío desconocido: ${write.kind}`, 400));
  }
}

const isMeditation = (write: QueuedWrite) => write.kind.startsWith('meditation.');

/** What another try may fix: no answer, a 5xx, a timeout or throttling (408, 429), an expired session (401). */
function waitReason(error: unknown): WaitReason | null {
  if (!(error instanceof ApiError)) return 'offline';
  if (error.status === 401) return 'signed-out';
  return error.status >= 500 || error.status === 408 || error.status === 429 ? 'server' : null;
}

const listeners = new Set<(sent: MeditationWrite['kind'][]) => void>();

/** Called after writes reach the server in the background (not the one a page just submitted and awaits). */
export function onMeditationSynced(listener: (sent: MeditationWrite['kind'][]) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

async function flush(owner: string, extra: QueuedWrite[], awaited: string | null): Promise<Map<string, SendResult>> {
  const results = new Map<string, SendResult>();
  const sentKinds: MeditationWrite['kind'][] = [];
  const waiting = [...queuedFor(owner).filter(isMeditation), ...extra];
  let stopped: WaitReason | null = null;
  for (const write of waiting) {
    if (stopped) {
      results.set(write.key, { status: 'waiting', reason: stopped });
      continue;
    }
    try {
      const data = await send(write);
      dequeue(write.key);
      if (write.key !== awaited) sentKinds.push(write.kind as MeditationWrite['kind']);
      results.set(write.key, { status: 'sent', kind: write.kind as MeditationWrite['kind'], data });
    } catch (error) {
      const reason = waitReason(error);
      if (reason === null) {
        dequeue(write.key);
        console.error('El servidor rechazó un envío de meditación pendiente.', error instanceof ApiError ? error.message : error);
        results.set(write.key, { status: 'rejected', message: error instanceof ApiError ? error.message : String(error) });
        continue;
      }
      results.set(write.key, { status: 'waiting', reason, ...(error instanceof ApiError ? { message: error.message } : {}) });
      // With no network or no session, the rest would fail the same way.
      if (reason !== 'server') stopped = reason;
    }
  }
  if (sentKinds.length > 0) for (const listener of listeners) listener(sentKinds);
  return results;
}

// One flush at a time: a write is never sent by two at once from this page.
let running: Promise<unknown> = Promise.resolve();

/** Sends `owner`'s waiting meditation writes, oldest first. */
export function flushMeditationWrites(owner: string, extra: QueuedWrite[] = [], awaited: string | null = null): Promise<Map<string, SendResult>> {
  const next = running.then(() => flush(owner, extra, awaited));
  running = next.catch(() => undefined);
  return next;
}

/**
 * Makes a write for `owner`, keeps it until the server has it, and sends it (with whatever else waits) now.
 * Its key, to ask about it again with retry().
 */
export async function submitMeditationWrite(owner: string, write: MeditationWrite): Promise<{ key: string; result: SendResult }> {
  const queued: QueuedWrite = { key: newIdempotencyKey(), owner, kind: write.kind, body: write.body, queuedAt: new Date().toISOString() };
  // A browser that refuses to store it still gets one try now.
  const kept = enqueue(queued);
  const results = await flushMeditationWrites(owner, kept ? [] : [queued], queued.key);
  return { key: queued.key, result: results.get(queued.key) ?? { status: 'waiting', reason: 'offline' } };
}

/** Tries `owner`'s waiting writes again; what became of the one with `key` (sent meanwhile, if no longer waiting). */
export async function retryMeditationWrite(owner: string, key: string, kind: MeditationWrite['kind']): Promise<SendResult> {
  const results = await flushMeditationWrites(owner, [], key);
  return results.get(key) ?? (queuedFor(owner).some((w) => w.key === key) ? { status: 'waiting', reason: 'offline' } : { status: 'sent', kind, data: null });
}
