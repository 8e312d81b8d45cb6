// What an append decides before and after the database: a write's events prepared, the stored events built
// from the database's answer, and whether a stored write is a retry of a request under its Idempotency-Key.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertRetryOf, IdempotencyKeyReusedError, prepareWrite, recorded } from './append';
import { defineEvent, EventCatalog, InvalidEventError } from './catalog';
import type { RecordedEvent } from './types';

const Noted = defineEvent('Noted', 2, z.strictObject({ n: z.number().int() }));
const catalog = new EventCatalog([Noted]);
const ID = '00000000-0000-4000-8000-000000000001';

describe('prepareWrite', () => {
  it('validates every event, keeps a given id and gives the others a new one, and merges the metadata', () => {
    const part = prepareWrite(
      catalog,
      {
        streamId: 'learner-1',
        expectedVersion: 3,
        events: [Noted.create({ n: 1 }, { eventId: ID, metadata: { origin: 'guest-sync' } }), Noted.create({ n: 2 })],
      },
      { actor: 'u1', origin: 'request' },
      { firstEventId: ID, digest: 'd1' },
    );
    expect(part.ids[0]).toBe(ID);
    expect(part.ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(part.prepared.map((e) => [e.type, e.version, e.data, e.metadata])).toEqual([
      ['Noted', 2, { n: 1 }, { actor: 'u1', origin: 'guest-sync', request: 'd1' }],
      ['Noted', 2, { n: 2 }, { actor: 'u1', origin: 'request', request: 'd1' }],
    ]);
    // The two statements' arguments carry the same events.
    expect(part.args.slice(0, 3)).toEqual(['learner-1', 'learner', 3]);
    expect(JSON.parse(part.args[3] as string)).toEqual(part.batchEntry.events);
    expect(part.batchEntry).toMatchObject({ stream_id: 'learner-1', stream_type: 'learner', expected: 3 });
  });

  it("takes the stream type given, and 'any' as no expected version", () => {
    const part = prepareWrite(catalog, { streamId: 'visitor-9', streamType: 'visit', expectedVersion: 'any', events: [Noted.create({ n: 1 })] }, {});
    expect(part.batchEntry).toMatchObject({ stream_type: 'visit', expected: null });
    expect(part.prepared[0]!.metadata).toEqual({});
  });

  it('refuses an empty write, an unknown type or a payload its schema rejects', () => {
    const write = (events: Array<{ type: string; data: unknown }>) => () => prepareWrite(catalog, { streamId: 's-1', expectedVersion: 0, events }, {});
    expect(write([])).toThrow('append needs at least one event');
    expect(write([{ type: 'Unheard', data: {} }])).toThrow(InvalidEventError);
    expect(write([{ type: 'Noted', data: { n: 1.5 } }])).toThrow(InvalidEventError);
  });
});

describe('recorded', () => {
  it('places the events where the database put them: consecutive stream positions from the first, its global positions, transaction and time', () => {
    const part = prepareWrite(catalog, { streamId: 's-1', expectedVersion: 4, events: [Noted.create({ n: 1 }), Noted.create({ n: 2 })] }, {});
    const at = new Date('2026-05-01T10:00:00Z');
    const result = recorded(part, { first_position: '5', global_positions: ['90', '93'], transaction_id_text: '777', recorded_at: at });
    expect(result.nextVersion).toBe(6);
    expect(result.idempotent).toBe(false);
    expect(result.events.map((e) => [e.streamPosition, e.globalPosition, e.transactionId, e.recordedAt, e.eventId, e.data])).toEqual([
      [5, 90, '777', at, part.ids[0], { n: 1 }],
      [6, 93, '777', at, part.ids[1], { n: 2 }],
    ]);
  });
});

describe('assertRetryOf', () => {
  const stored = (streamId: string, request?: string): RecordedEvent[] => [
    {
      globalPosition: 1,
      transactionId: '1',
      streamId,
      streamPosition: 1,
      eventId: ID,
      type: 'Noted',
      version: 2,
      data: { n: 1 },
      metadata: request === undefined ? {} : { request },
      recordedAt: new Date(),
    },
  ];
  const key = { firstEventId: ID, digest: 'd1' };

  it('accepts the same request (the same digest), whatever stream it names', () => {
    expect(() => assertRetryOf(stored('s-1', 'd1'), 's-1', key)).not.toThrow();
    expect(() => assertRetryOf(stored('s-1', 'd1'), 's-2', key)).not.toThrow();
  });

  it('refuses another request under the key with a 422', () => {
    const refused = (() => {
      try {
        assertRetryOf(stored('s-1', 'd2'), 's-1', key);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(refused).toMatchObject({ status: 422 });
    expect(() => assertRetryOf([], 's-1', key)).toThrow(IdempotencyKeyReusedError);
  });

  it('tells events recorded without a digest by their stream', () => {
    expect(() => assertRetryOf(stored('s-1'), 's-1', key)).not.toThrow();
    expect(() => assertRetryOf(stored('s-1'), 's-2', key)).toThrow(IdempotencyKeyReusedError);
  });
});
