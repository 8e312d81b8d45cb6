import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { visitorStreamId } from '../../../events/leads/leads';
import { listUnsubscribeHeaders, oneClickUrl, readUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from './unsubscribe';

const secret = randomBytes(32);
const stream = visitorStreamId('ana@example.com');

describe('unsubscribe tokens', () => {
  it('name the subscriber stream and read back to it', () => {
    const token = unsubscribeToken(secret, stream);
    expect(token).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(readUnsubscribeToken(secret, token)).toBe(stream);
  });

  it('are one per subscriber: the same every time, another for another address, and never hold the address', () => {
    const token = unsubscribeToken(secret, stream);
    expect(unsubscribeToken(secret, stream)).toBe(token);
    expect(unsubscribeToken(secret, visitorStreamId('bea@example.com'))).not.toBe(token);
    expect(token).not.toContain('ana');
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString('latin1')).not.toContain('@');
  });

  it('refuse a forged, altered, truncated or foreign token', () => {
    const token = unsubscribeToken(secret, stream);
    const [id, mac] = token.split('.') as [string, string];
    const other = unsubscribeToken(secret, visitorStreamId('bea@example.com'));
    expect(readUnsubscribeToken(secret, `${other.split('.')[0]}.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(readUnsubscribeToken(secret, token.slice(0, -2))).toBeNull();
    expect(readUnsubscribeToken(randomBytes(32), token)).toBeNull();
    expect(readUnsubscribeToken(secret, '')).toBeNull();
    expect(readUnsubscribeToken(secret, 'x'.repeat(500))).toBeNull();
  });

  it('only exist for visitor streams', () => {
    expect(() => unsubscribeToken(secret, 'user-1')).toThrow();
  });
});

describe('unsubscribe links and headers', () => {
  const token = unsubscribeToken(secret, stream);

  it('point at the page and at the one-click endpoint of the site', () => {
    expect(unsubscribeUrl('https://manifiesta.example', token)).toBe(`https://manifiesta.example/newsletter/baja?token=${token}`);
    expect(oneClickUrl('https://manifiesta.example/', token)).toBe(`https://manifiesta.example/api/newsletter/unsubscribe?token=${token}`);
  });

  it('carry exactly one HTTPS URI and the one-click post (RFC 8058)', () => {
    const oneClick = oneClickUrl('https://manifiesta.example', token);
    expect(listUnsubscribeHeaders(oneClick, unsubscribeUrl('https://manifiesta.example', token))).toEqual({
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
