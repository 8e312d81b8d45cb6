// Login throttling that an attacker cannot turn against an account's owner. Failed logins are counted per
// account and client (the client address, or a browser that has signed in to the account before), per client
// address across accounts, and per account; past a few failures the next attempt must wait, twice as long each
// time up to a ceiling, and is answered at once (429 with Retry-After), never held open. No count ever refuses
// the right password from a client that has not been failing: the account's own count only makes failing clients
// wait sooner and longer. The counts live in PostgreSQL (login_failures), so every process sees them, under a
// keyed hash: no address, e-mail or IP is stored, and the keys cannot be matched with the plain SHA-256 of an
// address kept elsewhere (mail_sends, analytics).
import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type pg from 'pg';
import { inTransaction } from '../../../events/store/transaction';

export interface LoginThrottlePolicy {
  /** Failures of one client on one account after which each further attempt of that client waits. */
  perClient: number;
  /** Failures from one address, whatever the accounts, after which every attempt from it waits (known browsers excepted). */
  perAddress: number;
  /**
   * Consecutive failures on one account, from anywhere, past which a client waits from its first failure on it,
   * and its waits go on doubling up to a day.
   */
  perAccount: number;
  /** The longest wait: the doubling stops there. */
  maxDelaySeconds: number;
}

export type Scope = 'pair' | 'address' | 'account';

/**
 * A count is forgotten a day after its last failure: a client that comes back the next day starts afresh, and one
 * that keeps guessing keeps its wait. (auth.cleanup deletes what is forgotten.)
 */
export const FORGET_AFTER_SECONDS = 86_400;

/** A stored count as read: its failures and the seconds since the last one. */
export interface Counter {
  failures: number;
  secondsSinceLast: number;
}

/** The failures still held against a key: all of them, until it has been quiet for a day. */
export function heldFailures(counter: Counter | undefined): number {
  return counter && counter.secondsSinceLast < FORGET_AFTER_SECONDS ? counter.failures : 0;
}

/** The wait after `failures` failures when the waits begin at the `from`-th: 1 s, then 2 s, 4 s … up to `max`. */
export function delaySeconds(failures: number, from: number, max: number): number {
  return failures === 0 || failures < from ? 0 : Math.min(2 ** Math.min(failures - from, 30), max);
}

export interface AttemptCounters {
  pair?: Counter;
  address?: Counter;
  account?: Counter;
}

/**
 * Seconds the next attempt must still wait (0: it may go on). A client with no failures never waits for its own
 * sake; the account's count only makes failing clients wait sooner and longer. A browser known to the account is a
 * client of its own: no address's count and no account-wide count touches it, only its own failures do.
 */
export function waitBeforeAttempt(counters: AttemptCounters, knownBrowser: boolean, policy: LoginThrottlePolicy): number {
  const underAttack = !knownBrowser && heldFailures(counters.account) >= policy.perAccount;
  // A count written by an attempt whose transaction began after ours looks a little ahead of our clock: it is as if now.
  const remaining = (counter: Counter | undefined, from: number, max: number) =>
    counter ? Math.max(0, delaySeconds(heldFailures(counter), from, max) - Math.max(0, counter.secondsSinceLast)) : 0;
  const pair = underAttack ? remaining(counters.pair, 1, FORGET_AFTER_SECONDS) : remaining(counters.pair, policy.perClient, policy.maxDelaySeconds);
  const address = knownBrowser ? 0 : remaining(counters.address, policy.perAddress, policy.maxDelaySeconds);
  return Math.max(pair, address);
}

/**
 * What a client address is counted as: an IPv4 address as itself, an IPv6 address by its /64 (one subscriber's
 * share, which its owner can walk through at will), an IPv4 address written as IPv6 as the IPv4 address.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

function ipv6Groups(ip: string): string[] {
  let address = ip.toLowerCase();
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    address = `${address.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16).toString(16));
}

/** One admitted attempt's keys, to take its failure back when the password was right. */
export interface AttemptTicket {
  readonly keys: { pair: Buffer; address?: Buffer; account: Buffer };
}

export type Admission = { wait: number } | { ticket: AttemptTicket };

export interface LoginAttempt {
  email: string;
  /** The client address as the server sees it (request.ip). */
  ip: string;
  /** The browser's device hash for this account when it has signed in to it before. */
  knownBrowser?: Buffer;
}

export function createLoginThrottle(pool: pg.Pool, policy: LoginThrottlePolicy) {
  // The hashing key is made once per database and kept in it: every process shares the counts.
  let secret: Promise<Buffer> | undefined;
  const loadSecret = () =>
    (secret ??= (async () => {
      await pool.query('INSERT INTO login_throttle_key (key) VALUES ($1) ON CONFLICT DO NOTHING', [randomBytes(32)]);
      const { rows } = await pool.query<{ key: Buffer }>('SELECT key FROM login_throttle_key');
      return rows[0]!.key;
    })().catch((err: unknown) => {
      secret = undefined;
      throw err;
    }));
  const keyOf = (key: Buffer, scope: Scope, ...parts: string[]) =>
    createHmac('sha256', key)
      .update([scope, ...parts].join('\u0000'))
      .digest();

  return {
    /**
     * Whether the attempt may go on. An admitted attempt is counted as a failure at once, before its password is
     * checked, so attempts that arrive together see each other; `succeeded` takes it back.
     */
    async admit({ email, ip, knownBrowser }: LoginAttempt): Promise<Admission> {
      const key = await loadSecret();
      const account = email.trim().toLowerCase();
      const address = clientAddress(ip);
      const keys = {
        pair: keyOf(key, 'pair', account, knownBrowser ? `browser:${knownBrowser.toString('hex')}` : `address:${address}`),
        address: knownBrowser ? undefined : keyOf(key, 'address', address),
        account: keyOf(key, 'account', account),
      };
      // Always in the same order, so that two attempts sharing keys take their locks in turn, never crosswise.
      const scoped = (Object.entries(keys) as Array<[Scope, Buffer | undefined]>)
        .filter((entry): entry is [Scope, Buffer] => entry[1] !== undefined)
        .sort(([, a], [, b]) => Buffer.compare(a, b));
      return inTransaction(pool, async (tx) => {
        const { rows } = await tx.query<{ key: Buffer; failures: number; since: number }>(
          `SELECT key, failures, extract(epoch FROM now() - last_failure_at)::float8 AS since
           FROM login_failures WHERE key = ANY ($1::bytea[]) ORDER BY key FOR UPDATE`,
          [scoped.map(([, k]) => k)],
        );
        const counters: AttemptCounters = {};
        for (const [scope, k] of scoped) {
          const row = rows.find((r) => r.key.equals(k));
          if (row) counters[scope] = { failures: row.failures, secondsSinceLast: row.since };
        }
        const wait = waitBeforeAttempt(counters, knownBrowser !== undefined, policy);
        if (wait > 0) return { wait: Math.ceil(wait) };
        await tx.query(
          `INSERT INTO login_failures (key, scope, failures, last_failure_at)
           SELECT k, s, 1, now() FROM unnest($1::bytea[], $2::text[]) AS t (k, s)
           ON CONFLICT (key) DO UPDATE SET
             failures = CASE WHEN login_failures.last_failure_at > now() - make_interval(secs => $3) THEN login_failures.failures + 1 ELSE 1 END,
             last_failure_at = now()`,
          [scoped.map(([, k]) => k), scoped.map(([s]) => s), FORGET_AFTER_SECONDS],
        );
        return { ticket: { keys } };
      });
    },

    /**
     * A new password made from a reset link (so by whoever reads the account's mail): the failures the owner ran up
     * before asking for it must not keep them waiting with the new one. The counts of the account with the address
     * the link was opened from, and with each browser the account has signed in from (`knownBrowsers`: their device
     * hashes), start again. The account's own count and the address's count across accounts stay: they say someone
     * else may be guessing, and a client that has not been failing is never slowed by them anyway.
     */
    async passwordReset({ email, ip, knownBrowsers }: { email: string; ip: string; knownBrowsers: readonly Buffer[] }): Promise<void> {
      const key = await loadSecret();
      const account = email.trim().toLowerCase();
      const pairs = [`address:${clientAddress(ip)}`, ...knownBrowsers.map((hash) => `browser:${hash.toString('hex')}`)].map((client) =>
        keyOf(key, 'pair', account, client),
      );
      await pool.query('DELETE FROM login_failures WHERE key = ANY ($1::bytea[])', [pairs]);
    },

    /**
     * The password was right: the client's and the account's counts start again; the address keeps its other
     * failures (someone who holds one good password among many guesses must not wipe the slate with it).
     */
    async succeeded({ keys }: AttemptTicket): Promise<void> {
      await pool.query('DELETE FROM login_failures WHERE key = ANY ($1::bytea[])', [[keys.pair, keys.account]]);
      if (keys.address) {
        await pool.query('UPDATE login_failures SET failures = failures - 1 WHERE key = $1', [keys.address]);
        await pool.query('DELETE FROM login_failures WHERE key = $1 AND failures <= 0', [keys.address]);
      }
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
