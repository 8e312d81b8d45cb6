// Per-request helpers shared by route handlers: event ids from idempotency keys, event metadata, and the
// options of a write made under an Idempotency-Key.
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { deterministicUuid } from '../events/store/ids';
import type { EventMetadata, RequestKey } from '../events/store/types';

const KEY_PATTERN = /^[\w.:-]{8,128}$/;

function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && KEY_PATTERN.test(key) ? key : undefined;
}

/** The route as declared ('/api/coach/learners/:id/notes'): what an Idempotency-Key is scoped to. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? request.url;

/**
 * The id of the n-th event a request writes. With an Idempotency-Key header the id is derived from it
 * (and the route), so a retried request finds its events stored and writes nothing twice.
 */
export function eventIdFor(request: FastifyRequest, index: number): string | undefined {
  const key = idempotencyKey(request);
  return key === undefined ? undefined : deterministicUuid(routeOf(request), key, String(index));
}

export function requestMetadata(request: FastifyRequest, actor: string): EventMetadata {
  return { actor, requestId: request.id };
}

/** JSON with object keys sorted at every level: the same data always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a request is, for telling a retry from a reuse of its Idempotency-Key: method, route, account and the
 * validated params, query and body (parsed, so spacing and key order do not count), without the body fields
 * that only say when this copy was sent. An HMAC keyed with the Idempotency-Key itself, which is never stored
 * (logs redact it; event ids are one-way): the digest kept with the events cannot confirm a guess of what a
 * learner wrote, even once that text is erased. 128 bits: it tells requests apart, it guards no secret.
 */
function requestDigest(request: FastifyRequest, key: string, account: string, sendTimeFields: readonly string[], what?: unknown): string {
  const given = what === undefined ? request.body : what;
  const body =
    given !== null && typeof given === 'object' && !Array.isArray(given)
      ? Object.fromEntries(Object.entries(given).filter(([name]) => !sendTimeFields.includes(name)))
      : (given ?? null);
  const text = canonicalJson([request.method, routeOf(request), account, request.params ?? {}, request.query ?? {}, body]);
  return createHmac('sha256', key).update(text).digest().subarray(0, 16).toString('base64url');
}

/**
 * The options of a write whose event ids come from eventIdFor: its metadata and, under an Idempotency-Key,
 * the key (first event id and digest), so that the same request sent again answers as the first did and
 * another request under the same key is refused with 422. `actor` is the account (a user id, or 'visitor').
 * `sendTimeFields`: body fields measured when a copy is sent (an age in seconds), which differ between two
 * copies of one request. `body`: what the request carries when it is not a parsed body (an upload: its file's
 * hash and its fields).
 */
export function keyedWrite(
  request: FastifyRequest,
  actor: string,
  { sendTimeFields = [], body }: { sendTimeFields?: readonly string[]; body?: Record<string, unknown> } = {},
): { metadata: EventMetadata; key?: RequestKey } {
  const metadata = requestMetadata(request, actor);
  const key = idempotencyKey(request);
  if (key === undefined) return { metadata };
  return { metadata, key: { firstEventId: eventIdFor(request, 0)!, digest: requestDigest(request, key, actor, sendTimeFields, body) } };
}
