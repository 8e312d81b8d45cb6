// The data keys of the people whose personal fields the log holds (person_keys), made on first need, and the
// forgetting that deletes them. Reads never go through here: a read takes the key from the same statement as the
// event (read.ts), so a key deleted in one process stops decrypting in all of them at once.
import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { newDataKey, subjectIdOf, type Subject } from './sealing';
import type { Queryable } from './types';

export interface Keyring {
  /** The subject's id as stored: `user:<id>`, `request:<id>`, `lead:<HMAC of the normalised address>`. */
  subjectId(subject: Subject): Promise<string>;
  /** subjectId without waiting, for a pure decision that names several subjects. */
  subjectIds(): Promise<(subject: Subject) => string>;
  /** A MAC of `text` under the same database secret, for links that name a subject (`purpose` keeps uses apart). */
  mac(purpose: string, text: string): Promise<string>;
  /**
   * A key for each subject id, made when it has none (race-safe: two processes making one keep the first); null
   * for a learner forgotten for good: what is written about them after the erasure must be born unreadable.
   */
  keysFor(subjectIds: readonly string[]): Promise<Map<string, Buffer | null>>;
  /**
   * Inside the caller's transaction: a learner's key is deleted for good (a tombstone, so a late write cannot
   * make a new one); a lead address's or a request's key is deleted (the address may come back with new consent).
   */
  forget(tx: Queryable, subjectIds: readonly string[]): Promise<void>;
}

/**
 * Sealing keys are cached this long. A key forgotten meanwhile by another process can still seal a new value
 * here, which is then unreadable — the safe side: it never makes a forgotten person's data readable again.
 */
export const SEALING_KEY_TTL_MS = 60_000;

export const normaliseAddress = (email: string) => email.trim().toLowerCase();

export function createKeyring(pool: pg.Pool, now: () => number = Date.now): Keyring {
  const cache = new Map<string, { key: Buffer; at: number }>();
  let secret: Promise<Buffer> | undefined;

  function theSecret(): Promise<Buffer> {
    secret ??= loadSecret().catch((err) => {
      secret = undefined;
      throw err;
    });
    return secret;
  }

  async function subjectIds(): Promise<(subject: Subject) => string> {
    const key = await theSecret();
    return (subject) =>
      subject.kind === 'lead' ? `lead:${createHmac('sha256', key).update(normaliseAddress(subject.email)).digest('hex')}` : subjectIdOf(subject);
  }

  async function loadSecret(): Promise<Buffer> {
    await pool.query('INSERT INTO person_subject_secret (key) VALUES ($1) ON CONFLICT DO NOTHING', [randomBytes(32)]);
    const { rows } = await pool.query<{ key: Buffer }>('SELECT key FROM person_subject_secret');
    return rows[0]!.key;
  }

  return {
    subjectIds,
    subjectId: async (subject) => (await subjectIds())(subject),
    mac: async (purpose, text) =>
      createHmac('sha256', await theSecret())
        .update(`${purpose}\u0000${text}`)
        .digest('base64url'),

    async keysFor(subjectIds) {
      const found = new Map<string, Buffer | null>();
      let missing: string[] = [];
      for (const id of new Set(subjectIds)) {
        const hit = cache.get(id);
        if (hit && now() - hit.at < SEALING_KEY_TTL_MS) found.set(id, hit.key);
        else missing.push(id);
      }
      // A concurrent maker's row is seen by the next statement once its transaction commits (ON CONFLICT waits for it).
      for (let attempt = 0; missing.length > 0 && attempt < 3; attempt++) {
        const { rows } = await pool.query<{ subject: string; key: Buffer | null }>(
          `WITH made AS (
             INSERT INTO person_keys (subject, key) SELECT s, k FROM unnest($1::text[], $2::bytea[]) AS t(s, k)
             ON CONFLICT (subject) DO NOTHING RETURNING subject, key)
           SELECT subject, key FROM made
           UNION ALL SELECT subject, key FROM person_keys WHERE subject = ANY($1::text[]) AND subject NOT IN (SELECT subject FROM made)`,
          [missing, missing.map(() => newDataKey())],
        );
        for (const row of rows) {
          if (row.key) cache.set(row.subject, { key: row.key, at: now() });
          found.set(row.subject, row.key);
        }
        missing = missing.filter((id) => !found.has(id));
      }
      if (missing.length) throw new Error(`no data key could be made for ${missing.length} subject(s)`);
      return found;
    },

    async forget(tx, subjectIds) {
      const forGood = subjectIds.filter((s) => s.startsWith('user:'));
      const others = subjectIds.filter((s) => !s.startsWith('user:'));
      if (forGood.length) {
        await tx.query(
          `INSERT INTO person_keys (subject, key, forgotten_at) SELECT s, NULL, now() FROM unnest($1::text[]) AS t(s)
           ON CONFLICT (subject) DO UPDATE SET key = NULL, forgotten_at = now()`,
          [forGood],
        );
      }
      if (others.length) await tx.query('DELETE FROM person_keys WHERE subject = ANY($1::text[])', [others]);
      for (const id of subjectIds) cache.delete(id);
    },
  };
}
