import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce';

/** A lookup whose queries the test answers by hand, recording the keys each one was asked. */
function manualLookup() {
  const queries: Array<{ keys: string[]; answer: (found: Record<string, number>) => void; fail: (err: Error) => void }> = [];
  const lookup = (keys: string[]) =>
    new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
      queries.push({ keys, answer: (found) => resolve(new Map(Object.entries(found))), fail: reject });
    });
  return { queries, lookup };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('coalesced lookups', () => {
  it('sends a lookup at once when nothing is on the wire', async () => {
    const { queries, lookup } = manualLookup();
    const find = coalesced(lookup, { inFlight: 1 });
    const pending = find('a');
    expect(queries.map((q) => q.keys)).toEqual([['a']]);
    queries[0]!.answer({ a: 1 });
    expect(await pending).toBe(1);
  });

  it('gathers the lookups that arrive while a query is on the wire into the next query, never into the one already sent', async () => {
    const { queries, lookup } = manualLookup();
    const find = coalesced(lookup, { inFlight: 1 });
    const first = find('a');
    const rest = [find('b'), find('c'), find('b')];
    expect(queries).toHaveLength(1);
    queries[0]!.answer({ a: 1, b: 99 }); // 'b' was not asked for in this query: its answer is not taken
    expect(await first).toBe(1);
    await settle();
    expect(queries.map((q) => q.keys)).toEqual([['a'], ['b', 'c']]);
    queries[1]!.answer({ b: 2 });
    expect(await Promise.all(rest)).toEqual([2, undefined, 2]);
  });

  it('fails every lookup of a query that fails, and goes on with the next ones', async () => {
    const { queries, lookup } = manualLookup();
    const find = coalesced(lookup, { inFlight: 1 });
    const first = find('a');
    const second = find('b');
    queries[0]!.fail(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await settle();
    queries[1]!.answer({ b: 2 });
    expect(await second).toBe(2);
  });

  it('keeps each query to maxKeys keys', async () => {
    const { queries, lookup } = manualLookup();
    const find = coalesced(lookup, { inFlight: 1, maxKeys: 2 });
    const all = [find('a'), find('b'), find('c'), find('d'), find('e')];
    queries[0]!.answer({});
    await settle();
    queries[1]!.answer({});
    await settle();
    queries[2]!.answer({});
    await Promise.all(all);
    expect(queries.map((q) => q.keys)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });
});
