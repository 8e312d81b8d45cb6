// The unsubscribe-and-forget link of every lead mail: a token per lead address — the address's subject hash and
// a MAC of it under the database's secret — so the link names no address and cannot be made for another one.
// It does not expire: a person may want to leave years later.
import { timingSafeEqual } from 'node:crypto';
import type { Keyring } from '../../../events/store/keyring';

const PURPOSE = 'forget-lead';
const SUBJECT_HASH = /^[0-9a-f]{64}$/;

export async function forgetToken(keyring: Pick<Keyring, 'mac'>, subject: string): Promise<string> {
  return `${subject.slice('lead:'.length)}.${(await keyring.mac(PURPOSE, subject)).slice(0, 32)}`;
}

/** The lead subject a token names, or undefined when it is not one of ours. */
export async function subjectOfToken(keyring: Pick<Keyring, 'mac'>, token: string): Promise<string | undefined> {
  const [hash, mac] = token.split('.');
  if (!hash || !mac || !SUBJECT_HASH.test(hash)) return undefined;
  const subject = `lead:${hash}`;
  const expected = Buffer.from((await keyring.mac(PURPOSE, subject)).slice(0, 32));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? subject : undefined;
}

export const forgetPageLink = (publicUrl: string, token: string) => new URL(`/olvidar?token=${encodeURIComponent(token)}`, publicUrl).toString();
