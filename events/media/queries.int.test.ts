// The library's stored bytes under concurrent writes: a deletion that shares bytes with an upload in flight waits
// for it and keeps them; one that goes first takes them, and the upload stores them again.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import type { Queryable } from '../store/types';
import { deleteUnusedBlobs, storeBlobs } from './queries';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

let n = 0;
const uuid = () => `0190a1b2-0000-7000-8000-${String(++n).padStart(12, '0')}`;
const blob = (c: string) => ({ sha256: c.repeat(64), contentType: 'application/pdf', data: Buffer.from(`%PDF ${c}`) });
/** A row of the library naming the bytes (as the projection writes it). */
const row = (tx: Queryable, id: string, sha256: string) =>
  tx.query(
    `INSERT INTO media (media_id, kind, label, sha256, content_type, ext, bytes, variants, uploaded_at) VALUES ($1, 'pdf', null, $2, 'application/pdf', 'pdf', 6, '[]', now())`,
    [id, sha256],
  );
const stored = async (sha256: string) => (await db.pool.query('SELECT 1 FROM media_blobs WHERE sha256 = $1', [sha256])).rowCount;
const settled = (p: Promise<unknown>) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);

async function begin(): Promise<pg.PoolClient> {
  const client = await db.pool.connect();
  await client.query('BEGIN');
  return client;
}

/** Bytes of a file already in the library, and two transactions: one that uploads them again, one that deletes that file. */
async function sharedBytes(c: string) {
  const b = blob(c);
  const first = uuid();
  await row(db.pool, first, b.sha256);
  await storeBlobs(db.pool, [b]);
  const [upload, deletion] = [await begin(), await begin()];
  return {
    b,
    upload: async () => {
      await row(upload, uuid(), b.sha256);
      return storeBlobs(upload, [b]);
    },
    deletion: async () => {
      await deletion.query('DELETE FROM media WHERE media_id = $1', [first]);
      return deleteUnusedBlobs(deletion, [b.sha256]);
    },
    commit: async (tx: 'upload' | 'deletion') => (tx === 'upload' ? upload : deletion).query('COMMIT'),
    release: () => [upload, deletion].forEach((c) => c.release()),
  };
}

describe('stored bytes shared by an upload and a deletion at the same time', () => {
  it('a deletion waits for an upload of the same bytes in flight, then keeps them', async () => {
    const t = await sharedBytes('a');
    await t.upload();
    const deleting = t.deletion();
    expect(await settled(deleting)).toBe(false); // waiting for the upload
    await t.commit('upload');
    await deleting;
    await t.commit('deletion');
    t.release();
    expect(await stored(t.b.sha256)).toBe(1);
  });

  it('an upload of the same bytes waits for a deletion that went first, then stores them again', async () => {
    const t = await sharedBytes('b');
    await t.deletion();
    const storing = t.upload();
    expect(await settled(storing)).toBe(false); // waiting for the deletion
    await t.commit('deletion');
    await storing;
    await t.commit('upload');
    t.release();
    expect(await stored(t.b.sha256)).toBe(1);
  });
});
