// The anonymous visitor id: a random first-party cookie that ties page views and leads together for the
// funnel. It carries no personal data; under Do-Not-Track or Global Privacy Control views are not recorded
// and no cookie is set for them.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'mf_visitor';
const ONE_YEAR = 365 * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function visitorIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[VISITOR_COOKIE];
  return value && UUID.test(value) ? value : undefined;
}

/** The visitor's id, set as a cookie on this reply when the browser had none. */
export function ensureVisitorId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = visitorIdOf(request);
  if (existing) return existing;
  const id = randomUUID();
  reply.setCookie(VISITOR_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR });
  return id;
}

/** The browser asks not to be tracked (DNT: 1) or opts out of sale/sharing (Sec-GPC: 1). */
export const optedOut = (request: FastifyRequest) => request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
