import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_LENGTH, redirectParam, safeRedirectPath } from './redirect';

describe('safeRedirectPath: a path of this site, or nothing', () => {
  it.each([
    '/cursos/manifiesta',
    '/cursos/manifiesta/12-areas-balance',
    '/confirmacion-pago?product_id=manifiesta-curso-completo&payment_id=123&status=approved',
    '/newsletter#ultimo',
    '/newsletter/dean/2025-07-01-el-arte-de-soltar',
    '/',
    // A percent-escape that stays a letter of the path once decoded.
    '/cursos/manifiesta/canci%C3%B3n',
  ])('keeps %s', (path) => expect(safeRedirectPath(path)).toBe(path));

  // Open-redirect payloads: each would leave the site (or smuggle something) in some browser or decoder.
  it.each([
    ['another host', '//evil.com'],
    ['another host, three slashes', '///evil.com'],
    ['another host with a backslash', '/\\evil.com'],
    ['a backslash further on', '/cursos\\..\\..\\evil.com'],
    ['a tab browsers drop', '/\t/evil.com'],
    ['a newline browsers drop', '/\n/evil.com'],
    ['a carriage return (header splitting)', '/menu\r\nSet-Cookie: x=1'],
    ['a space', '/ /evil.com'],
    ['a no-break space', '/\u00a0/evil.com'],
    ['a right-to-left override', '/menu\u202e'],
    ['a zero-width space', '/\u200b/evil.com'],
    ['an absolute URL', 'https://evil.com/menu'],
    ['a protocol-relative URL with credentials', '//user@evil.com'],
    ['a scheme', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'menu'],
    ['a leading space', ' /menu'],
    ['an encoded slash that makes //', '/%2F%2Fevil.com'],
    ['an encoded slash, lower case', '/%2f%2fevil.com'],
    ['an encoded backslash', '/%5Cevil.com'],
    ['a doubly encoded slash', '/%252F%252Fevil.com'],
    ['a triply encoded backslash', '/%25255Cevil.com'],
    ['an encoded tab', '/%09/evil.com'],
    ['an encoded newline', '/menu%0d%0aSet-Cookie:x'],
    ['an encoded NUL', '/menu%00'],
    ['a malformed escape', '/menu%E0%A4%A'],
    ['a dot segment', '/cursos/../../evil'],
    ['an encoded dot segment', '/cursos/%2e%2e/%2e%2e/evil'],
    ['a trailing dot segment', '/cursos/..'],
    ['the login page itself', '/login?redirect=/menu'],
    ['the signup page', '/signup'],
    ['the signup page with a trailing slash', '/signup/'],
    ['the verification page', '/verify-email?token=abc'],
    ['something too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
    ['an empty string', ''],
    ['nothing', null],
    ['undefined', undefined],
    ['not a string', { pathname: '/menu' }],
    ['a number', 42],
  ])('refuses %s', (_, value) => expect(safeRedirectPath(value)).toBeNull());
});

describe('redirectParam', () => {
  it("keeps '/' readable, encodes the rest, and reads back as the same path", () => {
    expect(redirectParam('/cursos/manifiesta/12-areas-balance')).toBe('redirect=/cursos/manifiesta/12-areas-balance');
    const param = redirectParam('/confirmacion-pago?x=1&y=2#z');
    expect(param).toBe('redirect=/confirmacion-pago%3Fx%3D1%26y%3D2%23z');
    expect(new URLSearchParams(param).get('redirect')).toBe('/confirmacion-pago?x=1&y=2#z');
  });
});
