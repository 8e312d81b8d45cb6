// Personal fields sealed in the log (crypto-shredding): each declared field of an event is encrypted with its
// person's data key (AES-256-GCM, a fresh 96-bit IV per value, the event id and the field's path as additional
// authenticated data, so a sealed value moved to another event or field does not open). Forgetting a person
// deletes the key; a value whose key is gone reads as REDACTED and the event is marked `redacted`.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Whose a personal field is: a learner (their user id), a lead address (its e-mail), or one request of its own (a call request without an address). */
export type Subject = { kind: 'user'; id: string } | { kind: 'lead'; email: string } | { kind: 'request'; id: string };

export const userSubject = (id: string): Subject => ({ kind: 'user', id });
export const leadSubject = (email: string): Subject => ({ kind: 'lead', email });
export const requestSubject = (id: string): Subject => ({ kind: 'request', id });
/** How person_keys names a user's or a request's key (`user:<id>`); a lead's is keyed by a hash of the address (keyring.ts). */
export const subjectIdOf = (subject: { kind: 'user' | 'request'; id: string }) => `${subject.kind}:${subject.id}`;

/**
 * An event's personal data: whose it is and where it sits. A path names a field (`email`), a nested one
 * (`contact.email`) or every element of an array (`hesitations[].belief`, `tags[]`); every string found there is
 * sealed on its own, so the payload keeps its shape when it is redacted.
 */
export interface PersonalFields<D = never> {
  subject: (data: D) => Subject;
  fields: readonly string[];
}

/** What a personal text reads as once its person is forgotten. Folds and projections treat it as text. */
export const REDACTED = '(dato eliminado)';

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export const newDataKey = () => randomBytes(KEY_BYTES);

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

// IVs are drawn from a pool of random bytes refilled when used up: each is still 96 random bits used once, at a
// fraction of the cost of asking the system for 12 bytes per value (sealing is on every append's path).
let ivPool = Buffer.alloc(0);
let ivAt = 0;
function nextIv(): Buffer {
  if (ivAt + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_BYTES * 1024);
    ivAt = 0;
  }
  ivAt += IV_BYTES;
  return ivPool.subarray(ivAt - IV_BYTES, ivAt);
}

export function sealValue(key: Buffer, aad: string, plain: string): string {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = cipher.update(plain, 'utf8');
  cipher.final(); // GCM is a stream mode: everything came out of update
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body], IV_BYTES + TAG_BYTES + body.length).toString('base64');
}

/** The plain text, or undefined when the key is not the one it was sealed with (or the value was tampered with). */
export function openValue(key: Buffer, aad: string, sealed: string): string | undefined {
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = decipher.update(raw.subarray(IV_BYTES + TAG_BYTES));
    decipher.final(); // checks the tag (throws when it does not match); GCM gave everything out of update
    return plain.toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * A copy of `data` with every string at the given paths replaced by `fn(value, concretePath)` (the concrete path
 * numbers array elements: `hesitations.2.belief`). Other values are left as they are.
 */
export function mapPersonal(data: unknown, paths: readonly string[], fn: (value: string, path: string) => unknown): unknown {
  let out = data;
  for (const path of paths) out = mapPath(out, stepsOf(path), '', fn);
  return out;
}

const steps = new Map<string, string[]>();
const stepsOf = (path: string) => {
  let s = steps.get(path);
  if (!s) steps.set(path, (s = path.split('.')));
  return s;
};

function mapPath(value: unknown, steps: string[], at: string, fn: (value: string, path: string) => unknown): unknown {
  if (steps.length === 0) return typeof value === 'string' ? fn(value, at) : value;
  const [step, ...rest] = steps as [string, ...string[]];
  const isArray = step.endsWith('[]');
  const name = isArray ? step.slice(0, -2) : step;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !(name in value)) return value;
  const here = at ? `${at}.${name}` : name;
  const field = (value as Record<string, unknown>)[name];
  const next = isArray ? (Array.isArray(field) ? field.map((item, i) => mapPath(item, rest, `${here}.${i}`, fn)) : field) : mapPath(field, rest, here, fn);
  return next === field ? value : { ...(value as Record<string, unknown>), [name]: next };
}

const aadOf = (eventId: string, path: string) => `${eventId}/${path}`;

/** Seals an event's personal fields with its person's key. */
export function sealData(fields: readonly string[], eventId: string, data: unknown, key: Buffer): unknown {
  return mapPersonal(data, fields, (value, path) => sealValue(key, aadOf(eventId, path), value));
}

/** Opens an event's sealed fields; with no key (forgotten) or a value that does not open, REDACTED and `redacted: true`. */
export function openData(fields: readonly string[], eventId: string, data: unknown, key: Buffer | null): { data: unknown; redacted: boolean } {
  let redacted = false;
  const opened = mapPersonal(data, fields, (value, path) => {
    if (!isSealed(value)) return value;
    const plain = key ? openValue(key, aadOf(eventId, path), value) : undefined;
    if (plain === undefined) redacted = true;
    return plain ?? REDACTED;
  });
  return { data: opened, redacted };
}

/**
 * A sealed value left closed, to be opened only if it is shown (the coach's "state now" folds a whole journey
 * but shows only the latest texts). It carries what opens it — the key read in the same statement as its event
 * (null once its person is forgotten) and its event id and path as AAD — and nothing is decrypted until `open`.
 * Folds only move personal texts about (no comparing, trimming or measuring), so folding closed values and
 * opening what is left gives the state that opening first gives (events/coach/journey-closed.test.ts).
 */
export class ClosedValue {
  readonly #key: Buffer | null;
  readonly #aad: string;
  readonly #sealed: string;
  readonly #subject: string | undefined;
  /** `subject`: whose key opens it (the event's `sealedFor`), so that a snapshot can find the key again. */
  constructor(key: Buffer | null, aad: string, sealed: string, subject?: string) {
    this.#key = key;
    this.#aad = aad;
    this.#sealed = sealed;
    this.#subject = subject;
  }
  /** What a fold snapshot stores of it: the ciphertext as the log holds it, never the text, never the key. */
  sealedParts(): { sealed: string; aad: string; subject: string | undefined } {
    return { sealed: this.#sealed, aad: this.#aad, subject: this.#subject };
  }
  /** The plain text, or REDACTED when the key is gone or the value does not open — as openData reads it. */
  open(): string {
    return (this.#key && openValue(this.#key, this.#aad, this.#sealed)) ?? REDACTED;
  }
  /** Never the ciphertext nor the text in a log or a response by mistake. */
  toJSON(): never {
    throw new Error('a closed personal value must be opened before it is serialised');
  }
}

/**
 * An event's sealed fields as ClosedValues (typed as the text they stand for). `redacted` is known now only when
 * the key is gone; a value that does not open with the key it has (tampered) shows as REDACTED once opened.
 */
export function closeData(
  fields: readonly string[],
  eventId: string,
  data: unknown,
  key: Buffer | null,
  subject?: string,
): { data: unknown; redacted: boolean } {
  let sealed = false;
  const closed = mapPersonal(data, fields, (value, path) => {
    if (!isSealed(value)) return value;
    sealed = true;
    return new ClosedValue(key, aadOf(eventId, path), value, subject);
  });
  return { data: closed, redacted: key === null && sealed };
}

/** A copy of `value` (plain objects and arrays, walked) with every ClosedValue in it opened. */
export function openClosed<T>(value: T): T {
  if (value instanceof ClosedValue) return value.open() as T;
  if (Array.isArray(value)) return value.map(openClosed) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, openClosed(v)])) as T;
  return value;
}
