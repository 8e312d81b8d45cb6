// The event store's own tests: a one-type catalog (Noted) and a store on a fresh database of the test file.
import { z } from 'zod';
import { defineEvent, EventCatalog } from '../../events/store/catalog';
import { createEventStore, type EventStore } from '../../events/store/event-store';
import { createTestDatabase, type TestDatabase } from './db';

export const Noted = defineEvent('Noted', 1, z.strictObject({ n: z.number().int() }));
export const noted = (n: number, eventId?: string) => Noted.create({ n }, { eventId });

/** A freshly migrated database and a store on it that knows Noted alone (no projections, no jobs). */
export async function notedStore({ poolSize = 20 } = {}): Promise<{ db: TestDatabase; store: EventStore }> {
  const db = await createTestDatabase({ poolSize });
  return { db, store: createEventStore({ pool: db.pool, catalog: new EventCatalog([Noted]) }) };
}
