// How the demo seed writes: through the real event store, each write at its historical time, with event
// ids derived from the seed, so a second run (or a run resumed after a crash) finds them stored and
// writes nothing twice.
import type { EventStore, ExpectedVersion, StreamWrite, WriteOptions } from '../../events/store/event-store';
import { deterministicUuid } from '../../events/store/ids';
import type { NewEvent, Queryable, RecordedEvent } from '../../events/store/types';

export const SEED = 'seed-demo';
export const seedId = (...parts: string[]) => deterministicUuid(SEED, ...parts);

export interface SeedContext {
  store: EventStore;
  /** The anchor of the data set (ms): nothing happens after it. */
  now: number;
  /** Ninety days before `now`: nothing happens before it. */
  start: number;
  /** Events written by this run, per type (events already stored are not counted). */
  written: Map<string, number>;
}

/** A demo login's password hash, stored in the transaction that registers the account (never in the log). */
export const storePassword = (userId: string, hash: string) => async (tx: Queryable) => {
  await tx.query('INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)', [userId, hash]);
};

/** A chain tried to write past `now`: its story ends there. */
export class OutOfTime extends Error {
  constructor() {
    super('out of time');
  }
}

/** One sequential chain of writes (a learner, a visitor); its n-th event always gets the same id. */
export class ChainWriter {
  private count = 0;

  constructor(
    private readonly ctx: SeedContext,
    private readonly chain: string,
  ) {}

  /** The moment after which this chain may not write. */
  get now(): number {
    return this.ctx.now;
  }

  private withIds(events: readonly NewEvent[]): NewEvent[] {
    return events.map((e) => ({ ...e, eventId: e.eventId ?? seedId(this.chain, String(this.count++)) }));
  }

  private tally(events: RecordedEvent[], idempotent: boolean) {
    if (idempotent) return;
    for (const e of events) this.ctx.written.set(e.type, (this.ctx.written.get(e.type) ?? 0) + 1);
  }

  private options(at: number, actor: string, extra: Pick<WriteOptions, 'alsoInTransaction'> = {}): WriteOptions {
    if (at > this.ctx.now) throw new OutOfTime();
    return { recordedAt: new Date(at), metadata: { actor, origin: SEED }, ...extra };
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    at: number,
    actor: string,
    expectedVersion: ExpectedVersion,
    extra?: Pick<WriteOptions, 'alsoInTransaction'>,
  ) {
    const options = this.options(at, actor, extra);
    const result = await this.ctx.store.append(streamId, this.withIds(events), { expectedVersion, ...options });
    this.tally(result.events, result.idempotent);
    return result;
  }

  async appendMany(writes: StreamWrite[], at: number, actor: string) {
    const options = this.options(at, actor);
    const results = await this.ctx.store.appendMany(
      writes.map((w) => ({ ...w, events: this.withIds(w.events) })),
      options,
    );
    for (const r of results) this.tally(r.events, r.idempotent);
    return results;
  }
}
