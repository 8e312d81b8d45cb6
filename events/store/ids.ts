// Event ids. Deterministic ones (UUID v5 layout over SHA-1) let the same request always name the same
// events; fresh ones are time-ordered (UUID v7) so the unique index on event_id grows at its right edge.
import { createHash, randomFillSync } from 'node:crypto';

const NAMESPACE = 'manifiesta:events';

function format(bytes: Buffer): string {
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function deterministicUuid(...parts: string[]): string {
  const hash = createHash('sha1').update(NAMESPACE).update('\u0000').update(parts.join('\u0000')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  return format(hash);
}

// Random bytes drawn in bulk: one call to the CSPRNG per 256 ids instead of one per id.
const pool = Buffer.alloc(16 * 256);
let offset = pool.length;

/** RFC 9562 UUID v7: 48-bit Unix milliseconds, then random bits. */
export function timeOrderedUuid(now = Date.now()): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, (offset += 16)));
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return format(bytes);
}
