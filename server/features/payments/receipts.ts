// Webhook notifications already processed. A signed notification stays valid for its whole time window, so
// whoever sees one (a proxy's log, a leaked request) could send it again: each signed manifest (ts, request
// id, data id) is processed once, and remembered in PostgreSQL so that every server process knows it.
import type pg from 'pg';

/** How far a notification's signing time may be from our clock, either way. */
export const WEBHOOK_WINDOW_MS = 5 * 60_000;

export interface Receipt {
  ts: string;
  requestId?: string;
  dataId?: string;
  signedAt: Date;
}

export const withinWindow = (signedAt: Date, now = Date.now()) => Math.abs(now - signedAt.getTime()) <= WEBHOOK_WINDOW_MS;

const key = (r: Receipt) => [r.ts, r.requestId ?? '', r.dataId ?? ''];

/**
 * Claims a notification for processing: true the first time, false for a replay (or a twin being processed
 * now). Receipts whose replays the window already refuses are deleted on the way.
 */
export async function claimReceipt(pool: pg.Pool, receipt: Receipt, now = Date.now()): Promise<boolean> {
  const { rowCount } = await pool.query(
    `WITH expired AS (DELETE FROM webhook_receipts WHERE signed_at < $5)
     INSERT INTO webhook_receipts (ts, request_id, data_id, signed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [...key(receipt), receipt.signedAt, new Date(now - WEBHOOK_WINDOW_MS)],
  );
  return rowCount === 1;
}

/** Forgets a claim whose processing failed, so that the provider's retry of it is processed. */
export async function releaseReceipt(pool: pg.Pool, receipt: Receipt): Promise<void> {
  await pool.query('DELETE FROM webhook_receipts WHERE ts = $1 AND request_id = $2 AND data_id = $3', key(receipt));
}
