// How read models forget a person: a projection wrapped here also receives PersonForgotten and drops (or
// strips) that person's rows, and — for a person's own read models — passes over the events it can no longer
// read, so that a rebuild after an erasure gives the tables the live projections left.
import type { Projection } from '../store/projection';
import type { Queryable, RecordedEvent } from '../store/types';
import { PersonForgotten } from './erasure.events';

/** Removes what a table holds of a subject (`user:<id>`, `lead:<hash>`); does nothing for other kinds of subject. */
export type Forget = (tx: Queryable, subject: string) => Promise<void>;

export interface ForgettingOptions {
  /**
   * Leave out events whose person is forgotten (their personal fields read as REDACTED): for read models of a
   * person's own data, which the PersonForgotten further on the log would delete anyway (and whose unique keys
   * two redacted rows could break). Aggregates (analytics) keep them and read REDACTED as no data.
   */
  skipRedacted: boolean;
}

export function forgetting(projection: Projection, forget: Forget, { skipRedacted }: ForgettingOptions): Projection {
  return {
    ...projection,
    eventTypes: [...projection.eventTypes, PersonForgotten.type],
    async apply(tx, events) {
      let run: RecordedEvent[] = [];
      const flush = async () => {
        if (run.length) await projection.apply(tx, run);
        run = [];
      };
      for (const event of events) {
        if (PersonForgotten.is(event)) {
          await flush();
          await forget(tx, event.data.subject);
        } else if (!(skipRedacted && event.redacted)) run.push(event);
      }
      await flush();
    },
  };
}

const userIdOf = (subject: string) => (subject.startsWith('user:') ? subject.slice('user:'.length) : undefined);

/** Deletes a learner's rows: `table` has a `user_id` column. */
export const learnerRows =
  (...tables: string[]): Forget =>
  async (tx, subject) => {
    const userId = userIdOf(subject);
    if (userId) for (const table of tables) await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  };

/** Deletes the rows of a table that keeps its subject in a `subject` column (a lead address's). */
export const subjectRows =
  (table: string): Forget =>
  async (tx, subject) => {
    await tx.query(`DELETE FROM ${table} WHERE subject = $1`, [subject]);
  };

/**
 * Blanks the address of the rows that keep a subject in a `subject` column (a guest's purchase), keeping the rest of
 * the row: what was sold, when and for how much stays in the books, as the law asks.
 */
export const subjectAddresses =
  (table: string): Forget =>
  async (tx, subject) => {
    await tx.query(`UPDATE ${table} SET email = NULL WHERE subject = $1`, [subject]);
  };
