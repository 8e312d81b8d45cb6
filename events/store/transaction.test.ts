// What commits with a write's events, in what order, with a stand-in for the transaction's connection.
import { describe, expect, it } from 'vitest';
import type { Projection } from './projection';
import { writeTransaction } from './transaction';
import type { Queryable, RecordedEvent } from './types';

const tx: Queryable = { query: async () => ({ rows: [], rowCount: 0 }) };
const event = (type: string, n: number) => ({ type, data: { n }, eventId: `e${n}` }) as unknown as RecordedEvent;

function recordingProjection(name: string, mode: Projection['mode'], eventTypes: string[], log: string[]): Projection {
  return {
    name,
    mode,
    tables: [],
    eventTypes,
    async apply(_tx, events) {
      log.push(`${name}: ${events.map((e) => e.eventId).join(',')}`);
    },
  };
}

describe('writeTransaction', () => {
  it('needs a transaction only for events an inline projection concerns (async ones follow the log)', () => {
    const log: string[] = [];
    const t = writeTransaction([recordingProjection('rows', 'inline', ['A'], log), recordingProjection('daily', 'async', ['B'], log)], undefined);
    expect(t.hitsInline([{ type: 'A' }])).toBe(true);
    expect(t.hitsInline([{ type: 'B' }, { type: 'C' }])).toBe(false);
    expect(t.enqueues).toBe(false);
  });

  it('runs each inline projection once with its events in order, then the caller’s writes, then the jobs', async () => {
    const log: string[] = [];
    const t = writeTransaction(
      [
        recordingProjection('first', 'inline', ['A', 'B'], log),
        recordingProjection('daily', 'async', ['A'], log),
        recordingProjection('second', 'inline', ['B'], log),
        recordingProjection('idle', 'inline', ['C'], log),
      ],
      async (_tx, jobs) => void log.push(`jobs: ${jobs.map((j) => j.name).join(',')}`),
    );
    expect(t.enqueues).toBe(true);
    await t.alongside(tx, [event('A', 1), event('B', 2), event('A', 3)], {
      jobs: [
        { name: 'mail', data: {} },
        { name: 'ai', data: {} },
      ],
      alsoInTransaction: async () => void log.push('also'),
    });
    expect(log).toEqual(['first: e1,e2,e3', 'second: e2', 'also', 'jobs: mail,ai']);
  });

  it('enqueues nothing when the write causes no job', async () => {
    const log: string[] = [];
    const t = writeTransaction([], async () => void log.push('enqueued'));
    await t.alongside(tx, [event('A', 1)], { jobs: [] });
    expect(log).toEqual([]);
  });
});
