// Random tokens and what we store of them: only a SHA-256, so a leaked table opens no session or link.
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest();

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum).
export const hashPassword = (password: string) => hash(password);

// A hash of nothing anyone knows: verified when the account does not exist, so both paths take as long.
const DECOY = hash(newToken());

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await DECOY, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
