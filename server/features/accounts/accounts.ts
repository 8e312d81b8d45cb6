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

    async usernameTaken(username: string): Promise<boolean> {
      const { rowCount } = await pool.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username.trim()]);
      return rowCount !== 0;
    },

    async findById(id: string): Promise<User | undefined> {
      const { rows } = await pool.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1`, [id]);
      return rows[0] ? toUser(rows[0]) : undefined;
    },

    toUser,

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

    async startSession(userId: string): Promise<string> {
      const token = newToken();
      await pool.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`, [
        tokenHash(token),
        userId,
        policy.maxDays,
      ]);
      return token;
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
