// Per-request helpers shared by route handlers: event ids from idempotency keys, event metadata.
import type { FastifyRequest } from 'fastify';
import { deterministicUuid } from '../events/store/ids';
import type { EventMetadata } from '../events/store/types';

const KEY_PATTERN = /^[\w.:-]{8,128}$/;

/**
 * The id of the n-th event a request writes. With an Idempotency-Key header the id is derived from it
 * (and the route), so a retried request finds its events stored and writes nothing twice.
 */
export function eventIdFor(request: FastifyRequest, index: number): string | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) return undefined;
  return deterministicUuid(request.routeOptions.url ?? request.url, key, String(index));
}

export function requestMetadata(request: FastifyRequest, actor: string): EventMetadata {
  return { actor, requestId: request.id };
}
