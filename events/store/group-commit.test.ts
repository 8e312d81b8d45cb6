// The group commit's scheduling on its own, with a stand-in for the database: who leaves together, in
// what order, how many at once, and how each write is settled.
import { describe, expect, it } from 'vitest';
import { type BatchOutcome, type BatchWriter, createGroupCommit, GROUP_COMMIT_MAX_EVENTS, joinsBatch } from './group-commit';

interface Write {
  stream: string;
  n: number;
}
const w = (stream: string, n = 0): Write => ({ stream, n });

/** A stand-in writer: records every batch, and holds each commit until released (or answers at once). */
function fakeWriter({ hold = false, outcome = (write: Write): BatchOutcome<string> => ({ appended: `${write.stream}:${write.n}` }) } = {}) {
  const batches: Write[][] = [];
  const waiting: Array<() => void> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const writer: BatchWriter<Write, string> & {
    batches: Write[][];
    release(): void;
    maxInFlight(): number;
    failBatchesWith?: (batch: readonly Write[]) => Error | undefined;
  } = {
    batches,
    streamOf: (write) => write.stream,
    async commit(batch) {
      batches.push([...batch]);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
        const err = writer.failBatchesWith?.(batch);
        if (err) throw err;
        return batch.map(outcome);
      } finally {
        inFlight--;
      }
    },
    conflicted: async (write, actual) => `${write.stream}:conflict at ${actual}`,
    failed: async (write, err) => {
      throw new Error(`${write.stream} failed: ${(err as Error).message}`);
    },
    release() {
      for (const resolve of waiting.splice(0)) resolve();
    },
    maxInFlight: () => maxInFlight,
  };
  return writer;
}

/** Lets queued microtasks and the commits they started run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('which writes join a batch', () => {
  it('one stream, nothing else in the transaction, live, and at most GROUP_COMMIT_MAX_EVENTS events', () => {
    const small = { streams: 1, events: 1, alsoInTransaction: false, historical: false };
    expect(joinsBatch(small)).toBe(true);
    expect(joinsBatch({ ...small, events: GROUP_COMMIT_MAX_EVENTS })).toBe(true);
    expect(joinsBatch({ ...small, events: GROUP_COMMIT_MAX_EVENTS + 1 })).toBe(false);
    expect(joinsBatch({ ...small, streams: 2 })).toBe(false);
    expect(joinsBatch({ ...small, alsoInTransaction: true })).toBe(false);
    expect(joinsBatch({ ...small, historical: true })).toBe(false);
  });
});

describe('group commit', () => {
  it('sends a write alone at once, and writes that arrive in the same turn together', async () => {
    const writer = fakeWriter();
    const write = createGroupCommit(writer);
    expect(await write(w('a'))).toBe('a:0');
    expect(writer.batches).toEqual([[w('a')]]);
    expect(await Promise.all([write(w('b')), write(w('c')), write(w('d'))])).toEqual(['b:0', 'c:0', 'd:0']);
    expect(writer.batches.slice(1)).toEqual([[w('b'), w('c'), w('d')]]);
  });

  it('keeps at most `batches` on the wire; the next takes every write that queued meanwhile', async () => {
    const writer = fakeWriter({ hold: true });
    const write = createGroupCommit(writer, { batches: 2, maxWrites: 100 });
    const first = write(w('a'));
    await settle();
    const second = write(w('b'));
    await settle();
    const queued = ['c', 'd', 'e'].map((s) => write(w(s)));
    await settle();
    expect(writer.batches).toEqual([[w('a')], [w('b')]]);
    writer.release();
    await Promise.all([first, second]);
    await settle();
    expect(writer.batches[2]).toEqual([w('c'), w('d'), w('e')]);
    writer.release();
    expect(await Promise.all(queued)).toEqual(['c:0', 'd:0', 'e:0']);
    expect(writer.maxInFlight()).toBe(2);
  });

  it('takes at most `maxWrites` writes in a batch', async () => {
    const writer = fakeWriter();
    const write = createGroupCommit(writer, { batches: 4, maxWrites: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((s) => write(w(s))));
    expect(writer.batches.map((b) => b.length)).toEqual([2, 2, 1]);
  });

  it('puts two writes of one stream in successive batches, in the order they came', async () => {
    const writer = fakeWriter();
    const write = createGroupCommit(writer);
    const results = await Promise.all([write(w('a', 1)), write(w('b', 1)), write(w('a', 2)), write(w('a', 3))]);
    expect(results).toEqual(['a:1', 'b:1', 'a:2', 'a:3']);
    expect(writer.batches).toEqual([[w('a', 1), w('b', 1)], [w('a', 2)], [w('a', 3)]]);
  });

  it('hands a batch its writes in stream-id order, so batches lock streams in one order', async () => {
    const writer = fakeWriter();
    const write = createGroupCommit(writer);
    await Promise.all(['m', 'c', 'x', 'a'].map((s) => write(w(s))));
    expect(writer.batches[0]!.map((x) => x.stream)).toEqual(['a', 'c', 'm', 'x']);
  });

  it('gives each write its own outcome: a conflict is settled for that write alone', async () => {
    const writer = fakeWriter({ outcome: (x) => (x.stream === 'b' ? { actual: 7 } : { appended: `${x.stream}:${x.n}` }) });
    const write = createGroupCommit(writer);
    expect(await Promise.all([write(w('a')), write(w('b')), write(w('c'))])).toEqual(['a:0', 'b:conflict at 7', 'c:0']);
    expect(writer.batches).toHaveLength(1);
  });

  it('writes a batch that fails as a whole again one write at a time: only the write at fault fails', async () => {
    const writer = fakeWriter();
    writer.failBatchesWith = (batch) => (batch.some((x) => x.stream === 'b') ? new Error('unique key') : undefined);
    const write = createGroupCommit(writer);
    const results = await Promise.allSettled([write(w('a')), write(w('b')), write(w('c'))]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a:0', 'b failed: unique key', 'c:0']);
    expect(writer.batches).toEqual([[w('a'), w('b'), w('c')], [w('a')], [w('b')], [w('c')]]);
  });

  it('keeps a stream locked until its write is settled: the next write of that stream waits for it', async () => {
    const order: string[] = [];
    let releaseConflict!: () => void;
    const writer = fakeWriter({ outcome: (x) => (x.stream === 'a' && x.n === 1 ? { actual: 1 } : { appended: `${x.stream}:${x.n}` }) });
    writer.conflicted = async (x) => {
      await new Promise<void>((resolve) => (releaseConflict = resolve));
      order.push(`settled ${x.stream}:${x.n}`);
      return 'retry';
    };
    const write = createGroupCommit(writer);
    const first = write(w('a', 1));
    await settle();
    const second = write(w('a', 2)).then((r) => (order.push(`wrote ${r}`), r));
    const other = write(w('b', 1));
    await settle();
    // b leaves in its own batch; a's second write still waits for the first to be settled.
    expect(writer.batches).toEqual([[w('a', 1)], [w('b', 1)]]);
    releaseConflict();
    expect(await first).toBe('retry');
    await second;
    await other;
    expect(order).toEqual(['settled a:1', 'wrote a:2']);
  });
});
