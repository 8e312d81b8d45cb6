// The per-address mail limit: at most `perHour` mails of one kind to one address in any hour, whoever asked
// for them and from wherever. Counted in PostgreSQL (table mail_sends, the address as its SHA-256), so every
// worker process sees the same count; a lock per address makes two workers' checks take turns.
import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface MailThrottle {
  /**
   * True when the job's mail may go, and then it counts; a retried job that was let through before is let
   * through again without counting twice.
   */
  admit(jobId: string, to: string, kind: string): Promise<boolean>;
}

export const recipientKey = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest();

export function createMailThrottle(pool: pg.Pool, { perHour }: { perHour: number }): MailThrottle {
  return {
    async admit(jobId, to, kind) {
      const recipient = recipientKey(to);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [recipient.readBigInt64BE(0).toString()]);
        const { rows } = await client.query<{ mine: boolean; recent: number }>(
          `SELECT EXISTS (SELECT 1 FROM mail_sends WHERE job_id = $1) AS mine,
                  (SELECT count(*) FROM mail_sends WHERE recipient = $2 AND kind = $3 AND sent_at > now() - interval '1 hour' AND job_id <> $1)::int AS recent`,
          [jobId, recipient, kind],
        );
        const { mine, recent } = rows[0]!;
        const admitted = mine || recent < perHour;
        if (admitted && !mine) await client.query('INSERT INTO mail_sends (job_id, recipient, kind) VALUES ($1, $2, $3)', [jobId, recipient, kind]);
        await client.query('COMMIT');
        return admitted;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
  };
}
