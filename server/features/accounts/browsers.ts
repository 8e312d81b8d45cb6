// Browsers an account has signed in from, recognised by a long-lived random device cookie: a login from a browser
// the account has not used before tells its owner by mail, and a browser the account knows is a client of its own
// for the login throttle (its owner is not slowed by other people's failures from the same address). The table
// keeps the cookie only as a SHA-256 together with the account's id, and a label from the User-Agent.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { inTransaction } from '../../../events/store/transaction';
import type { Enqueue, Queryable } from '../../../events/store/types';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';

export const DEVICE_COOKIE = 'mf_device';
/** A year from the last login in that browser; a browser unseen for longer is forgotten (auth.cleanup). */
export const DEVICE_COOKIE_DAYS = 365;
// Only the login reads it: no other request carries it.
const DEVICE_COOKIE_PATH = '/api/auth/login';

export interface DeviceCookie {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
}

/** HttpOnly, SameSite=Lax and Secure exactly when the session cookie is. */
export function deviceCookie({ secure }: { secure: boolean }): DeviceCookie {
  const options = { path: DEVICE_COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    read: (request) => {
      const value = request.cookies[DEVICE_COOKIE];
      return value && /^[\w-]{43}$/.test(value) ? value : undefined;
    },
    set: (reply, token) => void reply.setCookie(DEVICE_COOKIE, token, { ...options, maxAge: DEVICE_COOKIE_DAYS * 86_400 }),
  };
}

/** The same browser has unrelated hashes in two accounts. */
export const deviceHash = (userId: string, token: string) => createHash('sha256').update(`${userId}\u0000${token}`).digest();

// Looked up for logins to addresses without an account too, so that both take the same work.
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/** A browser's row, as the new-browser notice reads it when it is sent. */
export async function signedInDevice(db: Queryable, userId: string, deviceId: string): Promise<{ label: string | null; at: Date } | undefined> {
  const { rows } = await db.query<{ label: string | null; at: Date }>(
    'SELECT label, first_seen_at AS at FROM login_devices WHERE device_id = $1 AND user_id = $2',
    [deviceId, userId],
  );
  return rows[0];
}

export function createKnownBrowsers(pool: pg.Pool, enqueue: Enqueue) {
  return {
    /** The browser's hash for this account when it has signed in to it before; asked for every login attempt. */
    async known(userId: string | undefined, token: string | undefined): Promise<Buffer | undefined> {
      const account = userId ?? NO_ACCOUNT;
      const hash = deviceHash(account, token ?? '');
      const { rowCount } = await pool.query('SELECT 1 FROM login_devices WHERE user_id = $1 AND device_hash = $2', [account, hash]);
      return rowCount ? hash : undefined;
    },

    /** The device hashes of every browser the account has signed in from. */
    async of(userId: string): Promise<Buffer[]> {
      const { rows } = await pool.query<{ device_hash: Buffer }>('SELECT device_hash FROM login_devices WHERE user_id = $1', [userId]);
      return rows.map((row) => row.device_hash);
    },

    /**
     * A successful login from this browser (`token`: its device cookie, or a new one). A browser the account has
     * not used is remembered, and when the account has signed in from other browsers its owner gets a notice,
     * queued in the same transaction. An account's first browser gets none: there is nothing to compare it with
     * (a new account, or one not signed in to since browsers are remembered or for a year).
     */
    /** `label`: the browser as its User-Agent names it (device.ts), null when unrecognised. */
    async signedIn(userId: string, token: string, label: string | null): Promise<{ notice: boolean }> {
      return inTransaction(pool, async (tx) => {
        const { rows } = await tx.query<{ device_id: string; inserted: boolean }>(
          `INSERT INTO login_devices (device_id, user_id, device_hash, label) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now(), label = EXCLUDED.label
           RETURNING device_id, xmax = 0 AS inserted`,
          [randomUUID(), userId, deviceHash(userId, token), label],
        );
        const { device_id: deviceId, inserted } = rows[0]!;
        if (!inserted) return { notice: false };
        const { rowCount } = await tx.query('SELECT 1 FROM login_devices WHERE user_id = $1 AND device_id <> $2 LIMIT 1', [userId, deviceId]);
        if (!rowCount) return { notice: false };
        // The job names the account and the browser; the worker finds address, label and time when it sends. It
        // goes after the mails someone is waiting for (a link to activate an account): a notice a little later
        // changes nothing.
        const notice: MailJob = { kind: 'new-device', userId, deviceId };
        await enqueue(tx, [{ name: EMAIL_SEND, data: notice, options: { id: deviceId, priority: -1 } }]);
        return { notice: true };
      });
    },
  };
}

export type KnownBrowsers = ReturnType<typeof createKnownBrowsers>;
