// The newsletter's unsubscribe links (RFC 8058 one-click, decision 0019): one token per subscriber — the visitor
// stream's 128-bit id and an HMAC-SHA256 of it under a random key kept in the database — so the link names no
// address, cannot be made for another one, and needs no table of issued tokens. It does not expire: a person may
// want to leave from a letter read years later, and the token only ever lets its owner leave (or come back).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../../events/store/types';

const PURPOSE = 'newsletter-unsubscribe';
const STREAM = /^visitor-([0-9a-f]{32})$/;
const TOKEN = /^([\w-]{22})\.([\w-]{43})$/;

const mac = (secret: Buffer, streamId: string) => createHmac('sha256', secret).update(`${PURPOSE}\u0000${streamId}`).digest();

/** The subscriber's token: `<stream id, base64url>.<HMAC, base64url>`. Only visitor streams have one. */
export function unsubscribeToken(secret: Buffer, streamId: string): string {
  const hex = STREAM.exec(streamId)?.[1];
  if (!hex) throw new Error('an unsubscribe token names a visitor stream');
  return `${Buffer.from(hex, 'hex').toString('base64url')}.${mac(secret, streamId).toString('base64url')}`;
}

/** The visitor stream a token names, or null when it is not one of ours (compared in constant time). */
export function readUnsubscribeToken(secret: Buffer, token: string): string | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const id = Buffer.from(parts[1]!, 'base64url');
  const given = Buffer.from(parts[2]!, 'base64url');
  if (id.length !== 16 || given.length !== 32) return null;
  const streamId = `visitor-${id.toString('hex')}`;
  return timingSafeEqual(given, mac(secret, streamId)) ? streamId : null;
}

// Made once per database and kept in it (every process signs and checks with the same key); read once per pool.
const secrets = new WeakMap<Queryable, Promise<Buffer>>();

export function loadUnsubscribeSecret(pool: Queryable): Promise<Buffer> {
  let secret = secrets.get(pool);
  if (!secret) {
    secret = (async () => {
      await pool.query('INSERT INTO newsletter_unsubscribe_key (key) VALUES ($1) ON CONFLICT DO NOTHING', [randomBytes(32)]);
      const { rows } = await pool.query<{ key: Buffer }>('SELECT key FROM newsletter_unsubscribe_key');
      return rows[0]!.key;
    })();
    secret.catch(() => secrets.delete(pool));
    secrets.set(pool, secret);
  }
  return secret;
}

/** The page that asks for one click (a GET never unsubscribes: link scanners open links); without a token, as a test mail shows it. */
export const unsubscribePage = (publicUrl: string) => new URL('/newsletter/baja', publicUrl).toString();

/** A subscriber's own link to that page. */
export const unsubscribeUrl = (publicUrl: string, token: string) => `${unsubscribePage(publicUrl)}?token=${encodeURIComponent(token)}`;

/** The RFC 8058 endpoint a mail provider POSTs `List-Unsubscribe=One-Click` to. */
export const oneClickUrl = (publicUrl: string, token: string) =>
  new URL(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl).toString();

/**
 * RFC 8058 §3.1: List-Unsubscribe holds exactly one HTTPS URI — the one-click endpoint — and may add only non-HTTP
 * ones (we receive no mail, so no mailto:). The page is therefore not in the header: it is the mail's footer link,
 * and a client that opens the header's URI instead of POSTing to it is sent there (GET on the endpoint redirects).
 */
export function listUnsubscribeHeaders(oneClick: string, pageUrl: string): Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string> {
  if (new URL(oneClick).origin !== new URL(pageUrl).origin) throw new Error('the unsubscribe endpoint and page belong to one site');
  return { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
