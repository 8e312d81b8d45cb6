import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { eventIdFor, keyedWrite } from './request';

const request = (over: { key?: string; url?: string; body?: unknown; params?: object }) =>
  ({
    id: 'req-1',
    method: 'POST',
    url: over.url ?? '/api/activity/saveReflection',
    routeOptions: { url: over.url ?? '/api/activity/saveReflection' },
    headers: over.key === undefined ? {} : { 'idempotency-key': over.key },
    params: over.params ?? {},
    query: {},
    body: over.body ?? { activityId: '12-areas-balance', text: 'version one' },
  }) as unknown as FastifyRequest;

const KEY = 'clave-de-prueba-0001';
const digestOf = (r: FastifyRequest, actor = 'user-a', sendTimeFields?: string[]) => keyedWrite(r, actor, { sendTimeFields }).key?.digest;

describe('keyedWrite: what tells a retry from a reuse of its Idempotency-Key', () => {
  it('without a usable key there is nothing to tell: metadata only', () => {
    expect(keyedWrite(request({}), 'user-a')).toEqual({ metadata: { actor: 'user-a', requestId: 'req-1' } });
    expect(keyedWrite(request({ key: 'corta' }), 'user-a').key).toBeUndefined();
  });

  it("names the request's first event as eventIdFor does", () => {
    const r = request({ key: KEY });
    expect(keyedWrite(r, 'user-a').key?.firstEventId).toBe(eventIdFor(r, 0));
  });

  it('the same request gives the same digest, whatever the order of its fields', () => {
    expect(digestOf(request({ key: KEY, body: { text: 'version one', activityId: '12-areas-balance' } }))).toBe(digestOf(request({ key: KEY })));
  });

  it('another body, account, path or key gives another digest', () => {
    const base = digestOf(request({ key: KEY }));
    expect(digestOf(request({ key: KEY, body: { activityId: '12-areas-balance', text: 'version TWO' } }))).not.toBe(base);
    expect(digestOf(request({ key: KEY }), 'user-b')).not.toBe(base);
    expect(digestOf(request({ key: KEY, params: { id: 'otra' } }))).not.toBe(base);
    expect(digestOf(request({ key: 'clave-de-prueba-0002' }))).not.toBe(base);
  });

  it('leaves out the fields that only say when a copy was sent, and nothing else', () => {
    const session = (endedSecondsAgo: number, seconds = 600) => request({ key: KEY, url: '/api/meditation/sessions', body: { seconds, endedSecondsAgo } });
    expect(digestOf(session(60), 'user-a', ['endedSecondsAgo'])).toBe(digestOf(session(155), 'user-a', ['endedSecondsAgo']));
    expect(digestOf(session(60, 601), 'user-a', ['endedSecondsAgo'])).not.toBe(digestOf(session(60), 'user-a', ['endedSecondsAgo']));
    expect(digestOf(session(60))).not.toBe(digestOf(session(155)));
  });

  it('does not carry the body in the clear: a short opaque string', () => {
    const digest = digestOf(request({ key: KEY }))!;
    expect(digest).toMatch(/^[\w-]{22}$/);
    expect(digest).not.toContain('version');
  });
});
