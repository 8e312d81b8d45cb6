// Account reads and the server-side records that are not events: sessions, verification tokens,
// password hashes (failed logins: throttle.ts; browsers signed in from: browsers.ts).
import type pg from 'pg';
import type { Queryable } from '../../../events/store/types';
import { coalesced } from '../../db/coalesce';
import { newToken, tokenHash } from './secrets';

export interface User {
  id: string;
  username: string;
  email: string;
  profileImage: string | null;
  roles: number[];
}

interface UserRecord extends User {
  verified: boolean;
}

/** What a browser needs to renew a session in time, in seconds counted by the server when it answered. */
export interface SessionTimes {
  /** Until the absolute end (SESSION_MAX_DAYS after the session started). */
  expiresInSeconds: number;
  /** How long the session survives unused (SESSION_IDLE_HOURS); every request starts it again. */
  idleTimeoutSeconds: number;
}

export interface Session {
  user: User;
  times: SessionTimes;
}

const USER_COLUMNS = `user_id AS id, username, email, profile_image AS "profileImage", roles,
  email_verified_at IS NOT NULL AS verified`;

const toUser = ({ verified: _verified, ...user }: UserRecord): User => user;

// The sessions of many requests in one query (see resolveSession).
const RESOLVE_SESSIONS_SQL = `SELECT encode(s.token_hash, 'hex') AS token_hash, ${USER_COLUMNS},
    s.last_seen_at < now() - interval '1 minute' AS stale,
    greatest(0, floor(extract(epoch FROM s.expires_at - now())))::int AS expires_in
  FROM sessions s JOIN users u USING (user_id)
  WHERE s.token_hash = ANY ($1::bytea[]) AND s.expires_at > now()
    AND s.last_seen_at > now() - make_interval(hours => $2)`;

export const VERIFICATION_TTL_HOURS = 24;

/** A verification link's token, stored as its hash, valid for VERIFICATION_TTL_HOURS (issued when its mail is sent). */
export async function storeVerificationToken(db: Queryable, userId: string, token: string): Promise<void> {
  await db.query(
    `INSERT INTO email_verification_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [tokenHash(token), userId, VERIFICATION_TTL_HOURS],
  );
}

/** A session as its owner sees it in the list: never its token. */
export interface OpenSession {
  id: string;
  /** «Chrome en Android»; null when the browser named nothing we know. */
  device: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  /** The session of the request that asked. */
  current: boolean;
}

export interface SessionPolicy {
  idleHours: number;
  maxDays: number;
}

export function createAccounts(pool: pg.Pool, policy: SessionPolicy) {
  // Every authenticated request looks its session up: those that arrive while a lookup is on the wire
  // share the next one (a named statement, prepared once per connection).
  type SessionRow = UserRecord & { token_hash: string; stale: boolean; expires_in: number };
  const timesOf = (expiresInSeconds: number): SessionTimes => ({
    expiresInSeconds,
    idleTimeoutSeconds: Math.round(policy.idleHours * 3600),
  });
  const lookUpSession = coalesced(async (hashes) => {
    const { rows } = await pool.query<SessionRow>({
      name: 'mf_resolve_sessions',
      text: RESOLVE_SESSIONS_SQL,
      values: [hashes.map((h) => Buffer.from(h, 'hex')), policy.idleHours],
    });
    return new Map(rows.map((row) => [row.token_hash, row]));
  });

  async function findByEmail(email: string): Promise<(UserRecord & { hash?: string }) | undefined> {
    const { rows } = await pool.query<UserRecord & { hash: string | null }>(
      `SELECT ${USER_COLUMNS}, p.hash FROM users u LEFT JOIN password_credentials p USING (user_id)
       WHERE lower(u.email) = lower($1)`,
      [email.trim()],
    );
    const row = rows[0];
    return row ? { ...row, hash: row.hash ?? undefined } : undefined;
  }

  return {
    findByEmail,

    async findById(id: string): Promise<User | undefined> {
      const { rows } = await pool.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1`, [id]);
      return rows[0] ? toUser(rows[0]) : undefined;
    },

    toUser,

    /** The account's password hash (argon2id), to check the current password before changing it. */
    async passwordHashOf(userId: string): Promise<string | undefined> {
      const { rows } = await pool.query<{ hash: string }>('SELECT hash FROM password_credentials WHERE user_id = $1', [userId]);
      return rows[0]?.hash;
    },

    /**
     * Inside a password change's append transaction: the new hash, and every session of the account but the one
     * that made the change ends (whoever else held one needed the old password).
     */
    async replacePassword(tx: Queryable, userId: string, passwordHash: string, keepToken: string): Promise<void> {
      await tx.query('UPDATE password_credentials SET hash = $2, updated_at = now() WHERE user_id = $1', [userId, passwordHash]);
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, tokenHash(keepToken)]);
    },

    /** Writes inside a signup's append transaction: the password's hash. */
    async storeCredentials(tx: Queryable, userId: string, passwordHash: string): Promise<void> {
      await tx.query('INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)', [userId, passwordHash]);
    },

    /** The token's account, if the token exists; `state` says whether it can still be used. */
    async readVerificationToken(token: string): Promise<{ userId: string; state: 'valid' | 'used' | 'expired' } | undefined> {
      const { rows } = await pool.query<{ user_id: string; used: boolean; expired: boolean }>(
        `SELECT user_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired
         FROM email_verification_tokens WHERE token_hash = $1`,
        [tokenHash(token)],
      );
      const row = rows[0];
      if (!row) return undefined;
      return { userId: row.user_id, state: row.used ? 'used' : row.expired ? 'expired' : 'valid' };
    },

    /** Single use: marks the token used inside the verification's transaction; false if it lost a race. */
    async consumeVerificationToken(token: string, tx: Queryable = pool): Promise<boolean> {
      const { rowCount } = await tx.query(
        `UPDATE email_verification_tokens SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
        [tokenHash(token)],
      );
      return rowCount === 1;
    },

    // Sessions: the cookie holds the token, the table its hash, with idle and absolute expiry.
    /** The times of a session that starts now. */
    newSessionTimes: (): SessionTimes => timesOf(Math.round(policy.maxDays * 86400)),

    /** `deviceLabel`: the browser as its User-Agent names it (device.ts), shown in the account's session list. */
    async startSession(userId: string, deviceLabel: string | null): Promise<string> {
      const token = newToken();
      await pool.query(`INSERT INTO sessions (token_hash, user_id, expires_at, device_label) VALUES ($1, $2, now() + make_interval(days => $3), $4)`, [
        tokenHash(token),
        userId,
        policy.maxDays,
        deviceLabel,
      ]);
      return token;
    },

    /**
     * The same session under a new token, with a new absolute limit: the old token stops working, and the session
     * keeps its id, device and start, so its owner still recognises it in the list. Undefined when the old token
     * no longer names a session (another tab renewed it first, or it was ended).
     */
    async renewSession(token: string): Promise<string | undefined> {
      const renewed = newToken();
      const { rowCount } = await pool.query(
        `UPDATE sessions SET token_hash = $2, expires_at = now() + make_interval(days => $3), last_seen_at = now() WHERE token_hash = $1`,
        [tokenHash(token), tokenHash(renewed), policy.maxDays],
      );
      return rowCount === 1 ? renewed : undefined;
    },

    /** The account's open sessions, most recently used first; `current`: the one `token` belongs to. */
    async listSessions(userId: string, token: string): Promise<OpenSession[]> {
      const { rows } = await pool.query<OpenSession>(
        `SELECT session_id AS id, device_label AS device, created_at AS "createdAt", last_seen_at AS "lastUsedAt", token_hash = $2 AS current
         FROM sessions WHERE user_id = $1 AND expires_at > now() AND last_seen_at > now() - make_interval(hours => $3)
         ORDER BY token_hash = $2 DESC, last_seen_at DESC, created_at DESC`,
        [userId, tokenHash(token), policy.idleHours],
      );
      return rows;
    },

    /** Ends one of the account's sessions by its id: undefined when the account has no such session (anyone else's). */
    async endSessionById(userId: string, sessionId: string, token: string): Promise<{ current: boolean } | undefined> {
      const { rows } = await pool.query<{ current: boolean }>(
        'DELETE FROM sessions WHERE session_id = $1 AND user_id = $2 RETURNING token_hash = $3 AS current',
        [sessionId, userId, tokenHash(token)],
      );
      return rows[0];
    },

    async resolveSession(token: string): Promise<Session | undefined> {
      const hash = tokenHash(token);
      const row = await lookUpSession(hash.toString('hex'));
      if (!row) return undefined;
      // Keep the idle clock running, at most once a minute per session.
      if (row.stale) await pool.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [hash]);
      const { stale: _stale, token_hash: _hash, expires_in, ...user } = row;
      return { user: toUser(user), times: timesOf(expires_in) };
    },

    async endSession(token: string): Promise<void> {
      await pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash(token)]);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
